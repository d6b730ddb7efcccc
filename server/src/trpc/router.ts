import { accountRouter } from "../modules/account/router.ts";
import { addressesRouter } from "../modules/addresses/router.ts";
import { blogRouter } from "../modules/blog/router.ts";
import { cartRouter } from "../modules/cart/router.ts";
import { catalogRouter } from "../modules/catalog/router.ts";
import { checkoutRouter } from "../modules/checkout/router.ts";
import { compatibilityRouter } from "../modules/compatibility/router.ts";
import { contactRouter } from "../modules/contact/router.ts";
import { firmwareRouter } from "../modules/firmware/router.ts";
import { gamesRouter } from "../modules/games/router.ts";
import { newsletterRouter } from "../modules/newsletter/router.ts";
import { orderLookupRouter } from "../modules/order-lookup/router.ts";
import { ordersRouter } from "../modules/orders/router.ts";
import { releaseNotesRouter } from "../modules/release-notes/router.ts";
import { returnsRouter } from "../modules/returns/router.ts";
import { reviewsRouter } from "../modules/reviews/router.ts";
import { searchRouter } from "../modules/search/router.ts";
import { createCallerFactory, router } from "./init.ts";

export const appRouter = router({
  account: accountRouter,
  orders: ordersRouter,
  addresses: addressesRouter,
  cart: cartRouter,
  catalog: catalogRouter,
  reviews: reviewsRouter,
  compatibility: compatibilityRouter,
  contact: contactRouter,
  newsletter: newsletterRouter,
  firmware: firmwareRouter,
  releaseNotes: releaseNotesRouter,
  games: gamesRouter,
  blog: blogRouter,
  checkout: checkoutRouter,
  orderLookup: orderLookupRouter,
  returns: returnsRouter,
  search: searchRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
