// The admin's entry (client/admin.html): its own bundle, never loaded by a shopper's page and
// never rendered on the server. The shop's language machinery, with the admin's texts beside it.
import { loadLocale } from "@vela/i18n";
import { loadAdminTexts } from "@vela/i18n/admin";
import { StrictMode, useEffect } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router-dom";
import { createAdminClient } from "../../lib/admin/trpc.ts";
import { detectLocale } from "../../lib/i18n.tsx";
import { AdminProviders, createAdminQueryClient } from "./providers.tsx";
import { adminRouteObjects, watchSession } from "./router.tsx";
import "../../styles.css";
import "./admin.css";

const root = document.getElementById("root");
if (!root) throw new Error("admin.html has no #root element");

// The texts arrive before the first render (English, and the chosen language when it is another).
await Promise.all([loadAdminTexts(), loadLocale(detectLocale())]).catch(() => undefined);

let router: ReturnType<typeof createBrowserRouter> | undefined;
const queryClient = createAdminQueryClient(
  watchSession(
    () => router,
    () => queryClient,
  ),
);
router = createBrowserRouter(adminRouteObjects());

/** The admin has taken over the page: the end-to-end suite waits for this, as on the shop's pages. */
function Ready() {
  useEffect(() => document.documentElement.setAttribute("data-hydrated", ""), []);
  return null;
}

createRoot(root).render(
  <StrictMode>
    <AdminProviders queryClient={queryClient} client={createAdminClient()}>
      <RouterProvider router={router} />
      <Ready />
    </AdminProviders>
  </StrictMode>,
);
