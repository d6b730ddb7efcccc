// The admin's catalogue in Japanese: each area's texts join with one import and one spread (as
// in en-US.ts); the type below refuses a key of en-US.ts missing here.
import { adminAuditJaJP } from "./audit/ja-JP.ts";
import { adminAuthJaJP } from "./auth/ja-JP.ts";
import { adminBlogJaJP } from "./blog/ja-JP.ts";
import { adminCatalogueCsvJaJP } from "./catalogue-csv/ja-JP.ts";
import { adminCustomersJaJP } from "./customers/ja-JP.ts";
import { adminDashboardJaJP } from "./dashboard/ja-JP.ts";
import { adminDiscountsJaJP } from "./discounts/ja-JP.ts";
import type { adminEnUS } from "./en-US.ts";
import { adminOrdersJaJP } from "./orders/ja-JP.ts";
import { adminPicturesJaJP } from "./pictures/ja-JP.ts";
import { adminProductsJaJP } from "./products/ja-JP.ts";
import { adminReleasesJaJP } from "./releases/ja-JP.ts";
import { adminReturnsJaJP } from "./returns/ja-JP.ts";
import { adminShellJaJP } from "./shell/ja-JP.ts";
import { adminStaffJaJP } from "./staff/ja-JP.ts";

/** Japanese texts of the server's answers, the roles and the permissions. */
const serverAndNamesJaJP = {
  "admin.server.notSignedIn": "この操作には管理画面へのログインが必要です",
  "admin.server.forbidden": "あなたの役割ではこの操作はできません",
  "admin.server.invalidCredentials": "ログインできませんでした。メールアドレスとパスワードをご確認ください",
  "admin.server.secondFactorRequired":
    "ログインを完了するには、認証アプリに表示されたコードを入力してください",
  "admin.server.secondFactorWrong": "コードが正しくないか、すでに使用されています",
  "admin.server.enrolmentRequired": "管理画面を使う前に、2段階認証を設定してください",
  "admin.server.enrolmentNotStarted": "先に認証アプリの設定を始めてください",
  "admin.server.alreadyEnrolled": "このアカウントにはすでに認証アプリが設定されています",
  "admin.server.setupLinkInvalid": "このパスワード設定用リンクは無効か、すでに使用されています",
  "admin.server.setupLinkExpired":
    "このパスワード設定用リンクの有効期限が切れています。オーナーに新しいリンクを依頼してください。",
  "admin.server.staffNotFound": "このメールアドレスのスタッフはいません",
  "admin.server.staffExists": "このメールアドレスのスタッフはすでに登録されています",
  "admin.server.lastOwner": "有効なオーナーが少なくとも1人必要です",
  "admin.server.staffDisabled": "このスタッフは無効になっています。先に有効にしてください",
  "admin.server.unknownRole": "不明な役割です",
  "admin.server.totpCodeFormat": "認証アプリに表示された6桁のコードを入力してください",
  "admin.role.owner": "オーナー",
  "admin.role.manager": "マネージャー",
  "admin.role.support": "サポート",
  "admin.role.fulfilment": "出荷担当",
  "admin.role.content": "コンテンツ担当",
  "admin.permission.orders.read": "注文の閲覧",
  "admin.permission.orders.fulfil": "注文の出荷",
  "admin.permission.payments.refund": "返金",
  "admin.permission.returns.manage": "返品の対応",
  "admin.permission.customers.read": "顧客の閲覧",
  "admin.permission.customers.manage": "顧客情報の変更",
  "admin.permission.mails.resend": "メールの再送",
  "admin.permission.catalogue.read": "商品カタログと在庫の閲覧",
  "admin.permission.catalogue.manage": "商品カタログの変更",
  "admin.permission.discounts.read": "割引コードの閲覧",
  "admin.permission.discounts.manage": "割引コードの変更",
  "admin.permission.content.manage": "コンテンツの変更",
  "admin.permission.firmware.manage": "ファームウェアの追加と公開",
  "admin.permission.staff.manage": "スタッフの管理",
  "admin.permission.audit.read": "監査ログの閲覧",
} as const;

export const adminJaJP = {
  ...serverAndNamesJaJP,
  ...adminShellJaJP,
  ...adminAuthJaJP,
  ...adminStaffJaJP,
  ...adminAuditJaJP,
  ...adminDashboardJaJP,
  ...adminOrdersJaJP,
  ...adminCustomersJaJP,
  ...adminReturnsJaJP,
  ...adminProductsJaJP,
  ...adminDiscountsJaJP,
  ...adminPicturesJaJP,
  ...adminReleasesJaJP,
  ...adminBlogJaJP,
  ...adminCatalogueCsvJaJP,
} as const satisfies Record<keyof typeof adminEnUS, string>;
