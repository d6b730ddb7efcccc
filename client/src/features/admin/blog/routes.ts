import type { AdminRoute } from "../../../lib/admin/routes.ts";

/**
 * The blog area (content.manage): the list of posts, a new post's page and a post's page, where
 * it is written in English and Japanese, previewed, published, scheduled, unpublished or deleted.
 */
export const routes: AdminRoute[] = [
  {
    path: "blog",
    permission: "content.manage",
    nav: { labelKey: "admin.nav.blog", order: 60 },
    lazy: () => import("./blog-page.tsx"),
  },
  {
    path: "blog/new",
    permission: "content.manage",
    lazy: () => import("./post-page.tsx"),
  },
  {
    path: "blog/:id",
    permission: "content.manage",
    lazy: () => import("./post-page.tsx"),
  },
];
