import { isHandle } from "@vela/shared";
import { type RouteObject, redirect } from "react-router-dom";
import { productQuery } from "../../features/products/product-query.ts";
import { searchResultsQuery, searchWords } from "../../features/search/search-query.ts";
import { detectLocale } from "../../lib/i18n.tsx";
import { prefetch } from "../../lib/route-data.ts";
import { PATHS, productHref, searchHref } from "../../lib/routes.ts";
import { lazyPage } from "./lazy-page.ts";

/** The shop: the catalogue, a product, its reviews, what fits the glasses, the finder and the mobile kit. */
export const shopRoutes: RouteObject[] = [
  {
    path: PATHS.products,
    // A search in the catalogue's URL (/products?q=) is the store's search.
    loader: ({ request }) => {
      const q = new URL(request.url).searchParams.get("q")?.trim();
      return q ? redirect(searchHref(q)) : null;
    },
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
    path: PATHS.search,
    ...prefetch((data, { request }) => {
      const q = searchWords(new URL(request.url).searchParams.get("q"));
      if (q) void data.queryClient.prefetchQuery(searchResultsQuery(data, q, detectLocale()));
    }),
    lazy: lazyPage(
      () => import("../../features/search/search-page.tsx"),
      (m) => m.SearchPage,
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
