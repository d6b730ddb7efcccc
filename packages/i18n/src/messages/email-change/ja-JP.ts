import type { emailChangeEnUS } from "./en-US.ts";

/** Japanese texts of the sign-in email change. */
export const emailChangeJaJP = {
  "emailChange.pending":
    "{email} の受信トレイをご確認ください。お送りしたリンクを開くと新しいメールアドレスが確定します。それまでは {current} でログインしてください。",
  "emailChange.missingToken": "このリンクは不完全です。メールに記載された正しいリンクをご確認ください。",
  "emailChange.confirmTitle": "新しいメールアドレスの確認",
  "emailChange.confirmIntro":
    "このリンクが送られたアドレスを、ログインに使うメールアドレスにします。アカウントにログインしているほかの端末はログアウトされます。",
  "emailChange.confirmSubmit": "新しいメールアドレスを確定",
  "emailChange.confirming": "確認中...",
  "emailChange.confirmed":
    "メールアドレスが {email} になりました。次回からこのアドレスでログインしてください。",
  "emailChange.login": "新しいメールアドレスでログイン",
  "emailChange.toProfile": "プロフィール設定に戻る",
  "emailChange.cancelTitle": "メールアドレス変更の中止",
  "emailChange.cancelIntro":
    "リクエストされたログイン用メールアドレスの変更を中止します。アカウントにログインしているすべての端末がログアウトされます。",
  "emailChange.cancelSubmit": "変更を中止",
  "emailChange.cancelling": "中止しています...",
  "emailChange.cancelled":
    "変更を中止しました。引き続き現在のメールアドレスでログインできます。心当たりがない場合は、今すぐパスワードを再設定してください。",
  "emailChange.resetPassword": "パスワードを再設定",
  "error.emailChange": "新しいメールアドレスを確定できませんでした",
  "error.emailChange.network":
    "新しいメールアドレスの確認中にエラーが発生しました。しばらくしてからもう一度お試しください",
  "error.emailChangeCancel": "メールアドレスの変更を中止できませんでした",
  "error.emailChangeCancel.network":
    "変更の中止中にエラーが発生しました。しばらくしてからもう一度お試しください",
  "server.currentPasswordRequired": "現在のパスワードは必須です",
  "server.emailChangeLinkInvalid":
    "このメールアドレス変更リンクは無効です。メールに記載された正しいリンクをご確認ください。",
  "server.emailChangeLinkUsed": "このメールアドレス変更リンクはすでに使用されています。",
  "server.emailChangeLinkReplaced":
    "このメールアドレス変更リンクは使用できません。変更が中止されたか、新しい変更がリクエストされました。",
  "server.emailChangeLinkExpired":
    "このメールアドレス変更リンクは有効期限が切れています。プロフィールからもう一度変更してください。",
  "server.emailChangeTaken":
    "このメールアドレスはほかのアカウントで使用されているため、ログイン用メールアドレスは変更されませんでした。",
  "server.emailChangeCancelInvalid":
    "このメールアドレス変更の中止リンクは無効です。メールに記載された正しいリンクをご確認ください。",
  "server.emailChangeCancelTooLate":
    "このメールアドレス変更はここでは中止できません。すでに確定、中止、または新しい変更に置き換えられています。心当たりがない場合は、パスワードを再設定してサポートにお問い合わせください。",
  "server.emailChangeCancelExpired":
    "このリンクは有効期限が切れています。確定されていない変更も期限切れになっています。知らないうちにログイン用メールアドレスが変更された場合は、パスワードを再設定してサポートにお問い合わせください。",
} as const satisfies Record<keyof typeof emailChangeEnUS, string>;
