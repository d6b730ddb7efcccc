import type { adminAuthEnUS } from "./en-US.ts";

/** 管理画面へのログイン: パスワード、2段階認証、認証アプリの設定、パスワード設定用リンク。 */
export const adminAuthJaJP = {
  "admin.signIn.title": "管理画面にログイン",
  "admin.signIn.email": "メールアドレス",
  "admin.signIn.password": "パスワード",
  "admin.signIn.submit": "ログイン",
  "admin.signIn.submitting": "ログインしています…",
  "admin.signIn.expired": "セッションの有効期限が切れました。もう一度ログインすると、元のページに戻ります。",
  "admin.signIn.required": "この項目を入力してください",
  "admin.signIn.codeTitle": "コードを入力",
  "admin.signIn.codeIntro":
    "認証アプリを開き、このストアの6桁のコードを入力してください。スマートフォンをなくした場合は、リカバリーコードを入力できます。",
  "admin.signIn.code": "コードまたはリカバリーコード",
  "admin.signIn.verify": "次へ",
  "admin.signIn.verifying": "確認しています…",
  "admin.signIn.restart": "別のアカウントでログイン",
  "admin.enrol.title": "認証アプリを設定",
  "admin.enrol.required": "管理画面を使う前に、すべてのスタッフに2段階認証の設定をお願いしています。",
  "admin.enrol.intro":
    "認証アプリ（1Password、Google Authenticator、Microsoft Authenticator など）でこのQRコードを読み取り、表示された6桁のコードを入力してください。",
  "admin.enrol.qr": "認証アプリにこのストアを追加するQRコード",
  "admin.enrol.secret": "または、このキーをアプリに入力してください:",
  "admin.enrol.starting": "キーを準備しています…",
  "admin.enrol.code": "アプリに表示された6桁のコード",
  "admin.enrol.confirm": "確認",
  "admin.enrol.confirming": "確認しています…",
  "admin.enrol.codeFormat": "アプリに表示された6桁の数字を入力してください",
  "admin.enrol.recoveryTitle": "リカバリーコードを保存してください",
  "admin.enrol.recoveryIntro":
    "スマートフォンをなくしたときは、これらのコードで1回ずつログインできます。パスワードマネージャーなど安全な場所に保管してください。二度と表示されません。",
  "admin.enrol.recoveryList": "リカバリーコード",
  "admin.enrol.saved": "保存しました",
  "admin.enrol.already":
    "このアカウントにはすでに認証アプリが設定されています。別のアプリを設定するには、オーナーに2段階認証のリセットを依頼してください。",
  "admin.enrolOffer.text":
    "このアカウントには2段階認証が設定されていません。認証アプリを設定してアカウントを守りましょう。",
  "admin.enrolOffer.setUp": "設定する",
  "admin.enrolOffer.dismiss": "後で",
  "admin.setupPassword.title": "パスワードを設定",
  "admin.setupPassword.intro":
    "管理画面へのログインに使うパスワードを決めてください。このリンクは1回だけ使えます。",
  "admin.setupPassword.password": "新しいパスワード",
  "admin.setupPassword.confirm": "パスワード（確認）",
  "admin.setupPassword.hint": "{min}文字以上。",
  "admin.setupPassword.mismatch": "パスワードが一致しません",
  "admin.setupPassword.tooShort": "{min}文字以上にしてください",
  "admin.setupPassword.submit": "パスワードを設定",
  "admin.setupPassword.submitting": "保存しています…",
  "admin.setupPassword.done": "パスワードを設定しました。このパスワードでログインできます。",
  "admin.setupPassword.noToken":
    "このリンクは不完全です。受け取ったリンクをすべて開くか、オーナーに新しいリンクを依頼してください。",
  "admin.setupPassword.signIn": "ログイン画面へ",
} as const satisfies Record<keyof typeof adminAuthEnUS, string>;
