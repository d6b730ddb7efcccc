// The admin rendered as a member of staff would see it, with its procedures answered by plain
// functions (keyed "router.procedure", as api-mock.ts does for the shop).

import { render } from "@testing-library/react";
import { TRPCClientError, type TRPCLink } from "@trpc/client";
import { observable } from "@trpc/server/observable";
import { type Locale, loadAllMessages } from "@vela/i18n";
import { loadAdminTexts } from "@vela/i18n/admin";
import { type Permission, permissionsOf, type Role } from "@vela/shared/admin";
import type { ReactElement } from "react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { AdminProviders, createAdminQueryClient } from "../app/admin/providers.tsx";
import { adminRouteObjects, watchSession } from "../app/admin/router.tsx";
import type { AdminRoute } from "../lib/admin/routes.ts";
import { StaffProvider } from "../lib/admin/staff.tsx";
import { type AdminRouter, createAdminClient, type StaffMe } from "../lib/admin/trpc.ts";
import { ApiFailure, type Handlers } from "./api-mock.ts";

// The admin's texts, in every language (the setup file loaded the shop's).
await loadAdminTexts();
await loadAllMessages();

const STATUS: Record<string, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_MANY_REQUESTS: 429,
};

export function mockAdminApi(handlers: Handlers = {}) {
  const calls: { path: string; input: unknown }[] = [];
  const link: TRPCLink<AdminRouter> =
    () =>
    ({ op }) =>
      observable((observer) => {
        calls.push({ path: op.path, input: op.input });
        Promise.resolve()
          .then(() => {
            const handler = handlers[op.path];
            if (!handler) throw new ApiFailure("NOT_FOUND", `No mock for ${op.path}`);
            return handler(op.input);
          })
          .then(
            (data) => {
              observer.next({ result: { type: "data", data } });
              observer.complete();
            },
            (err: unknown) => {
              const failure =
                err instanceof ApiFailure ? err : new ApiFailure("INTERNAL_SERVER_ERROR", String(err));
              observer.error(
                TRPCClientError.from({
                  error: {
                    message: failure.message,
                    code: -32000,
                    data: {
                      code: failure.code,
                      httpStatus: STATUS[failure.code] ?? 500,
                      path: op.path,
                      // The fields a refusal names, as the server's formatter sends them.
                      ...(failure.issues ? { issues: failure.issues } : {}),
                    },
                  },
                }),
              );
            },
          );
      });
  return { client: createAdminClient([link]), calls, handlers };
}

let nextId = 1;
/** A signed-in member of a role, as `auth.me` answers. */
export function member(role: Role, overrides: Partial<StaffMe> = {}): StaffMe {
  const id = nextId++;
  return {
    id,
    email: `${role}${id}@vela.test`,
    role,
    permissions: [...permissionsOf(role)] as Permission[],
    secondFactor: { enabled: true, required: false },
    ...overrides,
  } as StaffMe;
}

export const signedIn = (staff: StaffMe) => () => ({ stage: "signed-in", staff });
export const signedOut = () => ({ stage: "signed-out", staff: null });

export interface AdminRenderOptions {
  handlers?: Handlers;
  locale?: Locale;
  routes?: readonly AdminRoute[];
}

/** The whole admin at a path. */
export function renderAdmin(path: string, options: AdminRenderOptions = {}) {
  const api = mockAdminApi(options.handlers);
  let router: ReturnType<typeof createMemoryRouter> | undefined;
  const queryClient = createAdminQueryClient(
    watchSession(
      () => router,
      () => queryClient,
    ),
  );
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 0 }, mutations: { retry: false } });
  router = createMemoryRouter(adminRouteObjects(options.routes), { initialEntries: [path] });
  const view = render(
    <AdminProviders queryClient={queryClient} client={api.client} locale={options.locale ?? "en-US"}>
      <RouterProvider router={router} />
    </AdminProviders>,
  );
  return { ...view, api, router, queryClient };
}

/** One piece of the admin inside its providers, as a signed-in member. */
export function renderAsMember(ui: ReactElement, staff: StaffMe, options: AdminRenderOptions = {}) {
  const api = mockAdminApi(options.handlers);
  const queryClient = createAdminQueryClient();
  const router = createMemoryRouter([
    { path: "*", element: <StaffProvider staff={staff}>{ui}</StaffProvider> },
  ]);
  const view = render(
    <AdminProviders queryClient={queryClient} client={api.client} locale={options.locale ?? "en-US"}>
      <RouterProvider router={router} />
    </AdminProviders>,
  );
  return { ...view, api, router };
}
