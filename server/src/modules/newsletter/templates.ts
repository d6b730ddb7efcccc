// Newsletter emails in the subscriber's language (en-US or ja-JP).
import { BRAND, SUBSCRIBE_DISCOUNT_PERCENT } from "@vela/shared";
import { composeMail } from "../../mail/compose.ts";
import type { OutgoingMail } from "../../mail/mailer.ts";

const ja = (locale: string) => locale === "ja-JP";

export function confirmMail(
  to: string,
  locale: string,
  confirmUrl: string,
  unsubscribeUrl: string,
): OutgoingMail {
  const j = ja(locale);
  return composeMail({
    to,
    lang: j ? "ja" : "en",
    kind: "newsletter-confirm",
    subject: j
      ? `${BRAND.name}ニュースレターの登録確認`
      : `Confirm your ${BRAND.name} newsletter subscription`,
    paragraphs: j
      ? [
          "ニュースレターへのご登録ありがとうございます。下のリンクから登録を完了してください。",
          `登録が完了すると、次回のご注文に使える${SUBSCRIBE_DISCOUNT_PERCENT}%オフのコードをお送りします。`,
          "お心当たりがない場合は、このメールを無視してください。",
        ]
      : [
          "Thanks for signing up. Confirm your subscription with the link below.",
          `Once you confirm, we will send you a ${SUBSCRIBE_DISCOUNT_PERCENT}% code for your next order.`,
          "If you did not sign up, ignore this email and nothing will happen.",
        ],
    link: { href: confirmUrl, label: j ? "登録を完了する" : "Confirm my subscription" },
    footer: [{ href: unsubscribeUrl, label: j ? "配信停止" : "Unsubscribe" }],
  });
}

export function welcomeCodeMail(
  to: string,
  locale: string,
  code: string,
  expiresAt: Date | null,
  unsubscribeUrl: string,
  /** The code's rules (the template's when it was issued). */
  rules: { percentOff: number; usageLimit: number | null; combinable: boolean } = {
    percentOff: SUBSCRIBE_DISCOUNT_PERCENT,
    usageLimit: 1,
    combinable: false,
  },
): OutgoingMail {
  const j = ja(locale);
  const percent = rules.percentOff;
  const onceAlone = rules.usageLimit === 1 && !rules.combinable;
  const until = expiresAt ? expiresAt.toISOString().slice(0, 10) : null;
  return composeMail({
    to,
    lang: j ? "ja" : "en",
    kind: "newsletter-welcome-code",
    subject: j ? `${percent}%オフのコードをお届けします` : `Your ${percent}% code for your next order`,
    paragraphs: j
      ? [
          "ご登録が完了しました。ありがとうございます。",
          `次回のご注文で${percent}%オフになるコード：${code}`,
          ...(onceAlone ? ["このコードは1回限り有効で、他のプロモーションコードとの併用はできません。"] : []),
          ...(until ? [`有効期限：${until}`] : []),
        ]
      : [
          "You are subscribed. Thank you!",
          `Your code for ${percent}% off your next order: ${code}`,
          ...(onceAlone ? ["The code can be used once and cannot be combined with other promo codes."] : []),
          ...(until ? [`Valid until ${until}.`] : []),
        ],
    footer: [{ href: unsubscribeUrl, label: j ? "配信停止" : "Unsubscribe" }],
  });
}
