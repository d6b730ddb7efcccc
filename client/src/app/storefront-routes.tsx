import { isHandle } from "@vela/shared";
import type { ComponentType } from "react";
import type { RouteObject } from "react-router-dom";
import { productQuery } from "../features/products/product-query.ts";
import { detectLocale } from "../lib/i18n.tsx";
import { prefetch } from "../lib/route-data.ts";
import { PATHS } from "../lib/routes.ts";

/** A storefront page loaded on first visit. */
const lazyPage =
  <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType) =>
  async () => ({ Component: pick(await load()) });

/** The storefront pages of issue 4 (catalogue and helper pages), placed in the route table by router.tsx. */
export const storefrontRoutes: RouteObject[] = [
  {
    children: [
      {
        path: PATHS.products,
        lazy: lazyPage(
          () => import("../features/products/products-page.tsx"),
          (m) => m.ProductsPage,
        ),
      },
      {
        path: PATHS.product,
        ...prefetch((data, { params }) => {
          const handle = params.handle ?? "";
          if (isHandle(handle))
            void data.queryClient.prefetchQuery(productQuery(data, handle, detectLocale()));
        }),
        lazy: lazyPage(
          () => import("../features/products/product-page.tsx"),
          (m) => m.ProductPage,
        ),
      },
      {
        path: PATHS.reviews,
        lazy: lazyPage(
          () => import("../features/reviews/reviews-page.tsx"),
          (m) => m.ReviewsPage,
        ),
      },
      {
        path: PATHS.compatibility,
        lazy: lazyPage(
          () => import("../features/compatibility/compatibility-page.tsx"),
          (m) => m.CompatibilityPage,
        ),
      },
      {
        path: PATHS.finder,
        lazy: lazyPage(
          () => import("../features/finder/finder-page.tsx"),
          (m) => m.FinderPage,
        ),
      },
      {
        path: PATHS.contact,
        lazy: lazyPage(
          () => import("../features/contact/contact-page.tsx"),
          (m) => m.ContactPage,
        ),
      },
    ],
  },
  {
    path: PATHS.productAlias,
    lazy: lazyPage(
      () => import("../features/products/product-page.tsx"),
      (m) => m.ProductAliasPage,
    ),
  },
  {
    path: PATHS.newsletterConfirm,
    lazy: lazyPage(
      () => import("../features/newsletter/newsletter-pages.tsx"),
      (m) => m.NewsletterConfirmPage,
    ),
  },
  {
    path: PATHS.newsletterUnsubscribe,
    lazy: lazyPage(
      () => import("../features/newsletter/newsletter-pages.tsx"),
      (m) => m.NewsletterUnsubscribePage,
    ),
  },
];
