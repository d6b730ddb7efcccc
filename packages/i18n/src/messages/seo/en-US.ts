/**
 * Page descriptions for search results and link previews (<meta name="description">, Open Graph,
 * Twitter cards), spread at the end of the en-US catalogue. `{brand}` is the store's name.
 */
export const seoEnUS = {
  "seo.siteDescription": "{brand} XR glasses, accessories and apps: the official store.",
  "seo.home": "The official {brand} store: XR glasses, accessories, apps, games and news.",
  "seo.products": "Every pair of {brand} XR glasses and every accessory, with prices and stock.",
  "seo.finder": "Answer a few questions and find the {brand} glasses that suit you.",
  "seo.reviews": "What owners say about {brand} glasses and accessories: ratings and reviews.",
  "seo.compatibility": "Which phones, consoles and computers work with each pair of {brand} glasses.",
  "seo.contact": "Questions about an order or your glasses? Write to the {brand} team.",
  "seo.systemReleases": "What changed in each system update of {brand} glasses and the mobile dock.",
  "seo.appReleases": "What changed in each version of {app}, on every platform.",
  "seo.games": "Games that play on {brand} XR glasses: search by name, platform and genre.",
  "seo.mobile": "Take {brand} glasses anywhere: the mobile kit for phones and tablets.",
  "seo.storeMobile": "The mobile accessories for {brand} glasses, ready to buy.",
  "seo.blog": "News from {brand}: launches, updates and stories from the team.",
  "seo.privacy": "How {brand} collects, uses and protects your personal data.",
  "seo.notFound": "This page does not exist. Find {brand} glasses, accessories and help from the home page.",
  // The alt texts of the preview pictures of link previews (og:image:alt, twitter:image:alt).
  "seo.homeImageAlt": "A pair of {brand} XR glasses drawn on a green background",
  "seo.blogImageAlt": "A phone drawn on a purple and red background",
} as const;
