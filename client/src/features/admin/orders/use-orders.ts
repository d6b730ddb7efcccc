// The orders area's queries and actions, with the cache kept in step here: an action refetches
// the order, the list, the dashboard and the audit trail it changed before the caller's own
// onSuccess runs. A refused action changes nothing, but what the member saw may be stale: the
// order is refetched then too.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ORDER_PAGE_DEFAULT, type OrderListInput } from "@vela/shared/admin";
import { type AdminOutputs, useAdminTRPC } from "../../../lib/admin/trpc.ts";

export type OrderListPage = AdminOutputs["orders"]["list"];
export type OrderListRow = OrderListPage["orders"][number];
export type OrderDetail = AdminOutputs["orders"]["get"];
export type TimelineEntry = OrderDetail["timeline"][number];

/** The list's filters and page, as the URL keeps them. */
export const ORDER_FILTERS = [
  "q",
  "financialStatus",
  "fulfillmentStatus",
  "currencyCode",
  "from",
  "to",
  "cursor",
  "dir",
] as const;
export type OrderFilter = (typeof ORDER_FILTERS)[number];

export function useOrderList(values: Partial<Record<OrderFilter, string>>) {
  const trpc = useAdminTRPC();
  const { dir, ...rest } = values;
  const input = {
    ...rest,
    ...(rest.cursor ? { direction: dir === "prev" ? "prev" : "next" } : {}),
    limit: ORDER_PAGE_DEFAULT,
  } as OrderListInput;
  // The page on show stays while the next one loads: the pager does not jump.
  return useQuery(trpc.orders.list.queryOptions(input, { placeholderData: keepPreviousData }));
}

export function useOrder(number: number | null) {
  const trpc = useAdminTRPC();
  return useQuery(trpc.orders.get.queryOptions({ number: number ?? 0 }, { enabled: number !== null }));
}

export function useOrderActions(number: number) {
  const trpc = useAdminTRPC();
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.orders.get.queryKey({ number }) }),
      queryClient.invalidateQueries({ queryKey: trpc.orders.list.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.dashboard.summary.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.audit.list.pathKey() }),
    ]);
  const settle = { onSuccess: () => refresh(), onError: () => refresh() };
  return {
    fulfil: useMutation(trpc.orders.fulfil.mutationOptions(settle)),
    refund: useMutation(trpc.orders.refund.mutationOptions(settle)),
    cancel: useMutation(trpc.orders.cancel.mutationOptions(settle)),
    changeShippingAddress: useMutation(trpc.orders.changeShippingAddress.mutationOptions(settle)),
    resendConfirmation: useMutation(trpc.orders.resendConfirmation.mutationOptions(settle)),
    addNote: useMutation(trpc.orders.addNote.mutationOptions(settle)),
  };
}

/** `/admin/orders/1001` -> 1001; anything but an order number is no order. */
export function orderNumberOf(value: string | undefined): number | null {
  return value && /^[1-9]\d{0,8}$/.test(value) ? Number(value) : null;
}
