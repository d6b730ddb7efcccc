// The store's search answers: the results page's products and posts, and the suggestions under the box.
import { z } from "zod";
import { ZBlogPostSummary } from "./content.ts";
import { ZProductCard } from "./storefront.ts";

export const ZSearchAnswer = z.object({
  /** The words searched for, trimmed. */
  q: z.string(),
  /**
   * True when no product or post held the words as typed and these are near matches (a typo):
   * the page says so.
   */
  approximate: z.boolean(),
  /** Best match first. */
  products: z.array(ZProductCard),
  posts: z.array(ZBlogPostSummary),
});
export type SearchAnswer = z.infer<typeof ZSearchAnswer>;

export const ZSearchSuggestion = z.object({
  kind: z.enum(["product", "post"]),
  /** The product's handle or the post's slug. */
  handle: z.string(),
  /** In the asked language where the catalogue has it. */
  title: z.string(),
});
export type SearchSuggestion = z.infer<typeof ZSearchSuggestion>;

export const ZSearchSuggestions = z.object({
  suggestions: z.array(ZSearchSuggestion),
  approximate: z.boolean(),
});
export type SearchSuggestions = z.infer<typeof ZSearchSuggestions>;
