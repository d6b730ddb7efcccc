/**
 * Which lazily loaded module draws each page, by the route's path pattern (the values of PATHS in
 * routes.ts). The build (the `vela-route-preloads` plugin of vite.config.ts) turns this into
 * dist/.vite/route-preloads.json, the chunks and stylesheets of each route, and the server puts
 * those into the index.html it answers a page with, so the browser fetches the page's code
 * together with the entry instead of after it. Plain data without imports: vite.config.ts reads
 * it with Node. route-modules.test.ts checks it against the route table.
 */
export const ROUTE_MODULES: Readonly<Record<string, readonly string[]>> = {
  // The home page is in the entry; its blocks load behind the heading (home-page.tsx).
  "/": ["src/features/home/home-blocks.tsx"],
  "/products": ["src/features/products/products-page.tsx"],
  "/products/:handle": ["src/features/products/product-page.tsx"],
  "/search": ["src/features/search/search-page.tsx"],
  "/reviews": ["src/features/reviews/reviews-page.tsx"],
  "/compatibility": ["src/features/compatibility/compatibility-page.tsx"],
  "/contact": ["src/features/contact/contact-page.tsx"],
  "/help-me-choose": ["src/features/finder/finder-page.tsx"],
  "/newsletter/confirm": ["src/features/newsletter/newsletter-pages.tsx"],
  "/newsletter/unsubscribe": ["src/features/newsletter/newsletter-pages.tsx"],
  "/cart": ["src/features/cart/cart-page.tsx"],
  "/checkout": ["src/features/checkout/checkout-page.tsx"],
  "/checkout/confirmation/:orderId": ["src/features/checkout/confirmation-page.tsx"],
  "/checkout/account": ["src/features/checkout/account-offer-page.tsx"],
  "/checkout/claim-orders": ["src/features/checkout/claim-orders-page.tsx"],
  "/checkout/complete": ["src/features/checkout/payment-return-page.tsx"],
  "/checkout/lookup": ["src/features/checkout/order-lookup-page.tsx"],
  "/checkout/order-link": ["src/features/checkout/order-access-page.tsx"],
  "/privacy-policy": ["src/features/privacy/privacy-page.tsx"],
  "/shipping-policy": ["src/features/legal/legal-pages.tsx"],
  "/returns-policy": ["src/features/legal/legal-pages.tsx"],
  "/warranty": ["src/features/legal/legal-pages.tsx"],
  "/terms-of-sale": ["src/features/legal/legal-pages.tsx"],
  "/legal-notice": ["src/features/legal/legal-pages.tsx"],
  "/account": ["src/features/account/overview/overview-page.tsx"],
  "/account/orders": ["src/features/account/orders/orders-page.tsx"],
  "/account/orders/:orderId": ["src/features/account/order-detail/order-detail-page.tsx"],
  "/account/addresses": ["src/features/account/addresses/addresses-page.tsx"],
  "/account/profile": ["src/features/account/profile/profile-page.tsx"],
  "/account/login": ["src/features/account/login/login-page.tsx"],
  // The spec's /login turns into /account/login in the client: the same page's code.
  "/login": ["src/features/account/login/login-page.tsx"],
  "/account/register": ["src/features/account/register/register-page.tsx"],
  "/account/recover": ["src/features/account/recover/recover-page.tsx"],
  "/account/reset": ["src/features/account/token-link/token-link-page.tsx"],
  "/account/activate": ["src/features/account/token-link/token-link-page.tsx"],
  "/account/email-change": ["src/features/account/email-change/email-change-pages.tsx"],
  "/account/email-change/cancel": ["src/features/account/email-change/email-change-pages.tsx"],
  "/account/return": ["src/features/account/returns/guest-return-page.tsx"],
  "/firmware/calibration": ["src/features/firmware/calibration/calibration-page.tsx"],
  "/firmware/update": ["src/features/firmware/update/update-page.tsx"],
  "/firmware/color": ["src/features/firmware/color/color-page.tsx"],
  "/release-updates/xr-glasses": ["src/features/release-notes/release-notes-page.tsx"],
  "/release-updates/:app": ["src/features/release-notes/release-notes-page.tsx"],
  "/games": ["src/features/games/games-page.tsx"],
  "/blog": ["src/features/blog/blog-index-page.tsx"],
  "/blog/:slug": ["src/features/blog/blog-post-page.tsx"],
  "/mobile": ["src/features/mobile/mobile-page.tsx"],
  "/store/mobile": ["src/features/mobile/store-mobile-page.tsx"],
};
