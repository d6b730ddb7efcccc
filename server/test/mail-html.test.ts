// Every email's HTML part reads well in mail clients and fetches nothing: no script, no <style>
// block or stylesheet, no image or font, no link but the store's own; the plain text beside it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MailLocale } from "../src/mail/locale.ts";
import type { OutgoingMail } from "../src/mail/mailer.ts";
import * as account from "../src/mail/templates.ts";
import * as checkout from "../src/modules/checkout/templates.ts";
import * as newsletter from "../src/modules/newsletter/templates.ts";
import { createTestApp, PUBLIC_URL, type TestApp } from "./helpers.ts";

const U = (p: string) => `${PUBLIC_URL}${p}`;
const ADDRESS = {
  firstName: "Ada",
  lastName: "Lovelace",
  address1: "1 Market St",
  city: "San Francisco",
  province: "CA",
  zip: "94105",
  country: "United States",
};
const confirmation = (locale: string, offer: boolean) =>
  checkout.orderConfirmationMail({
    to: "a@example.com",
    locale,
    orderNumber: 1027,
    currencyCode: locale === "ja-JP" ? "JPY" : "USD",
    lines: [{ title: "Vela One", variantTitle: "Grey", quantity: 1, total: 49900 }],
    totals: { subtotal: 49900, discount: 4990, shipping: 0, tax: 3256, total: 48166 },
    address: ADDRESS,
    shippingMethod: "STANDARD",
    orderUrl: U("/checkout/confirmation/7"),
    accountOfferUrl: offer ? U("/checkout/account?order=7&key=k") : null,
  });

/** One mail of every template the store sends, in each language it has. */
/** One mail of every account template, in each language the store mails in. */
const accountMails = (l: MailLocale): [string, OutgoingMail][] => [
  [`reset ${l}`, account.resetPasswordMail("a@example.com", l, "Ada", U("/account/reset?token=t"))],
  [`activation ${l}`, account.activationMail("a@example.com", l, "Ada", U("/account/activate?token=t"))],
  [`welcome ${l}`, account.welcomeMail("a@example.com", l, "Ada", U("/account/login"))],
  [
    `already registered ${l}`,
    account.alreadyRegisteredMail("a@example.com", l, "Ada", U("/account/login"), U("/account/recover")),
  ],
  [`password changed ${l}`, account.passwordChangedMail("a@example.com", l, "Ada", U("/account/recover"))],
  [
    `email changed ${l}`,
    account.emailChangedMail("a@example.com", l, "Ada", "b@example.com", U("/account/recover")),
  ],
  [
    `email change confirm ${l}`,
    account.emailChangeConfirmMail("b@example.com", l, U("/account/email-change?token=t")),
  ],
  [
    `email change requested ${l}`,
    account.emailChangeRequestedMail(
      "a@example.com",
      l,
      "Ada",
      "b@example.com",
      U("/account/email-change/cancel?token=t"),
      U("/account/recover"),
    ),
  ],
  [
    `claim ${l}`,
    checkout.orderClaimMail({ to: "a@example.com", locale: l, url: U("/checkout/claim-orders?token=t") }),
  ],
];

/** One mail of every template the store sends, in each language it has. */
const MAILS: [string, OutgoingMail][] = [
  ...(["en-US", "ja-JP"] as const).flatMap((l): [string, OutgoingMail][] => [
    ...accountMails(l),
    [
      `newsletter confirm ${l}`,
      newsletter.confirmMail(
        "a@example.com",
        l,
        U("/newsletter/confirm?t=1"),
        U("/newsletter/unsubscribe?t=1"),
      ),
    ],
    [
      `welcome code ${l}`,
      newsletter.welcomeCodeMail(
        "a@example.com",
        l,
        "VELA10-ABCDEFGH",
        new Date("2027-01-01"),
        U("/newsletter/unsubscribe?t=1"),
      ),
    ],
    [`confirmation ${l}`, confirmation(l, false)],
    [`guest confirmation ${l}`, confirmation(l, true)],
    [
      `shipped ${l}`,
      checkout.orderShippedMail({
        to: "a@example.com",
        locale: l,
        orderNumber: 1027,
        company: "UPS",
        number: "1Z999",
        url: U("/account/orders/7"),
        complete: true,
      }),
    ],
    [
      `refunded ${l}`,
      checkout.orderRefundedMail({
        to: "a@example.com",
        locale: l,
        orderNumber: 1027,
        amount: 2000,
        currencyCode: "USD",
        complete: false,
      }),
    ],
    [`cancelled ${l}`, checkout.orderCancelledMail({ to: "a@example.com", locale: l, orderNumber: 1027 })],
  ]),
];

describe("the HTML part of every email", () => {
  it.each(MAILS)(
    "%s: no script, styles inline only, nothing fetched, links to the store only",
    (_name, mail) => {
      const html = mail.html;
      expect(html).toMatch(/^<!doctype html><html lang="(en|ja)">/);
      expect(html).not.toMatch(/<script|javascript:|\son[a-z]+=/i);
      expect(html).not.toMatch(
        /<style|<link|@import|<img|<iframe|<object|<embed|<video|<audio|\ssrc=|url\(/i,
      );
      for (const m of html.matchAll(/(?:href|action)="([^"]*)"/g)) {
        expect(new URL((m[1] as string).replace(/&amp;/g, "&")).origin).toBe(PUBLIC_URL);
      }
      for (const m of html.matchAll(/https?:\/\/[^\s"<&]+/g)) expect(new URL(m[0]).origin).toBe(PUBLIC_URL);
      // Laid out in tables, the brand as text, the plain-text part beside it.
      expect(html).toContain('role="presentation"');
      expect(html).toContain(">Vela<");
      expect(mail.text.length).toBeGreaterThan(0);
      expect(mail.text).not.toMatch(/</);
    },
  );

  it("the main link is a button with its address written out beneath, in the mail's language", () => {
    const en = confirmation("en-US", true);
    expect(en.html).toMatch(
      // A guest's link carries the order number, for the order lookup (order-lookup.test.ts).
      /<a href="https:\/\/store\.vela\.test\/checkout\/confirmation\/7\?order=\d+" style="display:inline-block;[^"]*">View your order<\/a>/,
    );
    expect(en.html).toContain("If the button does not work");
    expect(en.html).toContain(">Create an account</a>");
    const ja = confirmation("ja-JP", true);
    expect(ja.html).toContain('<html lang="ja">');
    expect(ja.html).toContain("ボタンが動作しない場合は");
    expect(ja.html).toContain("アカウントを作成する");
  });
});

// Kana or kanji in a subject or paragraph; the store's words in en-US never have any.
const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/;

describe("every account email in the reader's language", () => {
  it.each(accountMails("ja-JP"))("%s: subject, body, button and layout in Japanese", (_name, mail) => {
    expect(mail.subject).toMatch(JAPANESE);
    expect(mail.html).toContain('<html lang="ja">');
    expect(mail.html).toContain("ボタンが動作しない場合は");
    const paragraphs = mail.text.split("\n\n");
    // Every paragraph of the store's own words (the link lines aside) is Japanese.
    for (const p of paragraphs.filter((x) => !x.includes("https://") && !x.startsWith("— "))) {
      expect(p).toMatch(JAPANESE);
    }
    expect(mail.text).not.toMatch(/\b(Hi|Hello|your|the link)\b/i);
  });

  it.each(accountMails("en-US"))("%s: in English", (_name, mail) => {
    expect(mail.subject).not.toMatch(JAPANESE);
    expect(mail.text).not.toMatch(JAPANESE);
    expect(mail.html).toContain('<html lang="en">');
  });

  it("greets a Japanese reader with 様, and the user's text stays one quoted line", () => {
    const mail = account.emailChangeRequestedMail(
      "a@example.com",
      "ja-JP",
      "花子\nBcc: x@evil.test",
      "b@example.com",
      U("/account/email-change/cancel?token=t"),
      U("/account/recover"),
    );
    expect(mail.text.startsWith("こんにちは、花子 Bcc: x@evil.test 様\n\n")).toBe(true);
    expect(mail.text).toContain("“b@example.com”");
    expect(
      account.emailChangeConfirmMail("b@example.com", "ja-JP", U("/x")).text.startsWith("お客様\n\n"),
    ).toBe(true);
  });
});

describe("the development mailbox's preview of the HTML part", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { DEV_MAILBOX: "on" } });
  });
  afterAll(() => t.close());

  it("shows the HTML in a sandboxed frame under a policy that forbids every script", async () => {
    const mail = confirmation("en-US", true);
    const row = await t.db.emailOutbox.create({
      data: {
        to: mail.to,
        subject: mail.subject,
        kind: mail.kind,
        text: mail.text,
        html: `${mail.html}<script>alert(1)</script>`,
      },
    });
    const res = await t.app.inject({ method: "GET", url: `/dev/mailbox/${row.id}` });
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toContain("script-src 'none'");
    expect(csp).not.toMatch(/script-src[^;]*'self'|unsafe-eval/);
    const frame = /<iframe ([^>]*)>/.exec(res.body)?.[1] ?? "";
    expect(frame).toMatch(/sandbox="[^"]*"/);
    expect(frame).not.toMatch(/allow-scripts|allow-same-origin/);
    expect(frame).toContain('title="HTML part"');
    // The mail's own markup is an attribute value, escaped: nothing of it runs in the page itself.
    expect(res.body).not.toContain("<script>");
    expect(res.body).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    // The plain-text part stays beside it.
    expect(res.body).toContain("<pre>");
    const list = await t.app.inject({ method: "GET", url: "/dev/mailbox" });
    expect(String(list.headers["content-security-policy"])).toContain("script-src 'none'");
  });
});
