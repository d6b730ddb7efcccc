// The outbox, the development mailbox and real SMTP delivery (to a local SMTP server).
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helpers.ts";

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
});
