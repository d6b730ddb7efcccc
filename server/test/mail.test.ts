// The outbox, the development mailbox and real SMTP delivery (to a local SMTP server).
import type { AddressInfo } from "node:net";
import { NEWSLETTER_RATE_LIMIT_EMAIL } from "@vela/shared";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAIL_LIMITS } from "../src/mail/limits.ts";
import { createTestApp, DEMO_CUSTOMER, type TestApp } from "./helpers.ts";

describe("the development mailbox", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("lists the outbox, newest first, and shows a mail with its store link clickable", async () => {
    await t.api("POST", "/api/account/recover", { body: { email: "demo@vela.test" } });
    const list = await t.app.inject({ method: "GET", url: "/dev/mailbox" });
    expect(list.statusCode).toBe(200);
    expect(list.headers["content-type"]).toMatch(/text\/html/);
    const first = /<a href="(\/dev\/mailbox\/\d+)">([^<]+)<\/a>/.exec(list.body);
    expect(first?.[2]).toBe("Reset your Vela password");
    const mail = await t.app.inject({ method: "GET", url: first?.[1] ?? "" });
    expect(mail.body).toMatch(
      /<a href="https:\/\/store\.vela\.test\/account\/reset\?customerId=1&amp;token=[A-Za-z0-9_-]{43}&amp;timestamp=\d+">/,
    );
    expect(mail.headers["referrer-policy"]).toBeDefined();
  });

  it("escapes what it shows", async () => {
    await t.api("POST", "/api/account/register", {
      body: {
        firstName: "<script>alert(1)</script>",
        lastName: "X",
        email: "xss@example.com",
        password: "password-123",
      },
    });
    const mail = await t.db.emailOutbox.findFirstOrThrow({ where: { to: "xss@example.com" } });
    const page = await t.app.inject({ method: "GET", url: `/dev/mailbox/${mail.id}` });
    expect(page.body).not.toContain("<script>alert(1)</script>");
    expect(page.body).toContain("&lt;script&gt;");
  });

  it("is not served in production", async () => {
    const prod = await createTestApp({ env: { NODE_ENV: "production" } });
    try {
      expect((await prod.app.inject({ method: "GET", url: "/dev/mailbox" })).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });

  it("links only URLs of the store's own origin, never look-alikes", async () => {
    const own = [
      "https://store.vela.test/account/reset?customerId=1&token=abc",
      "https://store.vela.test/",
      "HTTPS://STORE.VELA.TEST/account",
    ];
    const lookAlikes = [
      "https://store.vela.test@evil.test/account/reset?token=abc",
      "https://store.vela.test:pw@evil.test/x",
      "https://store.vela.test.evil.test/account",
      "https://store.vela.test:8443/account",
      "http://store.vela.test/account",
      "https://store.vela.testevil.test/",
      "https://evil.test/?https://store.vela.test/",
      "https://user@store.vela.test/account",
    ];
    const mail = await t.db.emailOutbox.create({
      data: {
        to: "links@example.com",
        subject: "Links",
        text: [...own, ...lookAlikes].map((u) => `see ${u} here`).join("\n"),
        html: "",
        kind: "test",
      },
    });
    const page = await t.app.inject({ method: "GET", url: `/dev/mailbox/${mail.id}` });
    const hrefs = [...page.body.matchAll(/<a href="([^"]+)">/g)].map((m) => m[1]?.replace(/&amp;/g, "&"));
    expect(hrefs.filter((h) => h !== "/dev/mailbox")).toEqual([
      "https://store.vela.test/account/reset?customerId=1&token=abc",
      "https://store.vela.test/",
      "https://store.vela.test/account",
    ]);
    for (const url of lookAlikes) expect(page.body).toContain(url.replace(/&/g, "&amp;"));
  });
});

describe("where the development mailbox is served", () => {
  async function mailboxStatus(env: Record<string, string>): Promise<number> {
    const t = await createTestApp({ env });
    try {
      return (await t.app.inject({ method: "GET", url: "/dev/mailbox" })).statusCode;
    } finally {
      await t.close();
    }
  }

  it.each(["127.0.0.1", "localhost", "::1", "[::1]", "127.0.0.2"])(
    "served when the server listens on the loopback address %s",
    async (host) => {
      expect(await mailboxStatus({ NODE_ENV: "development", HOST: host })).toBe(200);
    },
  );

  it.each(["0.0.0.0", "::", "192.168.1.20", "store.example"])(
    "not served when the server listens on %s",
    async (host) => {
      expect(await mailboxStatus({ NODE_ENV: "development", HOST: host })).toBe(404);
    },
  );

  it("served on any address when DEV_MAILBOX=on says so, but never in production", async () => {
    expect(await mailboxStatus({ NODE_ENV: "development", HOST: "0.0.0.0", DEV_MAILBOX: "on" })).toBe(200);
    expect(await mailboxStatus({ NODE_ENV: "production", HOST: "127.0.0.1", DEV_MAILBOX: "on" })).toBe(404);
  });

  it("not served with DEV_MAILBOX=off, even on loopback", async () => {
    expect(await mailboxStatus({ NODE_ENV: "development", HOST: "127.0.0.1", DEV_MAILBOX: "off" })).toBe(404);
  });

  it("refuses any other DEV_MAILBOX value at start-up", async () => {
    await expect(createTestApp({ env: { DEV_MAILBOX: "yes" } })).rejects.toThrow();
  });
});

describe("the mail-limit table (docs/sessions-and-tokens.md, Mail limits)", () => {
  it("keeps every documented limit and window", () => {
    const hour = { windowSeconds: 3600 };
    expect(MAIL_LIMITS).toEqual({
      byKind: {
        "password-reset": { limit: 3, ...hour },
        "account-activation": { limit: 3, ...hour },
        welcome: { limit: 3, ...hour },
        "already-registered": { limit: 3, windowSeconds: 86_400 },
        "password-changed": { limit: 5, ...hour },
        "email-changed": { limit: 5, ...hour },
        "newsletter-confirm": { limit: 5, ...hour },
        "newsletter-welcome-code": { limit: 5, ...hour },
        "contact-message": { limit: 200, ...hour },
        "return-requested": { limit: 10, ...hour },
        "return-approved": { limit: 30, ...hour },
        "return-declined": { limit: 30, ...hour },
        "return-received": { limit: 30, ...hour },
      },
      other: { limit: 5, ...hour },
    });
  });
});

describe("the limit per recipient and kind", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const registerAs = (email: string, ip: string) =>
    t.api("POST", "/api/account/register", {
      body: { firstName: "Mallory", lastName: "X", email, password: "mallory-pass-1" },
      ip,
    });

  it("thirty registrations of a known email from five IPs: a few mails go out, the rest are kept held", async () => {
    const limit = MAIL_LIMITS.byKind["already-registered"]?.limit ?? 0;
    expect(limit).toBeGreaterThan(0);
    expect(limit).toBeLessThanOrEqual(3);
    for (let i = 0; i < 30; i++) {
      const res = await registerAs(DEMO_CUSTOMER.email, `203.0.113.${(i % 5) + 1}`);
      // The answer is the same as ever: nothing tells the caller a mail was held.
      expect(res.statusCode).toBe(200);
    }
    const rows = await t.db.emailOutbox.findMany({
      where: { to: DEMO_CUSTOMER.email, kind: "already-registered" },
      orderBy: { id: "asc" },
    });
    expect(rows).toHaveLength(30);
    expect(rows.filter((r) => r.heldAt === null)).toHaveLength(limit);
    expect(rows.slice(0, limit).every((r) => r.heldAt === null)).toBe(true);
    expect(rows.slice(limit).every((r) => r.heldAt !== null)).toBe(true);

    // The mailbox lists the held ones apart, marked as never sent.
    const list = await t.app.inject({ method: "GET", url: "/dev/mailbox" });
    const [sent, held] = list.body.split('<h2 id="held">');
    expect(held).toBeDefined();
    expect(held?.match(/already-registered/g)).toHaveLength(30 - limit);
    expect(sent?.match(/<td>already-registered<\/td>/g)).toHaveLength(limit);
    const heldId = rows[limit]?.id;
    const page = await t.app.inject({ method: "GET", url: `/dev/mailbox/${heldId}` });
    expect(page.body).toContain("Held back, never sent");

    // Once the window has passed, the owner can be told again.
    t.clock.advance((MAIL_LIMITS.byKind["already-registered"]?.windowSeconds ?? 0) * 1000);
    await registerAs(DEMO_CUSTOMER.email, "203.0.113.9");
    const last = await t.db.emailOutbox.findFirstOrThrow({
      where: { to: DEMO_CUSTOMER.email, kind: "already-registered" },
      orderBy: { id: "desc" },
    });
    expect(last.heldAt).toBeNull();
  });

  it("counts each kind apart, and holds a kind without a listed limit too", async () => {
    const to = "kinds@example.com";
    const mail = (kind: string) => ({ to, kind, subject: "s", text: "t", html: "<p>t</p>" });
    const results: boolean[] = [];
    for (let i = 0; i < MAIL_LIMITS.other.limit + 2; i++) {
      results.push((await t.deps.mailer.enqueue(t.db, mail("some-future-kind"))).held);
    }
    expect(results.filter((h) => !h)).toHaveLength(MAIL_LIMITS.other.limit);
    expect(results.slice(-2)).toEqual([true, true]);
    // Another kind to the same address is not affected.
    expect((await t.deps.mailer.enqueue(t.db, mail("password-changed"))).held).toBe(false);
  });

  it("never stands in the way of a department receiving its customers' messages", async () => {
    for (let i = 0; i < 25; i++) {
      const res = await t.api("POST", "/api/contact", {
        body: { name: `Customer ${i}`, email: `c${i}@example.com`, topic: "media", message: "A question." },
        ip: `198.18.0.${i + 1}`,
      });
      expect(res.statusCode).toBe(200);
    }
    expect(await t.db.emailOutbox.count({ where: { kind: "contact-message", heldAt: { not: null } } })).toBe(
      0,
    );
    // Newsletter mails: the request limit per email meets a person first, never the mail limit.
    for (const kind of ["newsletter-confirm", "newsletter-welcome-code"]) {
      expect(MAIL_LIMITS.byKind[kind]?.limit).toBeGreaterThan(NEWSLETTER_RATE_LIMIT_EMAIL.limit);
    }
  });
});

describe("delivery by SMTP", () => {
  const received: { to: string; data: string }[] = [];
  let smtp: SMTPServer;
  let port = 0;
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
          received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(","), data });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
    port = (smtp.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

  it("sends outbox mail through SMTP_URL, marks it sent, and hides the mailbox", async () => {
    const t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true` } });
    try {
      expect((await t.app.inject({ method: "GET", url: "/dev/mailbox" })).statusCode).toBe(404);
      await t.api("POST", "/api/account/recover", { body: { email: "second@vela.test" } });
      const deadline = Date.now() + 10_000;
      while (!received.some((m) => m.to === "second@vela.test") && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
      }
      const got = received.find((m) => m.to === "second@vela.test");
      expect(got?.data).toMatch(/Subject: Reset your Vela password/);
      // The body is quoted-printable: undo soft line breaks and =3D before looking for the link.
      const body = (got?.data ?? "").replace(/=\r?\n/g, "").replace(/=3D/g, "=");
      expect(body).toMatch(/store\.vela\.test\/account\/reset\?customerId=2&token=[A-Za-z0-9_-]{43}/);
      const row = await t.db.emailOutbox.findFirstOrThrow({
        where: { to: "second@vela.test", kind: "password-reset" },
      });
      for (
        let i = 0;
        i < 100 && !(await t.db.emailOutbox.findUniqueOrThrow({ where: { id: row.id } })).sentAt;
        i++
      ) {
        await new Promise((r) => setTimeout(r, 50));
      }
      expect((await t.db.emailOutbox.findUniqueOrThrow({ where: { id: row.id } })).sentAt).not.toBeNull();

      // A contact message reaches the department with the sender as Reply-To.
      await t.api("POST", "/api/contact", {
        body: {
          name: "Ann Lee",
          email: "ann@example.com",
          topic: "media",
          message: "A question about a review unit.",
        },
      });
      for (let i = 0; i < 200 && !received.some((m) => m.to === "media@vela.test"); i++) {
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(received.find((m) => m.to === "media@vela.test")?.data).toMatch(
        /^Reply-To: ann@example\.com\r?$/m,
      );
    } finally {
      await t.close();
    }
  });

  it("never sends a held mail", async () => {
    const t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true` } });
    try {
      const to = "held@example.com";
      const limit = MAIL_LIMITS.other.limit;
      for (let i = 0; i < limit + 3; i++) {
        await t.deps.mailer.enqueue(t.db, { to, kind: "held-test", subject: `n${i}`, text: "t", html: "t" });
      }
      t.deps.mailer.kick();
      const deadline = Date.now() + 10_000;
      while (received.filter((m) => m.to === to).length < limit && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
      }
      // Another round of the delivery loop, to see that it leaves the held rows alone.
      t.deps.mailer.kick();
      await new Promise((r) => setTimeout(r, 300));
      expect(received.filter((m) => m.to === to)).toHaveLength(limit);
      const held = await t.db.emailOutbox.findMany({ where: { to, heldAt: { not: null } } });
      expect(held).toHaveLength(3);
      expect(held.every((m) => m.sentAt === null && m.attempts === 0)).toBe(true);
    } finally {
      await t.close();
    }
  });
});
