// The admin's catalogue (en-US; ja-JP.ts mirrors it). An area of its own: the admin's entry
// loads it (@vela/i18n/admin), the shop's never does.
//
// Each area of the admin keeps its texts in messages/admin/<area>/{en-US,ja-JP}.ts, keys
// `admin.<area>.*`, and joins the catalogue here and in ja-JP.ts the same way: one import line and
// its spread in the list below (`...adminOrdersEnUS,`). Its ja-JP file is typed
// `satisfies Record<keyof typeof admin<Area>EnUS, string>`, so a missing translation fails the
// typecheck. The shell's own texts (sign-in, layout, no-access) are in ./shell.
import { type PERMISSIONS, type ROLES, ADMIN_MESSAGES as TEXTS } from "@vela/shared/admin";
import { adminAuditEnUS } from "./audit/en-US.ts";
import { adminAuthEnUS } from "./auth/en-US.ts";
import { adminBlogEnUS } from "./blog/en-US.ts";
import { adminCatalogueCsvEnUS } from "./catalogue-csv/en-US.ts";
import { adminCustomersEnUS } from "./customers/en-US.ts";
import { adminDashboardEnUS } from "./dashboard/en-US.ts";
import { adminDiscountsEnUS } from "./discounts/en-US.ts";
import { adminOrdersEnUS } from "./orders/en-US.ts";
import { adminPicturesEnUS } from "./pictures/en-US.ts";
import { adminProductsEnUS } from "./products/en-US.ts";
import { adminReleasesEnUS } from "./releases/en-US.ts";
import { adminReturnsEnUS } from "./returns/en-US.ts";
import { adminShellEnUS } from "./shell/en-US.ts";
import { adminStaffEnUS } from "./staff/en-US.ts";

/**
 * The server's answers (admin.server.*, the English of @vela/shared/admin's ADMIN_MESSAGES), and
 * the names of roles and permissions.
 */
const serverAndNamesEnUS = {
  "admin.server.notSignedIn": TEXTS.notSignedIn,
  "admin.server.forbidden": TEXTS.forbidden,
  "admin.server.invalidCredentials": TEXTS.invalidCredentials,
  "admin.server.secondFactorRequired": TEXTS.secondFactorRequired,
  "admin.server.secondFactorWrong": TEXTS.secondFactorWrong,
  "admin.server.enrolmentRequired": TEXTS.enrolmentRequired,
  "admin.server.enrolmentNotStarted": TEXTS.enrolmentNotStarted,
  "admin.server.alreadyEnrolled": TEXTS.alreadyEnrolled,
  "admin.server.setupLinkInvalid": TEXTS.setupLinkInvalid,
  "admin.server.setupLinkExpired": TEXTS.setupLinkExpired,
  "admin.server.staffNotFound": TEXTS.staffNotFound,
  "admin.server.staffExists": TEXTS.staffExists,
  "admin.server.lastOwner": TEXTS.lastOwner,
  "admin.server.staffDisabled": TEXTS.staffDisabled,
  "admin.server.unknownRole": TEXTS.unknownRole,
  "admin.server.totpCodeFormat": TEXTS.totpCodeFormat,
  "admin.role.owner": "Owner",
  "admin.role.manager": "Manager",
  "admin.role.support": "Support",
  "admin.role.fulfilment": "Fulfilment",
  "admin.role.content": "Content",
  "admin.permission.orders.read": "See orders",
  "admin.permission.orders.fulfil": "Fulfil orders",
  "admin.permission.payments.refund": "Refund payments",
  "admin.permission.returns.manage": "Handle returns",
  "admin.permission.customers.read": "See customers",
  "admin.permission.customers.manage": "Change customers",
  "admin.permission.mails.resend": "Resend mails",
  "admin.permission.catalogue.read": "See the catalogue and stock",
  "admin.permission.catalogue.manage": "Change the catalogue",
  "admin.permission.discounts.read": "See discount codes",
  "admin.permission.discounts.manage": "Change discount codes",
  "admin.permission.content.manage": "Change the content",
  "admin.permission.firmware.manage": "Add and publish firmware",
  "admin.permission.staff.manage": "Manage staff",
  "admin.permission.audit.read": "See the audit trail",
} as const satisfies Record<
  | `admin.server.${keyof typeof TEXTS}`
  | `admin.role.${(typeof ROLES)[number]}`
  | `admin.permission.${(typeof PERMISSIONS)[number]}`,
  string
>;

export const adminEnUS = {
  ...serverAndNamesEnUS,
  ...adminShellEnUS,
  ...adminAuthEnUS,
  ...adminStaffEnUS,
  ...adminAuditEnUS,
  ...adminDashboardEnUS,
  ...adminOrdersEnUS,
  ...adminCustomersEnUS,
  ...adminReturnsEnUS,
  ...adminProductsEnUS,
  ...adminDiscountsEnUS,
  ...adminPicturesEnUS,
  ...adminReleasesEnUS,
  ...adminBlogEnUS,
  ...adminCatalogueCsvEnUS,
} as const;
