import type { MessageKey } from "@vela/i18n";
import { PATHS } from "../../../lib/routes.ts";

export interface AccountTab {
  path: string;
  label: MessageKey;
}

export const ACCOUNT_TABS: readonly AccountTab[] = [
  { path: PATHS.account, label: "account.nav.overview" },
  { path: PATHS.orders, label: "account.nav.orders" },
  { path: PATHS.addresses, label: "account.nav.addresses" },
  { path: PATHS.profile, label: "account.nav.profile" },
];

const trimSlash = (path: string): string => path.replace(/\/+$/, "") || "/";

/**
 * Spec 000 §2: "A tab is active when the current path equals its route or is beneath it."
 * Taken literally, Account Overview (/account) would be active on every account page, since
 * they all live beneath /account; two tabs lit at once helps nobody. So the overview is
 * active on exactly /account, and every other tab on its route or beneath it
 * (/account/orders/1001 lights Orders).
 */
export function isTabActive(tabPath: string, currentPath: string): boolean {
  const tab = trimSlash(tabPath);
  const current = trimSlash(currentPath);
  if (tab === PATHS.account) return current === tab;
  return current === tab || current.startsWith(`${tab}/`);
}
