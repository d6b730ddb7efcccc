// The account mails go out in the language the request was made in: the `lang` cookie the
// language switch writes, else the browser's Accept-Language, else English; zh-CN readers get
// English, as on the rest of the store.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCustomer } from "../src/seed/factories.ts";
import { createTestApp, json, type TestApp } from "./helpers.ts";

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

describe("the reset mail of a recover request", () => {
  it("is Japanese when the reader's lang cookie says ja-JP", async () => {
    const email = freshEmail();
    await createCustomer(t.db, { email, firstName: "花子", lastName: "佐藤" });
    const mail = await recoverWith(email, { cookie: "vela_session=x; lang=ja-JP" });
    expect(mail.subject).toBe("Velaのパスワード再設定");
    expect(mail.text).toMatch(/^こんにちは、佐藤 花子 様\n\n/);
    expect(mail.text).toContain("下のリンクは1回だけ、24時間有効です。");
    expect(mail.text).toMatch(/パスワードを再設定する: https:\/\/store\.vela\.test\/account\/reset\?/);
    expect(mail.html).toContain('<html lang="ja">');
  });

  it("is English without a cookie, for en-US, and for zh-CN", async () => {
    const variants: Record<string, string>[] = [{}, { cookie: "lang=en-US" }, { cookie: "lang=zh-CN" }];
    for (const headers of variants) {
      const email = freshEmail();
      await createCustomer(t.db, { email, firstName: "Ada" });
      const mail = await recoverWith(email, headers);
      expect(mail.subject).toBe("Reset your Vela password");
      expect(mail.text).toMatch(/^Hi Ada,\n\n/);
    }
  });

  it("follows Accept-Language without a cookie, and the cookie over it", async () => {
    const ja = freshEmail();
    await createCustomer(t.db, { email: ja });
    expect((await recoverWith(ja, { "accept-language": "ja,en-US;q=0.8" })).subject).toBe(
      "Velaのパスワード再設定",
    );
    const en = freshEmail();
    await createCustomer(t.db, { email: en });
    expect((await recoverWith(en, { "accept-language": "fr;q=0.9, ja;q=0.8" })).subject).toBe(
      "Velaのパスワード再設定",
    );
    const chosen = freshEmail();
    await createCustomer(t.db, { email: chosen });
    expect((await recoverWith(chosen, { cookie: "lang=en-US", "accept-language": "ja" })).subject).toBe(
      "Reset your Vela password",
    );
  });
});

describe("the other account mails follow the request's language", () => {
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
    const cookie = `${await t.login(email, "old-password-1")}; lang=ja-JP`;
    const changed = await t.api("POST", "/api/account/password", {
      cookie,
      body: { currentPassword: "old-password-1", newPassword: "new-password-22" },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await lastMail(email, "password-changed")).subject).toBe("Velaのパスワードが変更されました");

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
