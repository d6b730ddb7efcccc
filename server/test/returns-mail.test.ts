// Every step of a return mails the customer in the order's language, through the real SMTP path
// (the outbox's delivery loop, nodemailer, a local SMTP server): a Japanese guest order and an
// English account order, from the request to the refund, and a declined request.
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callerFor, createTestApp, type TestApp } from "./helpers.ts";
import { catalogueVariants, newCustomer } from "./support-data.ts";
import { placeOrder, returnLinkToken, ship, uniqueEmail } from "./support-returns.ts";
import { GENEROUS_LIMITS } from "./support-security.ts";
import { admin, createStaff, signInStaff } from "./support-staff.ts";

interface Received {
  to: string;
  subject: string;
  html: string;
}

const received: Received[] = [];
let smtp: SMTPServer;
let t: TestApp;
let variants: number[];
let staff: string;

/** RFC 2047 encoded words (`=?UTF-8?B?...?=`, `=?UTF-8?Q?...?=`) back to text. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=/gi, (_, enc: string, text: string) =>
      enc.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : Buffer.from(
            text
              .replace(/_/g, " ")
              .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
            "latin1",
          ).toString("utf8"),
    );
}

function parse(to: string, data: string): Received {
  const [head = "", ...rest] = data.split(/\r?\n\r?\n/);
  const unfolded = head.replace(/\r?\n[ \t]+/g, " ");
  const subject = decodeWords(/^Subject: (.*)$/im.exec(unfolded)?.[1] ?? "");
  // Quoted-printable soft breaks and =3D undone: enough to find the html element's lang.
  const html = rest
    .join("\n\n")
    .replace(/=\r?\n/g, "")
    .replace(/=3D/g, "=");
  return { to, subject, html };
}

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
        received.push(parse(session.envelope.rcptTo.map((r) => r.address).join(","), data));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  t = await createTestApp({
    rateLimits: GENEROUS_LIMITS,
    env: { SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true` },
  });
  variants = (await catalogueVariants(t)).available;
  await t.db.productVariant.updateMany({
    where: { id: { in: variants.slice(0, 2) } },
    data: { inventory: 10_000 },
  });
  staff = await signInStaff(t, await createStaff(t, "returns-mail-manager@vela.test", "manager"));
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

/** The subjects of the mails that arrived for `to`, once `count` of them have. */
async function subjectsFor(to: string, count: number): Promise<Received[]> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    t.deps.mailer.kick();
    const got = received.filter((m) => m.to === to);
    if (got.length >= count || Date.now() > deadline) return got;
    await new Promise((r) => setTimeout(r, 50));
  }
}

const act = (path: string, input: unknown) =>
  admin<{ return: { lines: { id: number }[] } }>(t, "mutation", path, input, { cookie: staff });

async function fullCourse(returnId: number) {
  const approved = await act("returns.approve", { returnId });
  expect(approved.status, approved.res.body).toBe(200);
  const lines = approved.data.return.lines.map((l) => ({ returnLineId: l.id, restock: true }));
  expect((await act("returns.receive", { returnId, lines })).status).toBe(200);
  const refunded = await act("returns.refund", { returnId });
  expect(refunded.status, refunded.res.body).toBe(200);
}

describe("a return's mails arrive in the order's language", () => {
  it("a Japanese guest order: shipped with the link, request, approval, receipt and refund, all in Japanese", async () => {
    const email = uniqueEmail("ja");
    const o = await placeOrder(t, variants, { email, language: "ja-JP" });
    await ship(t, o);
    const token = await returnLinkToken(t, email);
    const { return: r } = await callerFor(t).returns.requestByLink({
      token,
      lines: [{ lineId: o.lines[0]?.id as number, quantity: 1 }],
      reason: "DAMAGED",
      comment: "箱が潰れていました。",
    });
    await fullCourse(r.id);
    // confirmation, shipped, requested, approved, received, refunded
    const mails = await subjectsFor(email, 6);
    const subjects = mails.map((m) => m.subject);
    expect(subjects).toEqual(
      expect.arrayContaining([
        `ご注文 #${o.orderNumber} を発送しました`,
        `返品のお申し込みを受け付けました（注文番号 #${o.orderNumber}）`,
        `返品が承認されました（返品番号 R${o.orderNumber}-1）`,
        `返品の商品が届きました（返品番号 R${o.orderNumber}-1）`,
        `ご注文 #${o.orderNumber} の返金`,
      ]),
    );
    for (const m of mails) expect(m.html, m.subject).toContain('<html lang="ja">');
  });

  it("an English account order: the request, a decline with its reason, all in English", async () => {
    const c = await newCustomer(t);
    const o = await placeOrder(t, variants, { cookie: c.cookie, email: c.email });
    await ship(t, o);
    const { return: r } = await callerFor(t, c.cookie).returns.request({
      orderId: o.id,
      lines: [{ lineId: o.lines[1]?.id as number, quantity: 1 }],
      reason: "NO_LONGER_NEEDED",
    });
    expect((await act("returns.decline", { returnId: r.id, reason: "The seal is broken." })).status).toBe(
      200,
    );
    const mails = await subjectsFor(c.email, 4);
    expect(mails.map((m) => m.subject)).toEqual(
      expect.arrayContaining([
        `We received your return request for order #${o.orderNumber}`,
        `Your return request R${o.orderNumber}-1 was declined`,
      ]),
    );
    for (const m of mails) expect(m.html, m.subject).toContain('<html lang="en">');
    const declined = mails.find((m) => m.subject.endsWith("was declined"));
    expect(declined?.html).toContain("The seal is broken.");
  });
});
