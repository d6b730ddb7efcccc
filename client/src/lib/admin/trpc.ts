// The admin's tRPC client, on its own endpoint (/admin/trpc) and typed by the admin's router.
// Type only: nothing of the server is loaded at run time, and the shop's client never imports this.
import { createTRPCClient, httpBatchLink, httpLink, splitLink, type TRPCLink } from "@trpc/client";
import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import { createTRPCContext } from "@trpc/tanstack-react-query";
import type { AdminRouter } from "@vela/server/admin-router";
import { TRPC_MAX_BATCH } from "@vela/shared";
import { ADMIN_TRPC_PATH } from "@vela/shared/admin";

export type { AdminRouter };

/** Procedures sent one request each, never in a batch: their body is a whole file. */
const UNBATCHED: ReadonlySet<string> = new Set([
  "blog.create",
  "blog.preview",
  "blog.update",
  "blog.uploadCover",
  "catalogueCsv.previewImport",
  "catalogueCsv.applyImport",
  "firmware.add",
  "products.addPicture",
]);
export type AdminOutputs = inferRouterOutputs<AdminRouter>;
export type AdminInputs = inferRouterInputs<AdminRouter>;

export const {
  TRPCProvider: AdminTRPCProvider,
  useTRPC: useAdminTRPC,
  useTRPCClient: useAdminTRPCClient,
} = createTRPCContext<AdminRouter>();

export function createAdminClient(links?: TRPCLink<AdminRouter>[]) {
  return createTRPCClient<AdminRouter>({
    // Same-origin JSON requests with the staff cookie (Path=/admin/trpc): the server's CSRF rule.
    // A call that carries a file goes alone, to the path that takes its size (server: largeBodies).
    links: links ?? [
      splitLink({
        condition: (op) => UNBATCHED.has(op.path),
        true: httpLink({ url: ADMIN_TRPC_PATH }),
        false: httpBatchLink({ url: ADMIN_TRPC_PATH, maxItems: TRPC_MAX_BATCH }),
      }),
    ],
  });
}

export type AdminClient = ReturnType<typeof createAdminClient>;

/** Who is signed in, as `auth.me` answers once the member is in (stage `signed-in` or `enrol`). */
export type StaffMe = NonNullable<AdminOutputs["auth"]["me"]["staff"]>;
