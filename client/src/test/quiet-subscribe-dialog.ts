import { SUBSCRIBED_COOKIE } from "@vela/shared";
import { resetSubscribeTimerForTests } from "../features/newsletter/subscribe-offer.tsx";
import { resetVisitForTests } from "../features/newsletter/visit.ts";

/**
 * For component tests of storefront pages: a visit after the first, so the subscribe dialog
 * stays away (the test setup clears cookies after each test).
 */
export function quietSubscribeDialog(): void {
  resetVisitForTests();
  resetSubscribeTimerForTests();
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API.
  document.cookie = `${SUBSCRIBED_COOKIE}=test; Path=/`;
}
