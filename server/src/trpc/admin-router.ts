// The admin's router, on its own endpoint (ADMIN_TRPC_PATH, /admin/trpc) and its own type: the
// shop's client imports AppRouter only, so nothing of the admin reaches its bundle. Areas to
// come (orders, returns, customers) add their module's admin-router.ts here.
import { auditRouter } from "../modules/audit/admin-router.ts";
import { blogAdminRouter } from "../modules/blog/admin-router.ts";
import { productsAdminRouter } from "../modules/catalog/admin-router.ts";
import { catalogueCsvAdminRouter } from "../modules/catalogue-csv/admin-router.ts";
import { customersAdminRouter } from "../modules/customers/admin-router.ts";
import { discountsAdminRouter } from "../modules/discounts/admin-router.ts";
import { firmwareAdminRouter } from "../modules/firmware/admin-router.ts";
import { dashboardAdminRouter, ordersAdminRouter } from "../modules/orders/admin-router.ts";
import { releaseNotesAdminRouter } from "../modules/release-notes/admin-router.ts";
import { returnsAdminRouter } from "../modules/returns/admin-router.ts";
import { staffAuthRouter, staffManagementRouter } from "../modules/staff/admin-router.ts";
import { adminRouter, createAdminCallerFactory } from "./admin-init.ts";

export const adminAppRouter = adminRouter({
  auth: staffAuthRouter,
  staff: staffManagementRouter,
  audit: auditRouter,
  customers: customersAdminRouter,
  returns: returnsAdminRouter,
  orders: ordersAdminRouter,
  dashboard: dashboardAdminRouter,
  products: productsAdminRouter,
  discounts: discountsAdminRouter,
  releaseNotes: releaseNotesAdminRouter,
  firmware: firmwareAdminRouter,
  blog: blogAdminRouter,
  catalogueCsv: catalogueCsvAdminRouter,
});

export type AdminRouter = typeof adminAppRouter;
export const createAdminCaller = createAdminCallerFactory(adminAppRouter);

/** The admin procedures that name no permission: sign-in, its second step and enrolment, sign-out, who am I. */
export const SIGN_IN_PROCEDURES = [
  "auth.signIn",
  "auth.verifySecondFactor",
  "auth.startTotpEnrolment",
  "auth.confirmTotpEnrolment",
  "auth.setPassword",
  "auth.signOut",
  "auth.me",
] as const;
