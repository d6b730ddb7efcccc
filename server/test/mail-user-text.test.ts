// User text in mail: refused at the door when it holds control or bidi-override characters, and
// written so that none of it can pass for a header line or a block of the store's own, even when
// it was stored before the rule existed.
import { TEXT_FIELD_MESSAGES } from "@vela/shared";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { composeMail, greeting, inline, quoted, quotedBlock } from "../src/mail/compose.ts";
import {
  emailChangedMail,
  emailChangeRequestedMail,
  resetPasswordMail,
  welcomeMail,
} from "../src/mail/templates.ts";
import { createTestApp, json, type TestApp } from "./helpers.ts";
import { testEngine } from "./support-db.ts";

/** Lines that a mail reader (or a person) could take for a header. */
const HEADER_LINE = /^\s*(bcc|cc|to|from|subject|reply-to|content-type)\s*:/im;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const UNPRINTABLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
const INJECTION = "Ada\r\nBcc: evil@evil.test\r\nSubject: Your account is locked\u202e\u0000";

describe("the helpers that put user text into mail", () => {
  it("inline: one line, whitespace collapsed, no control or bidi-override character, bounded", () => {
    expect(inline(INJECTION)).toBe("Ada Bcc: evil@evil.test Subject: Your account is locked");
    expect(inline("  a \t\n b  ")).toBe("a b");
    expect(inline("x".repeat(300), 10)).toBe(`${"x".repeat(9)}…`);
    expect(inline("😀".repeat(20), 5)).toBe("😀😀😀😀…");
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (value) => {
        const out = inline(value);
        expect(out).not.toMatch(/[\r\n\u2028\u2029]/);
        expect(out).not.toMatch(UNPRINTABLE);
        expect(Array.from(out).length).toBeLessThanOrEqual(200);
      }),
    );
  });

  it("quoted and greeting keep the value inside the store's line", () => {
    expect(quoted("a\nb")).toBe("“a b”");
    expect(greeting(INJECTION)).toBe("Hi Ada Bcc: evil@evil.test Subject: Your account is locked,");
    expect(greeting("\n\u0000 ")).toBe("Hi,");
    expect(greeting(INJECTION, "ja-JP")).toBe(
      "こんにちは、Ada Bcc: evil@evil.test Subject: Your account is locked 様",
    );
    expect(greeting("\n\u0000 ", "ja-JP")).toBe("お客様");
  });

  it("greeting names a Japanese reader in full, family name first, and an English one by given name", () => {
    const name = { firstName: "花子", lastName: "佐藤" };
    expect(greeting(name, "ja-JP")).toBe("こんにちは、佐藤 花子 様");
    expect(greeting(name, "en-US")).toBe("Hi 花子,");
    expect(greeting({ firstName: "Ada", lastName: "Lovelace" })).toBe("Hi Ada,");
    expect(greeting({ firstName: "", lastName: "佐藤\nBcc: x" }, "ja-JP")).toBe("こんにちは、佐藤 Bcc: x 様");
    expect(greeting({ firstName: " ", lastName: "\u0000" }, "ja-JP")).toBe("お客様");
  });

  it("quotedBlock: every line starts with '>', never with the user's text", () => {
    expect(quotedBlock("Hello\r\nBcc: x@evil.test\n\n\n\nBye\u202e")).toBe(
      "> Hello\n> Bcc: x@evil.test\n>\n> Bye",
    );
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (text) => {
        for (const line of quotedBlock(text).split("\n")) expect(line.startsWith(">")).toBe(true);
        expect(quotedBlock(text)).not.toMatch(UNPRINTABLE);
      }),
    );
  });

  it("no account mail has a line that looks like a header, whatever the name", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), fc.string({ unit: "binary" }), (before, after) => {
        const name = `${before}\nBcc: evil@evil.test\r\n${after}`;
        for (const mail of (["en-US", "ja-JP"] as const).flatMap((l) => [
          resetPasswordMail("a@vela.test", l, name, "https://store.vela.test/account/reset?x=1"),
          welcomeMail("a@vela.test", l, name, "https://store.vela.test/account/login"),
          emailChangedMail(
            "a@vela.test",
            l,
            name,
            "new@vela.test",
            "https://store.vela.test/account/recover",
          ),
          emailChangeRequestedMail(
            "a@vela.test",
            l,
            name,
            "new@vela.test",
            "https://store.vela.test/account/email-change/cancel?token=x",
            "https://store.vela.test/account/recover",
          ),
        ])) {
          expect(mail.text).not.toMatch(HEADER_LINE);
          expect(mail.text).not.toMatch(UNPRINTABLE);
          expect(mail.html).not.toMatch(UNPRINTABLE);
        }
      }),
    );
  });

  it("composeMail drops control and bidi-override characters from any paragraph and the subject", () => {
    const mail = composeMail({
      to: "a@vela.test",
      subject: "Hello\r\nBcc: x\u202e",
      kind: "test",
      paragraphs: ["one\u0000two\u2066three"],
    });
    expect(mail.subject).toBe("Hello Bcc: x");
    expect(mail.text.startsWith("onetwothree")).toBe(true);
  });
});

describe("through the API", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each([
    ["a CR/LF", "Ada\r\nBcc: evil@evil.test"],
    ["a NUL", "Ada\u0000"],
    ["a right-to-left override", "\u202eadA"],
    ["an isolate", "Ada\u2066"],
    ["a tab", "Ada\tLovelace"],
  ])(
    "registering with %s in the first name → 400 with the field's message, nothing stored or sent",
    async (_label, firstName) => {
      const email = `ctl-${Math.random().toString(36).slice(2)}@vela.test`;
      const mailsBefore = await t.db.emailOutbox.count();
      const res = await t.api("POST", "/api/account/register", {
        body: { firstName, lastName: "Lovelace", email, password: "long-enough-1" },
      });
      expect(res.statusCode).toBe(400);
      expect(json<{ message: string }>(res).message).toBe(TEXT_FIELD_MESSAGES.firstName);
      expect(await t.db.customer.count({ where: { email } })).toBe(0);
      expect(await t.db.emailOutbox.count()).toBe(mailsBefore);
    },
  );

  it("a contact message with a header-like name → 400; its lines are quoted when it is fine", async () => {
    const body = {
      name: "Ann\nBcc: evil@evil.test",
      email: "ann@example.com",
      topic: "order",
      message: "Subject: refund\nFrom: the boss\nPlease look at order 1042.",
    };
    const refused = await t.api("POST", "/api/contact", { body, ip: "10.8.0.1" });
    expect(refused.statusCode).toBe(400);
    expect(json<{ message: string }>(refused).message).toBe(TEXT_FIELD_MESSAGES.contactName);

    const ok = await t.api("POST", "/api/contact", { body: { ...body, name: "Ann Lee" }, ip: "10.8.0.2" });
    expect(ok.statusCode).toBe(200);
    const mail = await t.db.emailOutbox.findFirstOrThrow({
      where: { kind: "contact-message" },
      orderBy: { id: "desc" },
    });
    expect(mail.text).toContain("> Subject: refund\n> From: the boss\n> Please look at order 1042.");
    // The store's own "From:" line names the sender in quotes; the message's lines are quoted.
    const headerLines = mail.text.split("\n").filter((line) => HEADER_LINE.test(line));
    expect(headerLines).toEqual(["From: “Ann Lee” <ann@example.com>"]);
  });

  it("a name stored before the rule still cannot forge a line in a reset mail", async () => {
    // PostgreSQL's text cannot hold NUL at all, so a name stored there has every other character.
    const stored = testEngine() === "postgresql" ? INJECTION.replace("\u0000", "") : INJECTION;
    await t.db.customer.update({ where: { id: 2 }, data: { firstName: stored } });
    const { email } = await t.db.customer.findUniqueOrThrow({ where: { id: 2 }, select: { email: true } });
    const res = await t.api("POST", "/api/account/recover", { body: { email }, ip: "10.8.0.3" });
    expect(res.statusCode).toBe(200);
    const mail = await t.db.emailOutbox.findFirstOrThrow({
      where: { to: email, kind: "password-reset" },
      orderBy: { id: "desc" },
    });
    expect(mail.text.split("\n")[0]).toBe("Hi Ada Bcc: evil@evil.test Subject: Your account is locked,");
    expect(mail.text).not.toMatch(HEADER_LINE);
    expect(mail.text).not.toMatch(UNPRINTABLE);
  });
});
