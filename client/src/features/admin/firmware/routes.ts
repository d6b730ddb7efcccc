import type { AdminRoute } from "../../../lib/admin/routes.ts";

/**
 * The firmware area (firmware.manage: owner and manager): every version per glasses model with its
 * status, publishing and withdrawing, and adding a version with its image.
 */
export const routes: AdminRoute[] = [
  {
    path: "firmware",
    permission: "firmware.manage",
    nav: { labelKey: "admin.firmware.nav", order: 62 },
    lazy: () => import("./firmware-page.tsx"),
  },
];
