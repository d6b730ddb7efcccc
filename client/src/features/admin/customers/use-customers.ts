// The customers area's queries and actions, with the cache kept in step here: an action puts the
// customer's page it answers with in the cache, and refetches the list and the audit trail it
// changed, before the caller's own onSuccess runs.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CUSTOMER_PAGE_DEFAULT } from "@vela/shared/admin";
import { cursorPages } from "../../../lib/admin/cursor-pages.ts";
import { type AdminOutputs, useAdminTRPC, useAdminTRPCClient } from "../../../lib/admin/trpc.ts";

export type CustomerListItem = AdminOutputs["customers"]["search"]["customers"][number];
export type CustomerDetail = AdminOutputs["customers"]["get"];

/** The list, newest first, or the customers matching `q` (every word), in cursor pages. */
export function useCustomerSearch(q: string | undefined) {
  const trpc = useAdminTRPC();
  const client = useAdminTRPCClient();
  const input = { limit: CUSTOMER_PAGE_DEFAULT, ...(q ? { q } : {}) };
  return useInfiniteQuery(
    cursorPages(trpc.customers.search.infiniteQueryKey(input), (cursor) =>
      client.customers.search.query({ ...input, ...(cursor ? { cursor } : {}) }),
    ),
  );
}

export function useCustomer(customerId: number | null) {
  const trpc = useAdminTRPC();
  return useQuery(
    trpc.customers.get.queryOptions({ customerId: customerId ?? 0 }, { enabled: customerId !== null }),
  );
}

export function useCustomerActions() {
  const trpc = useAdminTRPC();
  const queryClient = useQueryClient();
  const refresh = (customer: CustomerDetail) => {
    queryClient.setQueryData(trpc.customers.get.queryKey({ customerId: customer.id }), customer);
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.customers.search.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.audit.list.pathKey() }),
    ]);
  };
  const onSuccess = { onSuccess: (answer: { customer: CustomerDetail }) => refresh(answer.customer) };
  return {
    sendPasswordReset: useMutation(trpc.customers.sendPasswordReset.mutationOptions(onSuccess)),
    disable: useMutation(trpc.customers.disable.mutationOptions(onSuccess)),
    enable: useMutation(trpc.customers.enable.mutationOptions(onSuccess)),
  };
}

/** `/admin/customers/12` -> 12; anything but a positive whole number is no customer. */
export function customerIdOf(value: string | undefined): number | null {
  return value && /^[1-9]\d{0,9}$/.test(value) && Number(value) <= 2_147_483_647 ? Number(value) : null;
}
