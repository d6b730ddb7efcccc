// How the orders area says things: statuses, money in minor units, and the server's refusals in
// the reader's language (by their reason code), placed on the form field they are about.

import { TRPCClientError } from "@trpc/client";
import { isMessageKey, type MessageKey } from "@vela/i18n";
import { toMoney } from "@vela/shared";
import { adminServerText, useAdminText } from "../../../lib/admin/text.ts";

interface ErrorData {
  reason?: string;
  params?: Record<string, string | number>;
  issues?: { path: string; message: string }[] | null;
}

const dataOf = (err: unknown): ErrorData | null =>
  err instanceof TRPCClientError ? ((err.data as ErrorData | undefined) ?? null) : null;

export function useOrderText() {
  const text = useAdminText();
  const { tKey, money } = text;
  const label = (key: string, fallback: string) => (isMessageKey(key) ? tKey(key) : fallback);
  /** The failure in the reader's language: a refusal by its reason code, else the server's words. */
  const failure = (err: unknown): string => {
    const data = dataOf(err);
    const key = data?.reason ? `admin.orders.refusal.${data.reason}` : "";
    if (key && isMessageKey(key)) return tKey(key as MessageKey, data?.params ?? {});
    return text.errorText(err);
  };
  return {
    ...text,
    failure,
    /** The failure's text for each form field it is about (`address.city` is `city`). */
    fieldErrors(err: unknown): Record<string, string> {
      const issues = dataOf(err)?.issues ?? [];
      const out: Record<string, string> = {};
      const refusal = dataOf(err)?.reason ? failure(err) : null;
      for (const issue of issues) {
        const field = issue.path.split(".").at(-1) ?? issue.path;
        out[field] ??= refusal ?? adminServerText(text.locale, issue.message, text.serverText);
      }
      return out;
    },
    financial: (status: string) => label(`admin.orders.financial.${status}`, status),
    fulfilment: (status: string) => label(`admin.orders.fulfilment.${status}`, status),
    /** Minor units of a currency, as the reader writes money. */
    minor: (amount: number, currencyCode: string) => money(toMoney(amount, currencyCode)),
    language: (locale: string) => label(`admin.orders.language.${locale}`, locale),
  };
}
