import type { AdminRoute } from "../../../lib/admin/routes.ts";

/**
 * The release notes area (content.manage): the list of system releases per model and app releases
 * per app and platform, a new release's page (`?kind=system|app`) and a release's page.
 */
export const routes: AdminRoute[] = [
  {
    path: "release-notes",
    permission: "content.manage",
    nav: { labelKey: "admin.releaseNotes.nav", order: 60 },
    lazy: () => import("./release-notes-page.tsx"),
  },
  {
    path: "release-notes/new",
    permission: "content.manage",
    lazy: () => import("./release-page.tsx"),
  },
  {
    path: "release-notes/:kind/:id",
    permission: "content.manage",
    lazy: () => import("./release-page.tsx"),
  },
];
