import type { Permission } from "@vela/shared/admin";
import type { ReactNode } from "react";
import { useCan } from "../../lib/admin/staff.tsx";

/** Exactly one of `all` (every permission listed) or `any` (one of them): never a bare list. */
export type PermissionNeed =
  | { all: readonly [Permission, ...Permission[]]; any?: never }
  | { any: readonly [Permission, ...Permission[]]; all?: never };

export type PermissionGuardProps = PermissionNeed & {
  children: ReactNode;
  /** Drawn instead, for a member without the permission (nothing by default). */
  fallback?: ReactNode;
};

/**
 * Draws its children only for a member who holds the permissions: a button, a column, a part of
 * a page. It hides what the server would refuse anyway; it is never the check that matters.
 */
export function PermissionGuard({ children, fallback = null, ...need }: PermissionGuardProps) {
  const allowed = useCan(need.all ?? need.any ?? [], need.all ? "all" : "any");
  return <>{allowed ? children : fallback}</>;
}
