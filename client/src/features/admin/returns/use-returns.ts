// The returns area's queries and actions, with the cache kept in step here: an action puts the
// return it answers with in the cache and refetches the lists (and the audit trail) it changed,
// before any caller's own onSuccess runs.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ReturnListFilter } from "@vela/shared";
import { type AdminOutputs, useAdminTRPC, useAdminTRPCClient } from "../../../lib/admin/trpc.ts";

export type ReturnRow = AdminOutputs["returns"]["list"]["returns"][number];
export type ReturnDetail = AdminOutputs["returns"]["get"]["return"];

const PAGE = 50;

/**
 * The list for a filter, in cursor pages. The cursor is passed by hand: tRPC's infinite options
 * add a `direction` field, which the server's strict input refuses.
 */
export function useReturnList(filter: ReturnListFilter, orderNumber: number | undefined) {
  const trpc = useAdminTRPC();
  const client = useAdminTRPCClient();
  const input = { filter, limit: PAGE, ...(orderNumber ? { orderNumber } : {}) };
  return useInfiniteQuery({
    queryKey: trpc.returns.list.infiniteQueryKey(input),
    queryFn: ({ pageParam, signal }) =>
      client.returns.list.query({ ...input, ...(pageParam ? { cursor: pageParam } : {}) }, { signal }),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useReturn(returnId: number | null) {
  const trpc = useAdminTRPC();
  return useQuery(
    trpc.returns.get.queryOptions({ returnId: returnId ?? 0 }, { enabled: returnId !== null, retry: false }),
  );
}

export function useReturnActions() {
  const trpc = useAdminTRPC();
  const queryClient = useQueryClient();
  const refresh = (answer: { return: ReturnDetail }) => {
    queryClient.setQueryData(trpc.returns.get.queryKey({ returnId: answer.return.id }), answer);
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.returns.list.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.audit.list.pathKey() }),
    ]);
  };
  const onSuccess = { onSuccess: refresh };
  return {
    approve: useMutation(trpc.returns.approve.mutationOptions(onSuccess)),
    decline: useMutation(trpc.returns.decline.mutationOptions(onSuccess)),
    receive: useMutation(trpc.returns.receive.mutationOptions(onSuccess)),
    refund: useMutation(trpc.returns.refund.mutationOptions(onSuccess)),
    /** After a refusal (another member acted first): the return as it is now. */
    reload: (returnId: number) =>
      queryClient.invalidateQueries({ queryKey: trpc.returns.get.queryKey({ returnId }) }),
  };
}
