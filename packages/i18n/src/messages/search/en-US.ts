/** The store's search: the header's box with its suggestions, and the results page (/search). */
export const searchEnUS = {
  "search.label": "Search the store",
  "search.placeholder": "Search products and news",
  "search.open": "Search",
  "search.close": "Close search",
  "search.submit": "Search",
  "search.suggestions": "Suggestions",
  "search.kind.product": "Product",
  "search.kind.post": "News",
  "search.title": "Search",
  "search.titleFor": "Results for “{q}”",
  "search.description": "Search {brand}'s products and news.",
  "search.intro":
    "Type what you are looking for: a product, a colour, a SKU or a word of a post, in English or Japanese.",
  "search.results": "{count} products",
  "search.results#one": "{count} product",
  "search.products": "Products",
  "search.posts": "News",
  "search.none": "Nothing matches “{q}”. Try other words, or browse all products.",
  "search.approximate": "Nothing holds “{q}” as typed; these come close.",
  "search.browseAll": "All products",
  "search.loadFailed": "The search could not be loaded.",
} as const;
