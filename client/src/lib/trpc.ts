import { createTRPCClient, httpBatchLink, type TRPCLink } from "@trpc/client";
import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import { createTRPCContext } from "@trpc/tanstack-react-query";
// Type only: the client never loads server code at run time.
import type { AppRouter } from "@vela/server/router";

export type { AppRouter };
export type RouterOutputs = inferRouterOutputs<AppRouter>;
export type RouterInputs = inferRouterInputs<AppRouter>;

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

/** The server caps a batch at 10 calls. */
export const MAX_BATCH_ITEMS = 10;

export function createApiClient(links?: TRPCLink<AppRouter>[]) {
  return createTRPCClient<AppRouter>({
    // Same-origin JSON requests (cookies go along by default): what the server's CSRF check wants.
    links: links ?? [httpBatchLink({ url: "/trpc", maxItems: MAX_BATCH_ITEMS })],
  });
}

export type ApiClient = ReturnType<typeof createApiClient>;
