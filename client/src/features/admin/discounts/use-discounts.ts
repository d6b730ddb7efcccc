// The discount codes area's queries and actions, with the cache kept in step here: a save, a new
// code or a disable puts the code it answers with in the cache and refetches the list and the
// audit trail, before the caller's own onSuccess runs. A refused save refetches nothing: the page
// keeps what the member typed, and "Open the latest version" reloads it on purpose.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { DISCOUNT_PAGE_DEFAULT, type DiscountStatus } from "@vela/shared/admin";
import { cursorPages } from "../../../lib/admin/cursor-pages.ts";
import { type AdminOutputs, useAdminTRPC, useAdminTRPCClient } from "../../../lib/admin/trpc.ts";

export type DiscountListPage = AdminOutputs["discounts"]["list"];
export type DiscountRow = DiscountListPage["discounts"][number];
export type DiscountDetail = AdminOutputs["discounts"]["get"];
export type DiscountTemplate = AdminOutputs["discounts"]["templates"]["templates"][number];

/** The list's search and status filter, as the URL keeps them. */
export const DISCOUNT_FILTERS = ["q", "status"] as const;

export function useDiscountList(values: { q?: string; status?: string }) {
  const trpc = useAdminTRPC();
  const client = useAdminTRPCClient();
  const input = {
    ...(values.q ? { q: values.q } : {}),
    ...(values.status ? { status: values.status as DiscountStatus } : {}),
    limit: DISCOUNT_PAGE_DEFAULT,
  };
  return useInfiniteQuery(
    cursorPages(trpc.discounts.list.infiniteQueryKey(input), (cursor) =>
      client.discounts.list.query({ ...input, ...(cursor ? { cursor } : {}) }),
    ),
  );
}

export function useDiscount(discountId: number | null) {
  const trpc = useAdminTRPC();
  return useQuery(
    trpc.discounts.get.queryOptions({ discountId: discountId ?? 0 }, { enabled: discountId !== null }),
  );
}

export function useDiscountTemplates() {
  const trpc = useAdminTRPC();
  return useQuery(trpc.discounts.templates.queryOptions());
}

export function useDiscountActions() {
  const trpc = useAdminTRPC();
  const queryClient = useQueryClient();
  const others = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.discounts.list.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.audit.list.pathKey() }),
    ]);
  const put = (code: DiscountDetail) => {
    queryClient.setQueryData(trpc.discounts.get.queryKey({ discountId: code.id }), code);
    return others();
  };
  return {
    create: useMutation(trpc.discounts.create.mutationOptions({ onSuccess: put })),
    update: useMutation(trpc.discounts.update.mutationOptions({ onSuccess: put })),
    setDisabled: useMutation(trpc.discounts.setDisabled.mutationOptions({ onSuccess: put })),
    updateTemplate: useMutation(
      trpc.discounts.updateTemplate.mutationOptions({
        onSuccess: (answer) => {
          queryClient.setQueryData(trpc.discounts.templates.queryKey(), answer);
          return queryClient.invalidateQueries({ queryKey: trpc.audit.list.pathKey() });
        },
      }),
    ),
    /** Reads the code again (after a refused save: the version someone else saved), and answers it. */
    reload: (discountId: number) =>
      queryClient.fetchQuery({ ...trpc.discounts.get.queryOptions({ discountId }), staleTime: 0 }),
  };
}

/** `/admin/discounts/12` -> 12; anything but a positive whole number is no code. */
export function discountIdOf(value: string | undefined): number | null {
  return value && /^[1-9]\d{0,9}$/.test(value) && Number(value) <= 2_147_483_647 ? Number(value) : null;
}
