import type { RouteData } from "../../app/route-data.ts";

/** The product page's query (product-page.tsx), started early by the route's loader. */
export const productQuery = ({ trpc }: Pick<RouteData, "trpc">, handle: string) =>
  trpc.catalog.product.queryOptions({ handle });
