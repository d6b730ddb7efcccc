import { type CatalogLanguage, SEARCH_QUERY_MAX } from "@vela/shared";
import type { RouteData } from "../../lib/route-data.ts";
import { catalogLanguage } from "../../lib/store-locale.ts";

/** The words of `?q=` as the page searches them: trimmed, cut at the server's limit. */
export const searchWords = (raw: string | null): string =>
  (raw ?? "").trim().slice(0, SEARCH_QUERY_MAX).trim();

/** The results page's query (search-page.tsx), started early by the route's loader. */
export const searchResultsQuery = ({ trpc }: Pick<RouteData, "trpc">, q: string, locale: CatalogLanguage) =>
  trpc.search.query.queryOptions({ q, ...catalogLanguage(locale) });

/** The suggestions under the header's box. */
export const searchSuggestQuery = ({ trpc }: Pick<RouteData, "trpc">, q: string, locale: CatalogLanguage) =>
  trpc.search.suggest.queryOptions({ q, ...catalogLanguage(locale) }, { staleTime: 60_000 });
