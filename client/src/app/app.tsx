import { useState } from "react";
import { createBrowserRouter, RouterProvider } from "react-router-dom";
import { AppProviders, createQueryClient } from "./providers.tsx";
import { appRoutes } from "./router.tsx";
import { createApiClient } from "./trpc.ts";

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [apiClient] = useState(() => createApiClient());
  const [router] = useState(() => createBrowserRouter(appRoutes));
  return (
    <AppProviders queryClient={queryClient} apiClient={apiClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
