// The store's search (header box, suggestions as one types, the /search page): its inputs and limits.
import { z } from "zod";
import { ZCatalogLanguage } from "./storefront/schemas.ts";

/** A query longer than this is refused: nobody types more, and every word costs a scan. */
export const SEARCH_QUERY_MAX = 100;
/** Products (and, apart, posts) on the results page at most. */
export const SEARCH_RESULTS_MAX = 48;
/** Suggestions under the box as one types. */
export const SEARCH_SUGGESTIONS = 6;
/** The words of a query at most: more are ignored. */
export const SEARCH_WORDS_MAX = 8;

const ZSearchText = z
  .string({ error: "q is required" })
  .trim()
  .min(1, "q must not be empty")
  .max(SEARCH_QUERY_MAX, `q must be at most ${SEARCH_QUERY_MAX} characters`);

export const ZSearchInput = z.strictObject({
  q: ZSearchText,
  /** The language of the answer's texts; the search itself finds every language's words. */
  language: ZCatalogLanguage.optional(),
  limit: z.number().int().min(1).max(SEARCH_RESULTS_MAX).optional(),
});
export type SearchInput = z.infer<typeof ZSearchInput>;

export const ZSearchSuggestInput = z.strictObject({
  q: ZSearchText,
  language: ZCatalogLanguage.optional(),
});
export type SearchSuggestInput = z.infer<typeof ZSearchSuggestInput>;
