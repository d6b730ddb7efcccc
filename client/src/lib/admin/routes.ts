// The shape every admin area declares its pages in. Each area of the admin
// (client/src/features/admin/<area>/routes.ts) exports `routes: AdminRoute[]`; the admin's entry
// (client/src/app/admin/) gathers them into one table that both the route guard and the
// navigation read, so a page's permission is written in one place.
import type { Permission } from "@vela/shared/admin";
import type { ComponentType } from "react";

export interface AdminRoute {
  /** The path below /admin, without a leading slash: "orders", "orders/:id". */
  path: string;
  /** What a member needs to open the page; the navigation hides it from everyone else. */
  permission: Permission;
  /** Shown in the admin's navigation when set: the label's message key and its place (ascending). */
  nav?: { labelKey: string; order: number };
  /** The page's code, loaded when the page is first opened. */
  lazy: () => Promise<{ default: ComponentType }>;
}
