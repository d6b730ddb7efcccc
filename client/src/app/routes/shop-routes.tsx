import { isHandle } from "@vela/shared";
import { type RouteObject, redirect } from "react-router-dom";
import { productQuery } from "../../features/products/product-query.ts";
import { detectLocale } from "../../lib/i18n.tsx";
import { prefetch } from "../../lib/route-data.ts";
import { PATHS, productHref } from "../../lib/routes.ts";
import { lazyPage } from "./lazy-page.ts";

/** The shop: the catalogue, a product, its reviews, what fits the glasses, the finder and the mobile kit. */
export const shopRoutes: RouteObject[] = [
  {
    path: PATHS.products,
    lazy: lazyPage(
      () => import("../../features/products/products-page.tsx"),
      (m) => m.ProductsPage,
    ),
  },
  {
    path: PATHS.product,
    ...prefetch((data, { params }) => {
      const handle = params.handle ?? "";
      if (isHandle(handle)) void data.queryClient.prefetchQuery(productQuery(data, handle, detectLocale()));
    }),
    lazy: lazyPage(
      () => import("../../features/products/product-page.tsx"),
      (m) => m.ProductPage,
    ),
  },
  {
    // Spec 001's /product/{handle}: a redirect of the route table, so the server answers it too.
    path: PATHS.productAlias,
    loader: ({ params, request }) =>
      redirect(`${productHref(params.handle ?? "")}${new URL(request.url).search}`),
  },
  {
    path: PATHS.reviews,
    lazy: lazyPage(
      () => import("../../features/reviews/reviews-page.tsx"),
      (m) => m.ReviewsPage,
    ),
  },
  {
    path: PATHS.compatibility,
    lazy: lazyPage(
      () => import("../../features/compatibility/compatibility-page.tsx"),
      (m) => m.CompatibilityPage,
    ),
  },
  {
    path: PATHS.finder,
    lazy: lazyPage(
      () => import("../../features/finder/finder-page.tsx"),
      (m) => m.FinderPage,
    ),
  },
  {
    path: PATHS.mobile,
    lazy: lazyPage(
      () => import("../../features/mobile/mobile-page.tsx"),
      (m) => m.MobilePage,
    ),
  },
  {
    path: PATHS.storeMobile,
    lazy: lazyPage(
      () => import("../../features/mobile/store-mobile-page.tsx"),
      (m) => m.StoreMobilePage,
    ),
  },
];
