// The admin's route table: every area's pages, gathered. Both the route guard (app/admin/router.tsx)
// and the navigation (app/admin/navigation.ts) read it, so a page's permission is written once, in
// its area's routes.ts.
//
// An area joins with one import line below and its name in the list:
//   import { routes as orders } from "../../features/admin/orders/routes.ts";
import { routes as audit } from "../../features/admin/audit/routes.ts";
import { routes as blog } from "../../features/admin/blog/routes.ts";
import { routes as customers } from "../../features/admin/customers/routes.ts";
import { routes as dashboard } from "../../features/admin/dashboard/routes.ts";
import { routes as discounts } from "../../features/admin/discounts/routes.ts";
import { routes as firmware } from "../../features/admin/firmware/routes.ts";
import { routes as orders } from "../../features/admin/orders/routes.ts";
import { routes as products } from "../../features/admin/products/routes.ts";
import { routes as releaseNotes } from "../../features/admin/release-notes/routes.ts";
import { routes as returns } from "../../features/admin/returns/routes.ts";
import { routes as staff } from "../../features/admin/staff/routes.ts";
import type { AdminRoute } from "../../lib/admin/routes.ts";

export const ADMIN_ROUTES: readonly AdminRoute[] = [
  ...dashboard,
  ...orders,
  ...returns,
  ...customers,
  ...products,
  ...discounts,
  ...releaseNotes,
  ...firmware,
  ...blog,
  ...staff,
  ...audit,
];
