import type { Permission } from "@vela/shared/admin";
import type { AdminRoute } from "../../lib/admin/routes.ts";

export interface NavEntry {
  /** The full path: "/admin", "/admin/staff". */
  href: string;
  labelKey: string;
  permission: Permission;
}

/** `orders/:id` below /admin -> "/admin/orders/:id"; "" is the admin's start page. */
export const adminHref = (path: string): string => (path ? `/admin/${path}` : "/admin");

/**
 * The navigation a member sees: the routes with a `nav` entry whose permission they hold, in
 * their `order`. Read from the same table as the route guard, so the two cannot disagree.
 */
export function navEntries(routes: readonly AdminRoute[], permissions: readonly Permission[]): NavEntry[] {
  return routes
    .flatMap((r) =>
      r.nav && permissions.includes(r.permission)
        ? [
            {
              href: adminHref(r.path),
              labelKey: r.nav.labelKey,
              permission: r.permission,
              order: r.nav.order,
            },
          ]
        : [],
    )
    .sort((a, b) => a.order - b.order)
    .map(({ order: _order, ...entry }) => entry);
}

/** Where a member lands after signing in without a place to go back to: their first page. */
export function firstPage(routes: readonly AdminRoute[], permissions: readonly Permission[]): string | null {
  return navEntries(routes, permissions)[0]?.href ?? null;
}
