import type { RouteData } from "../../app/route-data.ts";

/** A product handle as the catalogue writes them; anything else is "not found" without asking. */
export const isProductHandle = (handle: string): boolean => /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(handle);

/** The product page's query (product-page.tsx), started early by the route's loader. */
export const productQuery = ({ trpc }: Pick<RouteData, "trpc">, handle: string) =>
  trpc.catalog.product.queryOptions({ handle });
