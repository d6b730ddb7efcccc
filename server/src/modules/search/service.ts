// The store's search: products (titles, descriptions, variants, SKUs) and posts, found by the words
// of any language the catalogue has, answered in the reader's language. The words as typed first;
// when nothing holds them, near matches (a typo), said so by `approximate`.
import {
  type BlogLanguage,
  type BlogPostSummary,
  blogImages,
  type CatalogLanguage,
  DEFAULT_CATALOG_LANGUAGE,
  SEARCH_RESULTS_MAX,
  SEARCH_SUGGESTIONS,
  type SearchInput,
  type SearchSuggestInput,
} from "@vela/shared";
import type { SearchAnswer, SearchSuggestion, SearchSuggestions } from "@vela/shared/api";
import type { Deps } from "../../deps.ts";
import { listProducts, titleTranslationOf } from "../catalog/service.ts";
import { exactRefs, type Kind, nearCandidates } from "./lookup.ts";
import { nearness, queryWords } from "./words.ts";

/** Posts on the results page at most. */
const POSTS_MAX = 6;
/** Of the suggestions, posts at most (products first). */
const SUGGESTED_POSTS_MAX = 2;

interface Found {
  products: string[];
  posts: string[];
  approximate: boolean;
}

/** Near matches of one kind, best first: every word near a word of the names. */
async function nearRefs(
  deps: Pick<Deps, "db">,
  kind: Kind,
  words: string[],
  limit: number,
): Promise<string[]> {
  const candidates = await nearCandidates(deps.db, kind, words);
  return candidates
    .map((c) => ({ ...c, score: nearness(words, c.names) }))
    .filter((c) => c.score > 0)
    .sort((a, b) => b.score - a.score || a.position - b.position || a.ref.localeCompare(b.ref))
    .slice(0, limit)
    .map((c) => c.ref);
}

/** The handles and slugs that match, best first. */
export async function findRefs(
  deps: Pick<Deps, "db">,
  q: string,
  limits: { products: number; posts: number },
): Promise<Found> {
  const words = queryWords(q);
  const [products, posts] = await Promise.all([
    exactRefs(deps.db, "product", words, limits.products),
    exactRefs(deps.db, "post", words, limits.posts),
  ]);
  if (products.length || posts.length) return { products, posts, approximate: false };
  const [nearProducts, nearPosts] = await Promise.all([
    nearRefs(deps, "product", words, limits.products),
    nearRefs(deps, "post", words, limits.posts),
  ]);
  return {
    products: nearProducts,
    posts: nearPosts,
    approximate: nearProducts.length + nearPosts.length > 0,
  };
}

const blogLanguageOf = (language: CatalogLanguage): BlogLanguage =>
  language === "ja-JP" ? "ja-JP" : "en-US";

/**
 * The posts by slug, in that order, in the language (English for a post not yet translated); a
 * post dated later than now is not out yet, whatever the index holds.
 */
async function postSummaries(
  deps: Pick<Deps, "db" | "clock">,
  slugs: string[],
  language: CatalogLanguage,
): Promise<BlogPostSummary[]> {
  if (!slugs.length) return [];
  const lang = blogLanguageOf(language);
  const rows = await deps.db.blogPost.findMany({
    where: { slug: { in: slugs }, publishedAt: { lte: deps.clock.now() } },
    select: {
      slug: true,
      publishedAt: true,
      image: true,
      translations: {
        where: { language: { in: [lang, "en-US"] } },
        select: { language: true, title: true, excerpt: true, imageAlt: true },
      },
    },
  });
  const bySlug = new Map(rows.map((r) => [r.slug, r]));
  return slugs.flatMap((slug) => {
    const row = bySlug.get(slug);
    const t = row?.translations.find((x) => x.language === lang) ?? row?.translations[0];
    if (!row || !t) return [];
    return [
      {
        slug,
        publishedAt: row.publishedAt.toISOString().slice(0, 10),
        language: t.language as BlogLanguage,
        title: t.title,
        excerpt: t.excerpt,
        alt: t.imageAlt,
        ...blogImages(row.image),
      },
    ];
  });
}

/** The results page: product cards and post summaries, best first. */
export async function search(deps: Deps, input: SearchInput): Promise<SearchAnswer> {
  const language = input.language ?? DEFAULT_CATALOG_LANGUAGE;
  const q = input.q.trim();
  const found = await findRefs(deps, q, {
    products: input.limit ?? SEARCH_RESULTS_MAX,
    posts: POSTS_MAX,
  });
  const [products, posts] = await Promise.all([
    found.products.length
      ? listProducts(deps, { language, handles: found.products }).then((r) => r.products)
      : [],
    postSummaries(deps, found.posts, language),
  ]);
  return { q, approximate: found.approximate, products, posts };
}

/** A few titles for the words typed so far: products first, then posts. */
export async function suggest(deps: Deps, input: SearchSuggestInput): Promise<SearchSuggestions> {
  const language = input.language ?? DEFAULT_CATALOG_LANGUAGE;
  const found = await findRefs(deps, input.q, {
    products: SEARCH_SUGGESTIONS,
    posts: SUGGESTED_POSTS_MAX,
  });
  const postCount = Math.min(found.posts.length, SUGGESTED_POSTS_MAX);
  const handles = found.products.slice(0, SEARCH_SUGGESTIONS - postCount);
  const slugs = found.posts.slice(0, SEARCH_SUGGESTIONS - handles.length);
  const [productRows, posts] = await Promise.all([
    handles.length
      ? deps.db.product.findMany({
          where: { handle: { in: handles } },
          select: { handle: true, title: true, translations: titleTranslationOf(language) },
        })
      : [],
    postSummaries(deps, slugs, language),
  ]);
  const titles = new Map(productRows.map((p) => [p.handle, p.translations[0]?.title ?? p.title]));
  const suggestions: SearchSuggestion[] = [
    ...handles.flatMap((handle) => {
      const title = titles.get(handle);
      return title === undefined ? [] : [{ kind: "product" as const, handle, title }];
    }),
    ...posts.map((p) => ({ kind: "post" as const, handle: p.slug, title: p.title })),
  ];
  return { suggestions, approximate: found.approximate };
}
