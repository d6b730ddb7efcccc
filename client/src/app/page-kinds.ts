import type { MessageKey } from "@vela/i18n";
import { isPrivatePagePath } from "@vela/shared";
import { matchPath } from "react-router-dom";
import { PATHS } from "../lib/routes.ts";

/**
 * Pages that stay client-rendered, with the title their HTML shell carries (the page's own, as
 * its usePageTitle sets it). Private pages need a session or carry a one-time token, and are
 * never indexed; the glasses tools need a browser's WebHID and render nothing useful without it.
 */
const PRIVATE_PAGES: readonly (readonly [pattern: string, title: MessageKey])[] = [
  [PATHS.account, "overview.title"],
  [PATHS.orders, "orders.title"],
  [PATHS.order, "orders.title"],
  [PATHS.addresses, "addresses.title"],
  [PATHS.profile, "profile.title"],
  [PATHS.login, "login.title"],
  [PATHS.loginAlias, "login.title"],
  [PATHS.register, "register.title"],
  [PATHS.recover, "recover.title"],
  [PATHS.reset, "reset.title"],
  [PATHS.activate, "activate.title"],
  [PATHS.emailChange, "emailChange.confirmTitle"],
  [PATHS.emailChangeCancel, "emailChange.cancelTitle"],
  [PATHS.guestReturn, "returns.guest.title"],
  [PATHS.cart, "cart.title"],
  [PATHS.checkout, "checkout.title"],
  [PATHS.checkoutConfirmation, "checkout.confirmationTitle"],
  [PATHS.checkoutAccountOffer, "accountOffer.title"],
  [PATHS.checkoutClaimOrders, "claimOrders.title"],
  [PATHS.checkoutComplete, "checkout.complete.title"],
  [PATHS.orderLookup, "orderLookup.title"],
  [PATHS.orderAccess, "orderLookup.accessTitle"],
  [PATHS.newsletterConfirm, "newsletter.confirmTitle"],
  [PATHS.newsletterUnsubscribe, "newsletter.unsubscribeTitle"],
];

const TOOL_PAGES: readonly (readonly [pattern: string, title: MessageKey])[] = [
  [PATHS.firmwareCalibration, "firmware.calibration.title"],
  [PATHS.firmwareUpdate, "firmware.update.title"],
  [PATHS.firmwareColor, "firmware.color.pageTitle"],
];

export type PageKind =
  | { kind: "rendered" }
  /** Client-rendered: `noindex` when private. */
  | { kind: "shell"; title: MessageKey | null; noindex: boolean };

const matches = (pattern: string, pathname: string) =>
  matchPath({ path: pattern, end: true }, pathname) !== null;

/** How the server answers a page path: rendered with its content, or the client's shell. */
export function pageKind(pathname: string): PageKind {
  const privatePage = PRIVATE_PAGES.find(([pattern]) => matches(pattern, pathname));
  if (privatePage) return { kind: "shell", title: privatePage[1], noindex: true };
  // Everything under the private prefixes (the one list robots.txt and X-Robots-Tag use) is
  // private whether or not the client knows the path.
  if (isPrivatePagePath(pathname)) return { kind: "shell", title: null, noindex: true };
  const tool = TOOL_PAGES.find(([pattern]) => matches(pattern, pathname));
  if (tool) return { kind: "shell", title: tool[1], noindex: false };
  return { kind: "rendered" };
}
