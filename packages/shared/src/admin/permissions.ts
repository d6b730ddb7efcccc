// What a member of staff may do in the admin, as one list read by the server (each admin
// procedure names one permission: server/src/trpc/admin-init.ts) and by the admin client (what
// it shows). Permissions are fixed in code; a role is a named set of them (docs/admin.md).

/** Every permission, `area.verb`, coarse on purpose: one per kind of job, not one per table. */
export const PERMISSIONS = [
  "orders.read",
  "orders.fulfil",
  "payments.refund",
  "returns.manage",
  "customers.read",
  "customers.manage",
  "mails.resend",
  "catalogue.read",
  "catalogue.manage",
  /** See discount codes, their uses and the sales they touched, and the code templates. */
  "discounts.read",
  /** Make, change, disable and enable discount codes; change the code templates. */
  "discounts.manage",
  "content.manage",
  /** Add, publish and withdraw firmware images: a bad image could stop glasses from starting. */
  "firmware.manage",
  "staff.manage",
  "audit.read",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ROLES = ["owner", "manager", "support", "fulfilment", "content"] as const;
export type Role = (typeof ROLES)[number];

/** The one table of who may do what. A role not here cannot exist (the database keeps the name). */
export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  owner: PERMISSIONS,
  manager: PERMISSIONS.filter((p) => p !== "staff.manage"),
  support: [
    "orders.read",
    "orders.fulfil",
    "returns.manage",
    "customers.read",
    "mails.resend",
    "catalogue.read",
    "discounts.read",
  ],
  fulfilment: ["orders.read", "orders.fulfil", "catalogue.read"],
  content: ["content.manage"],
};

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

export function isPermission(value: string): value is Permission {
  return (PERMISSIONS as readonly string[]).includes(value);
}

/** The permissions of a role name as stored; an unknown name has none. */
export function permissionsOf(role: string): readonly Permission[] {
  return isRole(role) ? ROLE_PERMISSIONS[role] : [];
}

/** Whether a role holds a permission. */
export function roleCan(role: string, permission: Permission): boolean {
  return permissionsOf(role).includes(permission);
}

/**
 * Whether a holder of `permissions` may do something that needs `needed`: "all" of them, or
 * "any" one. Said explicitly at every use, so that a list never means one or the other by accident.
 */
export function can(
  permissions: readonly Permission[],
  needed: readonly Permission[],
  mode: "all" | "any",
): boolean {
  return mode === "all"
    ? needed.every((p) => permissions.includes(p))
    : needed.some((p) => permissions.includes(p));
}
