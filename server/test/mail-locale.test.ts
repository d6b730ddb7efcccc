// An account's mails go out in the account's language (Customer.locale), whoever asks and in
// whatever language: the language the owner last stated on a page (registration, sign-in, profile,
// password change, reset, activation), where a page states one by the `lang` cookie the language
// switch writes, else the browser's Accept-Language. A request that states none (a script) leaves
// it as it is. Mails to an address without an account (the welcome of a new registration) are in
// the request's language; zh-CN readers get English, as on the rest of the store.
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCustomer } from "../src/seed/factories.ts";
import { cookieFrom, createTestApp, json, type TestApp } from "./helpers.ts";
import { catalogueVariants, variantGid } from "./support-data.ts";
import { GENEROUS_LIMITS, linkFromOutbox } from "./support-security.ts";

let t: TestApp;
let serial = 0;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const freshEmail = () => `locale-${process.pid}-${serial++}@example.com`;
const lastMail = (to: string, kind: string) =>
  t.db.emailOutbox.findFirstOrThrow({ where: { to, kind }, orderBy: { id: "desc" } });

/** A recover request from its own address (the per-IP limit), with the given headers. */
async function recoverWith(email: string, headers: Record<string, string>) {
  const res = await t.api("POST", "/api/account/recover", {
    body: { email },
    headers,
    ip: `10.9.0.${serial}`,
  });
  expect(res.statusCode).toBe(200);
  return lastMail(email, "password-reset");
}

/** A customer whose account's language is `locale`. */
async function customerIn(locale: "en-US" | "ja-JP", names: { firstName?: string; lastName?: string } = {}) {
  const email = freshEmail();
  const c = await createCustomer(t.db, { email, ...names });
  await t.db.customer.update({ where: { id: c.id }, data: { locale } });
  return email;
}

describe("the reset mail of a recover request", () => {
  it("is Japanese for an account kept in Japanese, whatever language the request states, or none", async () => {
    const email = await customerIn("ja-JP", { firstName: "花子", lastName: "佐藤" });
    const mail = await recoverWith(email, {});
    expect(mail.subject).toBe("Velaのパスワード再設定");
    expect(mail.text).toMatch(/^こんにちは、佐藤 花子 様\n\n/);
    expect(mail.text).toContain("下のリンクは1回だけ、24時間有効です。");
    expect(mail.text).toMatch(/パスワードを再設定する: https:\/\/store\.vela\.test\/account\/reset\?/);
    expect(mail.html).toContain('<html lang="ja">');
  });

  it("is the account's language, not the asker's: anyone may type an address", async () => {
    const variants: Record<string, string>[] = [
      { cookie: "lang=en-US" },
      { cookie: "lang=zh-CN" },
      { "accept-language": "en-US" },
    ];
    for (const headers of variants) {
      const email = await customerIn("ja-JP");
      expect((await recoverWith(email, headers)).subject).toBe("Velaのパスワード再設定");
    }
    const stated: Record<string, string>[] = [{}, { cookie: "lang=ja-JP" }, { "accept-language": "ja" }];
    for (const headers of stated) {
      const email = await customerIn("en-US", { firstName: "Ada" });
      const mail = await recoverWith(email, headers);
      expect(mail.subject).toBe("Reset your Vela password");
      expect(mail.text).toMatch(/^Hi Ada,\n\n/);
    }
  });
});

describe("the mails of the owner's own steps follow the language of the page they took them on", () => {
  it("register: the welcome and the already-registered mail", async () => {
    const email = freshEmail();
    const body = { firstName: "太郎", lastName: "山田", email, password: "a-good-password" };
    const headers = { cookie: "lang=ja-JP" };
    expect((await t.api("POST", "/api/account/register", { body, headers, ip: "10.9.1.1" })).statusCode).toBe(
      200,
    );
    expect((await lastMail(email, "welcome")).subject).toBe("Velaへようこそ");
    await t.api("POST", "/api/account/register", { body, headers, ip: "10.9.1.2" });
    expect((await lastMail(email, "already-registered")).subject).toBe(
      "Velaアカウントはすでに登録されています",
    );
  });

  it("a password change, and the email-change mails to both addresses", async () => {
    const email = freshEmail();
    await createCustomer(t.db, { email, firstName: "花子", password: "old-password-1" });
    const changed = await t.api("POST", "/api/account/password", {
      cookie: `${await t.login(email, "old-password-1")}; lang=ja-JP`,
      body: { currentPassword: "old-password-1", newPassword: "new-password-22" },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await lastMail(email, "password-changed")).subject).toBe("Velaのパスワードが変更されました");
    // The password change gave the browser a new session token.
    const cookie = `${cookieFrom(changed)}; lang=ja-JP`;

    const newEmail = freshEmail();
    const res = await t.api("PUT", "/api/account/profile", {
      cookie,
      body: {
        firstName: "花子",
        lastName: "山田",
        email: newEmail,
        phone: null,
        acceptsMarketing: false,
        currentPassword: "new-password-22",
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await lastMail(newEmail, "email-change-confirm")).subject).toBe(
      "Velaの新しいログイン用メールアドレスの確認",
    );
    const notice = await lastMail(email, "email-change-requested");
    expect(notice.subject).toBe("Velaのログイン用メールアドレスの変更が依頼されました");
    expect(notice.text).toContain(`“${newEmail}”`);
    expect(json(res)).toHaveProperty("customer");
  });
});

describe("the language kept on the customer", () => {
  it("is the registration's, and the notice to an owner who did not ask for it goes in it", async () => {
    const email = freshEmail();
    const body = { firstName: "花子", lastName: "佐藤", email, password: "a-good-password" };
    await t.api("POST", "/api/account/register", { body, headers: { cookie: "lang=ja-JP" }, ip: "10.9.2.1" });
    expect((await t.db.customer.findUniqueOrThrow({ where: { email } })).locale).toBe("ja-JP");
    // Someone else types the address on an English page: the owner still reads Japanese.
    await t.api("POST", "/api/account/register", {
      body: { ...body, firstName: "Mallory" },
      headers: { cookie: "lang=en-US" },
      ip: "10.9.2.2",
    });
    const notice = await lastMail(email, "already-registered");
    expect(notice.subject).toBe("Velaアカウントはすでに登録されています");
    expect(notice.text).toContain("花子");
  });

  it("follows the language the customer signs in with, and is written only when it changed", async () => {
    const email = freshEmail();
    await createCustomer(t.db, { email, password: "a-good-password" });
    const signIn = (lang: string) =>
      t.api("POST", "/api/account/login", {
        body: { email, password: "a-good-password" },
        headers: { cookie: `lang=${lang}` },
        ip: "10.9.3.1",
      });
    expect((await signIn("ja-JP")).statusCode).toBe(200);
    const afterJa = await t.db.customer.findUniqueOrThrow({ where: { email } });
    expect(afterJa.locale).toBe("ja-JP");
    expect((await signIn("ja-JP")).statusCode).toBe(200);
    expect((await t.db.customer.findUniqueOrThrow({ where: { email } })).updatedAt).toEqual(
      afterJa.updatedAt,
    );
    // A sign-in that states no language (a script) leaves the account's language alone.
    const bare = await t.api("POST", "/api/account/login", {
      body: { email, password: "a-good-password" },
      ip: "10.9.3.1",
    });
    expect(bare.statusCode).toBe(200);
    expect((await t.db.customer.findUniqueOrThrow({ where: { email } })).locale).toBe("ja-JP");
    expect((await signIn("zh-CN")).statusCode).toBe(200);
    expect((await t.db.customer.findUniqueOrThrow({ where: { email } })).locale).toBe("en-US");
  });

  it("is the browser's preferred language at registration when no language was chosen", async () => {
    const email = freshEmail();
    await t.api("POST", "/api/account/register", {
      body: { firstName: "太郎", lastName: "山田", email, password: "a-good-password" },
      headers: { "accept-language": "ja" },
      ip: "10.9.4.1",
    });
    expect((await t.db.customer.findUniqueOrThrow({ where: { email } })).locale).toBe("ja-JP");
  });
});

describe("an account's mails are in the account's language (delivered by SMTP)", () => {
  const received: { to: string; subject: string }[] = [];
  let smtp: SMTPServer;
  let app: TestApp;
  const CARD = { number: "4242 4242 4242 4242", expiry: "12/40", cvc: "123" };
  const ADDRESS = {
    firstName: "花子",
    lastName: "佐藤",
    address1: "1-2-3 Shibuya",
    city: "Shibuya",
    province: "Tokyo",
    country: "Japan",
    zip: "150-0002",
  };
  let variant = 0;
  let serialKey = 0;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onData(stream, session, callback) {
        let data = "";
        stream.on("data", (c: Buffer) => {
          data += c.toString("utf8");
        });
        stream.on("end", () => {
          for (const r of session.envelope.rcptTo) received.push({ to: r.address, subject: subjectOf(data) });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    app = await createTestApp({
      rateLimits: GENEROUS_LIMITS,
      env: { SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true` },
    });
    variant = (await catalogueVariants(app)).available[0] as number;
    await app.db.productVariant.update({ where: { id: variant }, data: { inventory: 1000 } });
  });
  afterAll(async () => {
    await app.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  /** The Subject header, its MIME encoded-words (RFC 2047) decoded. */
  function subjectOf(data: string): string {
    const header = data.split(/\r?\n\r?\n/)[0] ?? "";
    const line = /^Subject:(.*(?:\r?\n[ \t].*)*)/im.exec(header)?.[1] ?? "";
    const unfolded = line.replace(/\r?\n[ \t]/g, " ").trim();
    const bytes: number[] = [];
    let text = "";
    const flush = () => {
      text += Buffer.from(bytes.splice(0)).toString("utf8");
    };
    for (const part of unfolded.split(/(=\?[^?]+\?[BbQq]\?[^?]*\?=)/)) {
      const m = /^=\?[^?]+\?([BbQq])\?([^?]*)\?=$/.exec(part);
      if (m) {
        const [, enc = "", body = ""] = m;
        const buf =
          enc.toUpperCase() === "B"
            ? Buffer.from(body, "base64")
            : Buffer.from(
                body
                  .replace(/_/g, " ")
                  .replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
                "latin1",
              );
        bytes.push(...buf);
      } else if (part.trim() !== "" || bytes.length === 0) {
        flush();
        text += part;
      }
    }
    flush();
    return text.trim();
  }

  /** Waits until SMTP has delivered a mail to `to` with `subject`. */
  async function delivered(to: string, subject: string): Promise<void> {
    app.deps.mailer.kick();
    const deadline = Date.now() + 10_000;
    while (!received.some((m) => m.to === to && m.subject === subject) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(
      received.filter((m) => m.to === to).map((m) => m.subject),
      `${to} was sent “${subject}”`,
    ).toContain(subject);
  }

  /** A guest's paid order for `email`, placed on a page in `language`; its id and offer key. */
  async function guestOrder(email: string, language: "en-US" | "ja-JP") {
    const cartId = json<{ cart: { id: string } }>(await app.api("POST", "/api/cart")).cart.id;
    await app.api("POST", `/api/cart/${cartId}`, {
      body: { items: [{ merchandiseId: variantGid(variant), quantity: 1 }] },
    });
    const q = await app.api("POST", "/api/checkout/quote", {
      body: { cartId, email, address: ADDRESS, language },
    });
    const res = await app.api("POST", "/api/checkout/orders", {
      body: {
        cartId,
        email,
        language,
        address: ADDRESS,
        card: CARD,
        idempotencyKey: `locale-${process.pid}-${Date.now()}-${serialKey++}`,
        expectedTotal: json<{ quote: { totalMinor: number } }>(q).quote.totalMinor,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = json<{ order: { id: string } }>(res).order.id.split("/").at(-1) ?? "";
    const access = res.cookies.find((c) => c.name === "vela_order_access");
    const page = await app.api("GET", `/api/checkout/orders/${id}`, {
      cookie: `vela_order_access=${access?.value}`,
    });
    const key = json<{ order: { accountOfferKey: string } }>(page).order.accountOfferKey;
    return { id, key };
  }

  async function offer(email: string, language: "en-US" | "ja-JP") {
    const { id, key } = await guestOrder(email, language);
    const res = await app.api("POST", "/api/checkout/account-offer", {
      body: { orderId: id, key },
      headers: { cookie: "lang=en-US" },
    });
    expect(res.statusCode).toBe(200);
  }

  it("a customer who registered in Japanese gets every account mail in Japanese, from requests that state no language", async () => {
    const email = `smtp-ja-${process.pid}-${serial++}@example.com`;
    const password = "a-good-password";
    const reg = await app.api("POST", "/api/account/register", {
      body: { firstName: "花子", lastName: "佐藤", email, password },
      headers: { cookie: "lang=ja-JP" },
    });
    expect(reg.statusCode).toBe(200);
    await delivered(email, "Velaへようこそ");
    const customer = () => app.db.customer.findUniqueOrThrow({ where: { email } });
    expect((await customer()).locale).toBe("ja-JP");

    // Password reset, asked for and followed with no language.
    expect((await app.api("POST", "/api/account/recover", { body: { email } })).statusCode).toBe(200);
    await delivered(email, "Velaのパスワード再設定");
    const link = await linkFromOutbox(app.db, email, "password-reset");
    const reset = await app.api("POST", "/api/account/reset", {
      body: {
        customerId: link.customerId,
        resetToken: link.token,
        syclid: null,
        password: "second-password",
      },
    });
    expect(reset.statusCode).toBe(200);
    await delivered(email, "Velaのパスワードが変更されました");
    expect((await customer()).locale).toBe("ja-JP");

    // Signing in and changing the password with no language.
    const signIn = await app.api("POST", "/api/account/login", {
      body: { email, password: "second-password" },
    });
    expect(signIn.statusCode).toBe(200);
    expect((await customer()).locale).toBe("ja-JP");
    const changed = await app.api("POST", "/api/account/password", {
      cookie: cookieFrom(signIn),
      body: { currentPassword: "second-password", newPassword: "third-password" },
    });
    expect(changed.statusCode).toBe(200);
    expect(
      await app.db.emailOutbox.count({
        where: { to: email, kind: "password-changed", subject: "Velaのパスワードが変更されました" },
      }),
    ).toBe(2);

    // Someone types the address on an English page: the notice is in Japanese.
    await app.api("POST", "/api/account/register", {
      body: { firstName: "Mallory", lastName: "X", email, password: "whatever-password" },
      headers: { cookie: "lang=en-US" },
    });
    await delivered(email, "Velaアカウントはすでに登録されています");

    // A guest order in English with the address: the claim link is in the account's language.
    await offer(email, "en-US");
    await delivered(email, "ご注文をVelaアカウントに追加する");

    // The email change, asked for and confirmed with no language: all three mails in Japanese.
    const newEmail = `smtp-ja-new-${process.pid}-${serial++}@example.com`;
    const profile = await app.api("PUT", "/api/account/profile", {
      cookie: cookieFrom(changed),
      body: {
        firstName: "花子",
        lastName: "佐藤",
        email: newEmail,
        phone: null,
        acceptsMarketing: false,
        currentPassword: "third-password",
      },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    expect((await customer()).locale).toBe("ja-JP");
    await delivered(newEmail, "Velaの新しいログイン用メールアドレスの確認");
    await delivered(email, "Velaのログイン用メールアドレスの変更が依頼されました");
    const confirm = await app.db.emailOutbox.findFirstOrThrow({
      where: { to: newEmail, kind: "email-change-confirm" },
    });
    const token = /email-change\?token=([A-Za-z0-9_-]{43})/.exec(confirm.text)?.[1];
    const confirmed = await app.api("POST", "/api/account/email-change/confirm", { body: { token } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const changedNotice = await app.db.emailOutbox.findFirstOrThrow({
      where: { to: email, kind: "email-changed" },
    });
    await delivered(email, changedNotice.subject);
    expect(changedNotice.html).toContain('<html lang="ja">');
  });

  it("an invited customer asked again gets the activation in the account's language, not the new order's", async () => {
    const email = `smtp-invite-${process.pid}-${serial++}@example.com`;
    await offer(email, "ja-JP");
    await delivered(email, "Velaアカウントの有効化");
    expect((await app.db.customer.findUniqueOrThrow({ where: { email } })).locale).toBe("ja-JP");
    await offer(email, "en-US");
    const activations = await app.db.emailOutbox.findMany({
      where: { to: email, kind: "account-activation" },
      select: { subject: true },
    });
    expect(activations.map((m) => m.subject)).toEqual(["Velaアカウントの有効化", "Velaアカウントの有効化"]);
    // Both went out by SMTP in Japanese; none in English.
    const activationsSent = () =>
      received.filter((m) => m.to === email && /有効化|Activate/.test(m.subject)).map((m) => m.subject);
    app.deps.mailer.kick();
    const deadline = Date.now() + 10_000;
    while (activationsSent().length < 2 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(activationsSent()).toEqual(["Velaアカウントの有効化", "Velaアカウントの有効化"]);
  });
});
