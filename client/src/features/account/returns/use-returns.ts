// The return calls of the order page (a signed-in customer) and of the guest's return page (the
// shipping mail's token). A request refreshes what the page shows of the order's returns.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ReturnReason } from "@vela/shared";
import { type RouterOutputs, useTRPC } from "../../../lib/trpc.ts";

export type Returnable = RouterOutputs["returns"]["forOrder"];
export type RequestedReturn = RouterOutputs["returns"]["request"]["return"];

export interface ReturnRequest {
  lines: { lineId: number; quantity: number }[];
  reason: ReturnReason;
  comment: string;
}

/** A signed-in customer's order: what can be returned, and the request. */
export function useOrderReturns(orderId: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const query = useQuery({ ...trpc.returns.forOrder.queryOptions({ orderId }), retry: false });
  const request = useMutation(trpc.returns.request.mutationOptions());
  const send = async (r: ReturnRequest): Promise<RequestedReturn> => {
    const done = await request.mutateAsync({ orderId, ...r });
    await queryClient.invalidateQueries(trpc.returns.pathFilter());
    return done.return;
  };
  return { query, send };
}

/** A guest's order, opened by the token of the shipping mail's link. */
export function useLinkReturns(token: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const query = useQuery({
    ...trpc.returns.forLink.queryOptions({ token }),
    retry: false,
    enabled: token !== "",
  });
  const request = useMutation(trpc.returns.requestByLink.mutationOptions());
  const send = async (r: ReturnRequest): Promise<RequestedReturn> => {
    const done = await request.mutateAsync({ token, ...r });
    await queryClient.invalidateQueries(trpc.returns.pathFilter());
    return done.return;
  };
  return { query, send };
}
