import {
  BRAND,
  CONTACT_DEPARTMENTS,
  CONTACT_RATE_LIMIT,
  JP_SUPPORT,
  MESSAGES,
  STOREFRONT_MESSAGES,
  TEXT_FIELD_MESSAGES,
} from "@vela/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, json, type TestApp } from "./helpers.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let ipSerial = 0;
const freshIp = () => `10.9.0.${++ipSerial}`;
const MESSAGE = {
  name: "Ann Lee",
  email: "Ann@Example.com",
  orderNumber: "#1042",
  topic: "order",
  message: "My order has not arrived yet. Could you check it?",
};
const send = (body: unknown, ip = freshIp()) => t.api("POST", "/api/contact", { body, ip });

describe("POST /api/contact", () => {
  it("stores the message, mails the department through the outbox, and confirms", async () => {
    const res = await send(MESSAGE);
    expect(res.statusCode).toBe(200);
    const body = json<{ ok: boolean; message: string; reference: string }>(res);
    expect(body).toEqual({
      ok: true,
      message: STOREFRONT_MESSAGES.contactSent,
      reference: expect.stringMatching(/^C-\d+$/),
    });
    const id = Number(body.reference.slice(2));
    const row = await t.db.contactMessage.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({
      name: "Ann Lee",
      email: "ann@example.com",
      orderNumber: "1042",
      topic: "order",
      department: "support",
      mailbox: `support@${BRAND.domain}`,
      locale: "en-US",
    });
    const mail = await t.db.emailOutbox.findFirstOrThrow({
      where: { subject: { startsWith: `[Contact #${id}]` } },
    });
    expect(mail).toMatchObject({ to: `support@${BRAND.domain}`, kind: "contact-message" });
    // Support answers the sender by replying to the mail.
    expect(mail.replyTo).toBe("ann@example.com");
    expect(mail.text).toContain("From: “Ann Lee” <ann@example.com>");
    expect(mail.text).toContain("Order number: 1042");
    expect(mail.text).toContain(`> ${MESSAGE.message}`);
  });

  it("routes each topic to its department mailbox (§1)", async () => {
    const expected: Record<string, string> = {
      order: "support",
      product: "support",
      media: "media",
      creators: "creators",
      partnerships: "partnerships",
      channel: "channel",
      careers: "careers",
      other: "support",
    };
    for (const [topic, department] of Object.entries(expected)) {
      const res = await send({ ...MESSAGE, topic });
      const id = Number(json<{ reference: string }>(res).reference.slice(2));
      const mail = await t.db.emailOutbox.findFirstOrThrow({
        where: { subject: { startsWith: `[Contact #${id}]` } },
      });
      const box = CONTACT_DEPARTMENTS.find((d) => d.id === department)?.mailbox;
      expect(mail.to, topic).toBe(box);
    }
  });

  it("sends Japanese messages to the single Japanese support mailbox", async () => {
    const res = await send({
      ...MESSAGE,
      topic: "media",
      locale: "ja-JP",
      message: "注文について質問があります。",
    });
    const id = Number(json<{ reference: string }>(res).reference.slice(2));
    const row = await t.db.contactMessage.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ department: "support-jp", mailbox: JP_SUPPORT.mailbox, locale: "ja-JP" });
    const mail = await t.db.emailOutbox.findFirstOrThrow({
      where: { subject: { startsWith: `[Contact #${id}]` } },
    });
    expect(mail.to).toBe(`support-jp@${BRAND.domain}`);
  });

  it("escapes what the visitor wrote in the HTML part and keeps the subject on one line", async () => {
    const res = await send({
      ...MESSAGE,
      name: "Eve  <b>X</b>",
      message: "<script>alert(1)</script> please",
    });
    const id = Number(json<{ reference: string }>(res).reference.slice(2));
    const mail = await t.db.emailOutbox.findFirstOrThrow({
      where: { subject: { startsWith: `[Contact #${id}]` } },
    });
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&lt;script&gt;");
    expect(mail.subject).not.toMatch(/[\r\n]/);
  });

  it("refuses invalid input with 400 and stores nothing", async () => {
    const before = await t.db.contactMessage.count();
    const cases: [Record<string, unknown>, string][] = [
      [{ name: " " }, STOREFRONT_MESSAGES.nameRequired],
      [{ email: "not-an-email" }, "Enter a valid email address"],
      [{ topic: "spam" }, STOREFRONT_MESSAGES.topicRequired],
      [{ message: "short" }, STOREFRONT_MESSAGES.messageTooShort],
      [{ message: "x".repeat(5001) }, STOREFRONT_MESSAGES.messageTooLong],
      [{ orderNumber: "12 34; drop" }, STOREFRONT_MESSAGES.orderNumberInvalid],
      // The store's order numbers are whole numbers from 1 up to ORDER_NUMBER_MAX ("#1042").
      [{ orderNumber: "abc" }, STOREFRONT_MESSAGES.orderNumberInvalid],
      [{ orderNumber: "A-1042" }, STOREFRONT_MESSAGES.orderNumberInvalid],
      [{ orderNumber: "0" }, STOREFRONT_MESSAGES.orderNumberInvalid],
      [{ orderNumber: "0042" }, STOREFRONT_MESSAGES.orderNumberInvalid],
      [{ orderNumber: "2000000001" }, STOREFRONT_MESSAGES.orderNumberInvalid],
      [{ name: "Eve\nBcc: evil@evil.test" }, TEXT_FIELD_MESSAGES.contactName],
      [{ message: "Please call me back\u0000\u202e soon." }, TEXT_FIELD_MESSAGES.contactMessage],
    ];
    for (const [bad, message] of cases) {
      const res = await send({ ...MESSAGE, ...bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(json<{ message: string }>(res).message).toContain(message);
    }
    expect((await send({ ...MESSAGE, admin: true })).statusCode).toBe(400);
    expect(await t.db.contactMessage.count()).toBe(before);
  });

  it("accepts a message without an order number", async () => {
    const { orderNumber: _, ...rest } = MESSAGE;
    const res = await send(rest);
    expect(res.statusCode).toBe(200);
  });

  it(`allows ${CONTACT_RATE_LIMIT.limit} messages an hour per IP, then answers 429 with Retry-After`, async () => {
    expect(CONTACT_RATE_LIMIT).toEqual({ limit: 5, windowSeconds: 3600 });
    const ip = freshIp();
    for (let i = 0; i < CONTACT_RATE_LIMIT.limit; i++) expect((await send(MESSAGE, ip)).statusCode).toBe(200);
    const before = await t.db.contactMessage.count();
    const refused = await send(MESSAGE, ip);
    expect(refused.statusCode).toBe(429);
    expect(json(refused).message).toBe(MESSAGES.tooManyRequests);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(await t.db.contactMessage.count()).toBe(before);
    expect((await send(MESSAGE, freshIp())).statusCode).toBe(200);
    t.clock.advance(CONTACT_RATE_LIMIT.windowSeconds * 1000);
    expect((await send(MESSAGE, ip)).statusCode).toBe(200);
  });

  it("refuses a cross-site form post (same-origin JSON rule)", async () => {
    const res = await t.api("POST", "/api/contact", {
      body: MESSAGE,
      headers: { origin: "https://evil.example" },
    });
    expect(res.statusCode).toBe(403);
  });
});
