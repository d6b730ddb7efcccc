// How the products area says things: types, statuses, stock reasons, money in minor units, and
// the server's refusals in the reader's language, placed on the form field they are about.
import { TRPCClientError } from "@trpc/client";
import { isMessageKey } from "@vela/i18n";
import { toMoney } from "@vela/shared";
import { adminServerText, useAdminText } from "../../../lib/admin/text.ts";

interface ErrorData {
  issues?: { path: string; message: string }[] | null;
}

const issuesOf = (err: unknown) =>
  err instanceof TRPCClientError ? ((err.data as ErrorData | undefined)?.issues ?? []) : [];

export function useProductText() {
  const text = useAdminText();
  const { tKey, money } = text;
  const label = (key: string, fallback: string) => (isMessageKey(key) ? tKey(key) : fallback);
  return {
    ...text,
    /** The failure's text for each form field it names, by the field's whole path (`variants.0.sku`). */
    fieldErrors(err: unknown): Record<string, string> {
      const out: Record<string, string> = {};
      for (const issue of issuesOf(err))
        out[issue.path] ??= adminServerText(text.locale, issue.message, text.serverText);
      return out;
    },
    type: (type: string) => label(`admin.products.type.${type}`, type),
    status: (status: string) => label(`admin.products.status.${status}`, status),
    reason: (reason: string) => label(`admin.products.stock.reason.${reason}`, reason),
    /** Minor units of a currency, as the reader writes money. */
    minor: (amount: number, currencyCode: string) => money(toMoney(amount, currencyCode)),
  };
}
