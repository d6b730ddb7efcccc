// The account emails, laid out by composeMail, in the reader's language (en-US or ja-JP).
import { BRAND } from "@vela/shared";
import { composeMail, greeting, type MailName, quoted } from "./compose.ts";
import { htmlLang, type MailLocale } from "./locale.ts";
import type { OutgoingMail } from "./mailer.ts";

const ja = (locale: MailLocale) => locale === "ja-JP";

export function resetPasswordMail(to: string, locale: MailLocale, name: MailName, url: string): OutgoingMail {
  const j = ja(locale);
  const subject = j ? `${BRAND.name}のパスワード再設定` : `Reset your ${BRAND.name} password`;
  const paras = j
    ? [
        greeting(name, locale),
        "パスワード再設定のご依頼を受け付けました。下のリンクは1回だけ、24時間有効です。",
        "お心当たりがない場合は、このメールを無視してください。パスワードは変更されません。",
      ]
    : [
        greeting(name, locale),
        "We received a request to reset your password. The link below works once and expires in 24 hours.",
        "If you did not ask for this, you can ignore this email; your password stays the same.",
      ];
  const link = { href: url, label: j ? "パスワードを再設定する" : "Reset your password" };
  return composeMail({
    to,
    subject,
    kind: "password-reset",
    paragraphs: paras,
    link,
    lang: htmlLang(locale),
  });
}

export function activationMail(to: string, locale: MailLocale, name: MailName, url: string): OutgoingMail {
  const j = ja(locale);
  const subject = j ? `${BRAND.name}アカウントの有効化` : `Activate your ${BRAND.name} account`;
  const paras = j
    ? [
        greeting(name, locale),
        `${BRAND.name}ストアにお客様のアカウントが作成されました。パスワードを設定して、アカウントを有効にしてください。`,
        "リンクは1回だけ、48時間有効です。",
      ]
    : [
        greeting(name, locale),
        `An account has been created for you at the ${BRAND.name} store. Choose a password to activate it.`,
        "The link works once and expires in 48 hours.",
      ];
  const link = { href: url, label: j ? "アカウントを有効にする" : "Activate your account" };
  return composeMail({
    to,
    subject,
    kind: "account-activation",
    paragraphs: paras,
    link,
    lang: htmlLang(locale),
  });
}

export function welcomeMail(to: string, locale: MailLocale, name: MailName, loginUrl: string): OutgoingMail {
  const j = ja(locale);
  const subject = j ? `${BRAND.name}へようこそ` : `Welcome to ${BRAND.name}`;
  const paras = j
    ? [greeting(name, locale), "アカウントの準備が整いました。いつでもログインしていただけます。"]
    : [greeting(name, locale), "Your account is ready. You can sign in at any time."];
  const link = { href: loginUrl, label: j ? "ログインする" : "Sign in" };
  return composeMail({ to, subject, kind: "welcome", paragraphs: paras, link, lang: htmlLang(locale) });
}

/** Sent instead of a welcome when someone registers with an email that already has an account. */
export function alreadyRegisteredMail(
  to: string,
  locale: MailLocale,
  name: MailName,
  loginUrl: string,
  recoverUrl: string,
): OutgoingMail {
  const j = ja(locale);
  const subject = j
    ? `${BRAND.name}アカウントはすでに登録されています`
    : `You already have a ${BRAND.name} account`;
  const paras = j
    ? [
        greeting(name, locale),
        "このメールアドレスでアカウントの作成が試みられましたが、このアドレスのアカウントはすでに登録されています。",
        `${loginUrl} からログインできます。パスワードをお忘れの場合は、こちらから再設定してください：`,
      ]
    : [
        greeting(name, locale),
        "Someone (perhaps you) tried to create an account with this email address, but you already have an account.",
        `You can sign in at ${loginUrl}. If you have forgotten your password, reset it here:`,
      ];
  const link = { href: recoverUrl, label: j ? "パスワードを再設定する" : "Reset your password" };
  return composeMail({
    to,
    subject,
    kind: "already-registered",
    paragraphs: paras,
    link,
    lang: htmlLang(locale),
  });
}

export function passwordChangedMail(
  to: string,
  locale: MailLocale,
  name: MailName,
  recoverUrl: string,
): OutgoingMail {
  const j = ja(locale);
  const subject = j ? `${BRAND.name}のパスワードが変更されました` : `Your ${BRAND.name} password was changed`;
  const paras = j
    ? [
        greeting(name, locale),
        "お客様のアカウントのパスワードが変更されました。ログイン中だったほかの端末はすべてログアウトされています。",
        "お心当たりがない場合は、今すぐパスワードを再設定し、サポートまでご連絡ください。",
      ]
    : [
        greeting(name, locale),
        "The password of your account was just changed, and every other signed-in device was signed out.",
        "If this was not you, reset your password now and contact support.",
      ];
  const link = { href: recoverUrl, label: j ? "パスワードを再設定する" : "Reset your password" };
  return composeMail({
    to,
    subject,
    kind: "password-changed",
    paragraphs: paras,
    link,
    lang: htmlLang(locale),
  });
}

/** Sent to the old address when the change is confirmed. */
export function emailChangedMail(
  to: string,
  locale: MailLocale,
  name: MailName,
  newEmail: string,
  recoverUrl: string,
): OutgoingMail {
  const j = ja(locale);
  const subject = j
    ? `${BRAND.name}のログイン用メールアドレスが変更されました`
    : `Your ${BRAND.name} sign-in email was changed`;
  const paras = j
    ? [
        greeting(name, locale),
        `お客様のアカウントのログイン用メールアドレスが ${quoted(newEmail)} に変更され、ログイン中だったほかの端末はすべてログアウトされました。次回からは新しいメールアドレスでログインしてください。`,
        "お心当たりがない場合は、今すぐパスワードを再設定し、サポートまでご連絡ください。",
      ]
    : [
        greeting(name, locale),
        `The sign-in email of your account was changed to ${quoted(newEmail)}, and every other signed-in device was signed out. Use the new address the next time you sign in.`,
        "If this was not you, reset your password now and contact support.",
      ];
  const link = { href: recoverUrl, label: j ? "パスワードを再設定する" : "Reset your password" };
  return composeMail({
    to,
    subject,
    kind: "email-changed",
    paragraphs: paras,
    link,
    lang: htmlLang(locale),
  });
}

/**
 * Sent to the new address: the link that makes it the sign-in email. It greets no one by name
 * and repeats nothing the requester typed, since anyone signed in can make the store write to
 * any address this way.
 */
export function emailChangeConfirmMail(to: string, locale: MailLocale, confirmUrl: string): OutgoingMail {
  const j = ja(locale);
  const subject = j
    ? `${BRAND.name}の新しいログイン用メールアドレスの確認`
    : `Confirm your new ${BRAND.name} sign-in email`;
  const paras = j
    ? [
        greeting("", locale),
        `このアドレスを${BRAND.name}アカウントのログイン用メールアドレスにするご依頼を受け付けました。ご本人によるご依頼の場合は、下のリンクから確認してください。リンクは1回だけ、24時間有効です。確認されるまで、アカウントのログイン用メールアドレスは変更されません。`,
        "お心当たりがない場合は、このメールを無視してください。何も変更されません。",
      ]
    : [
        "Hello,",
        `Someone asked to make this address the sign-in email of a ${BRAND.name} account. If it was you, confirm it with the link below. The link works once and expires in 24 hours; until then the account keeps its old sign-in email.`,
        "If you did not ask for this, ignore this email: nothing changes.",
      ];
  const link = { href: confirmUrl, label: j ? "新しいメールアドレスを確認する" : "Confirm your new email" };
  return composeMail({
    to,
    subject,
    kind: "email-change-confirm",
    paragraphs: paras,
    link,
    lang: htmlLang(locale),
  });
}

/** Sent to the old address when a change is asked for: how to stop it and secure the account. */
export function emailChangeRequestedMail(
  to: string,
  locale: MailLocale,
  name: MailName,
  newEmail: string,
  cancelUrl: string,
  recoverUrl: string,
): OutgoingMail {
  const j = ja(locale);
  const subject = j
    ? `${BRAND.name}のログイン用メールアドレスの変更が依頼されました`
    : `A change of your ${BRAND.name} sign-in email was requested`;
  const paras = j
    ? [
        greeting(name, locale),
        `お客様のアカウントにログインしている方から、ログイン用メールアドレスを ${quoted(newEmail)} に変更するご依頼がありました。変更は、そのアドレスにお送りしたリンクが24時間以内に開かれた時点で有効になります。それまでは、このアドレスでログインできます。`,
        "お心当たりがない場合は、下のリンクから変更を取り消し、パスワードを再設定してください。パスワードを再設定すると、すべての端末がログアウトされます。",
      ]
    : [
        greeting(name, locale),
        `Someone signed in to your account asked to change its sign-in email to ${quoted(newEmail)}. The change takes effect only when the link we sent to that address is followed, within 24 hours; until then you sign in with this address.`,
        "If this was not you, stop the change with the link below, then reset your password, which signs every device out.",
      ];
  const link = { href: cancelUrl, label: j ? "変更を取り消す" : "Stop this change" };
  const footer = [{ href: recoverUrl, label: j ? "パスワードを再設定する" : "Reset your password" }];
  return composeMail({
    to,
    subject,
    kind: "email-change-requested",
    paragraphs: paras,
    link,
    footer,
    lang: htmlLang(locale),
  });
}
