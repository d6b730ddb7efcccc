// How the discount codes area says things: statuses, kinds, values, money in minor units, and the
// server's refusals in the reader's language, placed on the form field they are about.
import { TRPCClientError } from "@trpc/client";
import { toMoney } from "@vela/shared";
import type { DiscountStatus } from "@vela/shared/admin";
import { adminServerText, useAdminText } from "../../../lib/admin/text.ts";

interface ErrorData {
  issues?: { path: string; message: string }[] | null;
}

const issuesOf = (err: unknown) =>
  err instanceof TRPCClientError ? ((err.data as ErrorData | undefined)?.issues ?? []) : [];

/** An error's `data.reason` (the server's refusal code), if any. */
export const reasonOf = (err: unknown): string | undefined =>
  err instanceof TRPCClientError ? (err.data as { reason?: string } | undefined)?.reason : undefined;

export function useDiscountText() {
  const text = useAdminText();
  return {
    ...text,
    /** The failure's text for each form field it names, by the field's whole path (`currencies.USD.amountOff`). */
    fieldErrors(err: unknown): Record<string, string> {
      const out: Record<string, string> = {};
      for (const issue of issuesOf(err))
        out[issue.path] ??= adminServerText(text.locale, issue.message, text.serverText);
      return out;
    },
    status: (status: DiscountStatus) => text.t(`admin.discounts.status.${status}`),
    /** Minor units of a currency, as the reader writes money. */
    minor: (amount: number, currencyCode: string) => text.money(toMoney(amount, currencyCode)),
  };
}
