import { type PERMISSIONS, type ROLES, ADMIN_MESSAGES as TEXTS } from "@vela/shared/admin";

/**
 * The admin's texts: the server's answers (admin.server.*, the English of @vela/shared/admin's
 * ADMIN_MESSAGES), and the names of roles and permissions. An area of its own: the admin's
 * entry loads it, the shop's never does.
 */
export const adminEnUS = {
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
  "admin.permission.catalogue.manage": "Change the catalogue",
  "admin.permission.content.manage": "Change the content",
  "admin.permission.staff.manage": "Manage staff",
  "admin.permission.audit.read": "See the audit trail",
} as const satisfies Record<
  | `admin.server.${keyof typeof TEXTS}`
  | `admin.role.${(typeof ROLES)[number]}`
  | `admin.permission.${(typeof PERMISSIONS)[number]}`,
  string
>;
