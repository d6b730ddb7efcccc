import type { Locale } from "@vela/i18n";
import type { RouteData } from "../../lib/route-data.ts";
import { catalogLanguage } from "../../lib/store-locale.ts";

/** The product page's query (product-page.tsx) in the reader's language, started early by the route's loader. */
export const productQuery = ({ trpc }: Pick<RouteData, "trpc">, handle: string, locale: Locale) =>
  trpc.catalog.product.queryOptions({ handle, ...catalogLanguage(locale) });
