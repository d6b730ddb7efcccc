import type { shopperWalkEnUS } from "./en-US.ts";

/** Japanese texts of the shopper's walk (see en-US.ts beside this file). */
export const shopperWalkJaJP = {
  "login.noticeRegistered":
    "ご登録ありがとうございます。メールをお送りしました。続けるには、下にメールアドレスとパスワードを入力してください。",
} as const satisfies Record<keyof typeof shopperWalkEnUS, string>;
