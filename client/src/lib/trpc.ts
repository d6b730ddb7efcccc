import { createTRPCClient, httpBatchLink, type TRPCLink } from "@trpc/client";
import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import { createTRPCContext } from "@trpc/tanstack-react-query";
// Type only: the client never loads server code at run time.
import type { AppRouter } from "@vela/server/router";
import { TRPC_MAX_BATCH } from "@vela/shared";

export type { AppRouter };
export type RouterOutputs = inferRouterOutputs<AppRouter>;
export type RouterInputs = inferRouterInputs<AppRouter>;

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

/** The server caps a batch at this many calls. */
export const MAX_BATCH_ITEMS = TRPC_MAX_BATCH;

export function createApiClient(links?: TRPCLink<AppRouter>[]) {
  return createTRPCClient<AppRouter>({
    // Same-origin JSON requests (cookies go along by default): what the server's CSRF check wants.
    links: links ?? [httpBatchLink({ url: "/trpc", maxItems: MAX_BATCH_ITEMS })],
  });
}

export type ApiClient = ReturnType<typeof createApiClient>;
