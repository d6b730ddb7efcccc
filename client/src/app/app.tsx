import { createTRPCOptionsProxy } from "@trpc/tanstack-react-query";
import { useState } from "react";
import { createBrowserRouter, RouterProvider } from "react-router-dom";
import { routeDataProvider } from "../lib/route-data.ts";
import { createApiClient } from "../lib/trpc.ts";
import { AppProviders, createQueryClient } from "./providers.tsx";
import { appRoutes } from "./router.tsx";

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [apiClient] = useState(() => createApiClient());
  // The route loaders start their page's queries with the app's own client and cache.
  const [router] = useState(() =>
    createBrowserRouter(appRoutes, {
      getContext: routeDataProvider({
        queryClient,
        client: apiClient,
        trpc: createTRPCOptionsProxy({ client: apiClient, queryClient }),
      }),
    }),
  );
  return (
    <AppProviders queryClient={queryClient} apiClient={apiClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
