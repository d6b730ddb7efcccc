import type { QueryClient } from "@tanstack/react-query";
import { createTRPCOptionsProxy } from "@trpc/tanstack-react-query";
import type { Locale } from "@vela/i18n";
import { useEffect, useState } from "react";
import { createBrowserRouter, type HydrationState, RouterProvider } from "react-router-dom";
import { replayEarlyClicks } from "../lib/early-clicks.ts";
import { routeDataProvider } from "../lib/route-data.ts";
import { createApiClient } from "../lib/trpc.ts";
import { AppProviders, createQueryClient } from "./providers.tsx";
import { appRoutes } from "./router.tsx";

export interface AppProps {
  /** A server-rendered page's: the cache its queries were hydrated into, the router's data, its language. */
  queryClient?: QueryClient;
  hydrationData?: HydrationState;
  locale?: Locale;
}

export function App({ queryClient: given, hydrationData, locale }: AppProps = {}) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  const [apiClient] = useState(() => createApiClient());
  // The route loaders start their page's queries with the app's own client and cache.
  const [router] = useState(() =>
    createBrowserRouter(appRoutes, {
      ...(hydrationData ? { hydrationData } : {}),
      getContext: routeDataProvider({
        queryClient,
        client: apiClient,
        trpc: createTRPCOptionsProxy({ client: apiClient, queryClient }),
      }),
    }),
  );
  // The app has taken over the page (hydrated what the server sent, or rendered it): the
  // end-to-end suite waits for this before it clicks or types (e2e/support/test.ts). A click that
  // came before it (held by public/early-clicks.js) is replayed now.
  useEffect(() => {
    document.documentElement.setAttribute("data-hydrated", "");
    replayEarlyClicks();
  }, []);
  return (
    <AppProviders queryClient={queryClient} apiClient={apiClient} {...(locale ? { locale } : {})}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
