import {
  BRAND,
  MESSAGES,
  NEWSLETTER_CONFIRM_TTL_SECONDS,
  NEWSLETTER_RATE_LIMIT_EMAIL,
  NEWSLETTER_RATE_LIMIT_IP,
  STOREFRONT_MESSAGES,
  SUBSCRIBE_DISCOUNT_PERCENT,
  WELCOME_CODE_VALID_DAYS,
} from "@vela/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newDiscountCode, unsubscribeToken } from "../src/modules/newsletter/service.ts";
import { createTestApp, json, PUBLIC_URL, type TestApp } from "./helpers.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let serial = 0;
const freshEmail = () => `reader-${process.pid}-${++serial}@example.com`;
const freshIp = () => `10.8.0.${++serial}`;

const mailsTo = (to: string) => t.db.emailOutbox.findMany({ where: { to }, orderBy: { id: "asc" } });
const linkIn = (text: string, path: string) => {
  const m = new RegExp(`${PUBLIC_URL.replace(/\./g, "\\.")}${path}\\?[^\\s]+`).exec(text);
  if (!m) throw new Error(`no ${path} link in ${text}`);
  return new URL(m[0]);
};

async function subscribeAndConfirm(email: string, locale?: string) {
  const res = await t.api("POST", "/api/newsletter/subscribe", {
    body: { email, ...(locale ? { locale } : {}) },
    ip: freshIp(),
  });
  expect(res.statusCode).toBe(200);
  const [confirm] = await mailsTo(email);
  const token = linkIn(confirm?.text ?? "", "/newsletter/confirm").searchParams.get("token");
  return { res, confirm, token: token ?? "" };
}

describe("newsletter (double opt-in)", () => {
  it("stores the address as pending and mails a confirmation link with an unsubscribe link", async () => {
    const email = freshEmail();
    const { res, confirm, token } = await subscribeAndConfirm(email);
    expect(json(res)).toEqual({ ok: true, message: STOREFRONT_MESSAGES.subscribeAnswer });
    const row = await t.db.newsletterSubscriber.findUniqueOrThrow({ where: { email } });
    expect(row.status).toBe("PENDING");
    expect(row.confirmTokenHash).not.toContain(token);
    expect(confirm?.kind).toBe("newsletter-confirm");
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const unsub = linkIn(confirm?.text ?? "", "/newsletter/unsubscribe");
    expect(unsub.searchParams.get("id")).toBe(String(row.id));
    // No code before confirmation.
    expect(await t.db.discountCode.count({ where: { subscriberId: row.id } })).toBe(0);
  });

  it("on confirmation mails one single-use 10% code that cannot be combined with other promo codes", async () => {
    const email = freshEmail();
    const { token } = await subscribeAndConfirm(email);
    const res = await t.api("POST", "/api/newsletter/confirm", { body: { token } });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ ok: true, alreadyConfirmed: false });
    const row = await t.db.newsletterSubscriber.findUniqueOrThrow({
      where: { email },
      include: { discountCodes: true },
    });
    expect(row.status).toBe("CONFIRMED");
    expect(row.discountCodes).toHaveLength(1);
    const code = row.discountCodes[0];
    expect(code).toMatchObject({ percentOff: 10, combinable: false, usageLimit: 1, usedCount: 0 });
    expect((code?.expiresAt?.getTime() ?? 0) - (code?.createdAt.getTime() ?? 0)).toBe(90 * 86_400_000);
    expect(SUBSCRIBE_DISCOUNT_PERCENT).toBe(10);
    const mails = await mailsTo(email);
    const welcome = mails.find((m) => m.kind === "newsletter-welcome-code");
    expect(welcome?.subject).toBe("Your 10% code for your next order");
    expect(welcome?.text).toContain(`Your code for 10% off your next order: ${code?.code}`);
    expect(welcome?.text).toContain(
      "The code can be used once and cannot be combined with other promo codes.",
    );
    expect(welcome?.text).toContain("/newsletter/unsubscribe?id=");

    // Clicking the link again changes nothing and sends nothing.
    const again = await t.api("POST", "/api/newsletter/confirm", { body: { token } });
    expect(json(again)).toEqual({ ok: true, alreadyConfirmed: true });
    expect(await mailsTo(email)).toHaveLength(mails.length);
  });

  it("changes nothing when the emailed links are only opened (a mail scanner's GET or HEAD)", async () => {
    const email = freshEmail();
    const { confirm, token } = await subscribeAndConfirm(email);
    const confirmUrl = linkIn(confirm?.text ?? "", "/newsletter/confirm");
    const unsubscribeUrl = linkIn(confirm?.text ?? "", "/newsletter/unsubscribe");
    for (const url of [confirmUrl, unsubscribeUrl]) {
      const target = `${url.pathname}${url.search}`;
      for (const method of ["GET", "HEAD"] as const) {
        const res = await t.app.inject({ method, url: target, headers: { host: "store.vela.test" } });
        expect(res.statusCode).toBeLessThan(500);
        // Nor the API path, should a scanner guess it.
        const api = await t.app.inject({ method, url: `/api${target}` });
        expect(api.statusCode).toBe(404);
      }
    }
    await t.app.deps.background.idle();
    const row = await t.db.newsletterSubscriber.findUniqueOrThrow({
      where: { email },
      include: { discountCodes: true },
    });
    expect(row).toMatchObject({ status: "PENDING", confirmedAt: null, unsubscribedAt: null });
    expect(row.discountCodes).toEqual([]);
    expect((await mailsTo(email)).map((m) => m.kind)).toEqual(["newsletter-confirm"]);
    // The page's button posts the token: that confirms.
    const res = await t.api("POST", "/api/newsletter/confirm", { body: { token } });
    expect(json(res)).toEqual({ ok: true, alreadyConfirmed: false });
  });

  it("writes to a Japanese subscriber in Japanese", async () => {
    const email = freshEmail();
    const { confirm, token } = await subscribeAndConfirm(email, "ja-JP");
    expect(confirm?.subject).toBe(`${BRAND.name}ニュースレターの登録確認`);
    await t.api("POST", "/api/newsletter/confirm", { body: { token } });
    const welcome = (await mailsTo(email)).find((m) => m.kind === "newsletter-welcome-code");
    expect(welcome?.text).toContain("他のプロモーションコードとの併用はできません");
  });

  it("refuses an unknown or expired confirmation token", async () => {
    const bad = await t.api("POST", "/api/newsletter/confirm", { body: { token: "nope" } });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).message).toBe(STOREFRONT_MESSAGES.confirmInvalid);
    const email = freshEmail();
    const { token } = await subscribeAndConfirm(email);
    t.clock.advance(NEWSLETTER_CONFIRM_TTL_SECONDS * 1000);
    const late = await t.api("POST", "/api/newsletter/confirm", { body: { token } });
    expect(late.statusCode).toBe(400);
    t.clock.advance(-NEWSLETTER_CONFIRM_TTL_SECONDS * 1000);
  });

  it("unsubscribes from the emailed link, and a new sign-up never earns a second code", async () => {
    const email = freshEmail();
    const { confirm, token } = await subscribeAndConfirm(email);
    await t.api("POST", "/api/newsletter/confirm", { body: { token } });
    const unsub = linkIn(confirm?.text ?? "", "/newsletter/unsubscribe");
    const body = { id: unsub.searchParams.get("id"), token: unsub.searchParams.get("token") };
    const res = await t.api("POST", "/api/newsletter/unsubscribe", { body });
    expect(res.statusCode).toBe(200);
    expect((await t.db.newsletterSubscriber.findUniqueOrThrow({ where: { email } })).status).toBe(
      "UNSUBSCRIBED",
    );
    expect((await t.api("POST", "/api/newsletter/unsubscribe", { body })).statusCode).toBe(200);

    const back = await t.api("POST", "/api/newsletter/subscribe", { body: { email }, ip: freshIp() });
    expect(back.statusCode).toBe(200);
    const latest = (await mailsTo(email)).filter((m) => m.kind === "newsletter-confirm").at(-1);
    const token2 = linkIn(latest?.text ?? "", "/newsletter/confirm").searchParams.get("token");
    await t.api("POST", "/api/newsletter/confirm", { body: { token: token2 } });
    const row = await t.db.newsletterSubscriber.findUniqueOrThrow({
      where: { email },
      include: { discountCodes: true },
    });
    expect(row.status).toBe("CONFIRMED");
    expect(row.discountCodes).toHaveLength(1);
  });

  it("refuses a forged unsubscribe token", async () => {
    const { confirm } = await subscribeAndConfirm(freshEmail());
    const unsub = linkIn(confirm?.text ?? "", "/newsletter/unsubscribe");
    const id = Number(unsub.searchParams.get("id"));
    const res = await t.api("POST", "/api/newsletter/unsubscribe", {
      body: { id, token: unsubscribeToken("another-secret-another-secret-another", id) },
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(STOREFRONT_MESSAGES.unsubscribeInvalid);
    const other = await t.api("POST", "/api/newsletter/unsubscribe", {
      body: { id: id + 1, token: unsub.searchParams.get("token") },
    });
    expect(other.statusCode).toBe(400);
  });

  it("answers a confirmed address exactly like a new one, and sends it nothing", async () => {
    const email = freshEmail();
    const { token } = await subscribeAndConfirm(email);
    await t.api("POST", "/api/newsletter/confirm", { body: { token } });
    const count = (await mailsTo(email)).length;
    const known = await t.api("POST", "/api/newsletter/subscribe", { body: { email }, ip: freshIp() });
    const fresh = await t.api("POST", "/api/newsletter/subscribe", {
      body: { email: freshEmail() },
      ip: freshIp(),
    });
    expect(known.body).toBe(fresh.body);
    expect(await mailsTo(email)).toHaveLength(count);
  });

  it("keeps its limits: 3 sign-ups an hour per address, 10 per IP, links valid 7 days, codes 90 days", () => {
    expect(NEWSLETTER_RATE_LIMIT_EMAIL).toEqual({ limit: 3, windowSeconds: 3600 });
    expect(NEWSLETTER_RATE_LIMIT_IP).toEqual({ limit: 10, windowSeconds: 3600 });
    expect(NEWSLETTER_CONFIRM_TTL_SECONDS).toBe(7 * 86_400);
    expect(WELCOME_CODE_VALID_DAYS).toBe(90);
  });

  it("validates the address and rate-limits per address", async () => {
    expect((await t.api("POST", "/api/newsletter/subscribe", { body: { email: "nope" } })).statusCode).toBe(
      400,
    );
    expect(
      (await t.api("POST", "/api/newsletter/subscribe", { body: { email: freshEmail(), x: 1 } })).statusCode,
    ).toBe(400);
    const email = freshEmail();
    for (let i = 0; i < NEWSLETTER_RATE_LIMIT_EMAIL.limit; i++) {
      expect(
        (await t.api("POST", "/api/newsletter/subscribe", { body: { email }, ip: freshIp() })).statusCode,
      ).toBe(200);
    }
    const refused = await t.api("POST", "/api/newsletter/subscribe", { body: { email }, ip: freshIp() });
    expect(refused.statusCode).toBe(429);
    expect(json(refused).message).toBe(MESSAGES.tooManyRequests);
  });

  it("makes codes like VELA10-XXXXXXXX", () => {
    expect(newDiscountCode()).toMatch(/^VELA10-[A-HJ-NP-Z2-9]{8}$/);
    expect(new Set(Array.from({ length: 50 }, newDiscountCode)).size).toBe(50);
  });
});
