import { isLocale, loadLanguage, loadLocale } from "@vela/i18n";
import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./app/app.tsx";
import { hydrateQueries, loadMatchedRoutes } from "./app/hydrate.ts";
import { createQueryClient } from "./app/providers.tsx";
import { appRoutes } from "./app/router.tsx";
import { readSsrState } from "./app/ssr-state.ts";
import { detectLocale } from "./lib/i18n.tsx";
import "./styles.css";

// End-to-end tests put simulated glasses in place before the page loads
// (window.__VELA_SIMULATED_HID__, docs/device-protocol.md); only then is the simulator fetched.
if ((window as { __VELA_SIMULATED_HID__?: unknown }).__VELA_SIMULATED_HID__) {
  (await import("./features/firmware/install-simulator.ts")).installSimulatorFromGlobal();
}

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

// A server-rendered page (docs/decisions/013) carries the state it was rendered from.
const ssr = readSsrState();

// English ships with the page; another language's texts arrive before the first render, so no
// English flashes before them. Should they fail to load, the store renders in English rather
// than not at all.
await loadLocale(ssr?.locale ?? detectLocale()).catch(() => undefined);

if (ssr) {
  // The same texts, code and data as the server rendered with, then hydrate what it sent.
  const queryClient = createQueryClient();
  hydrateQueries(queryClient, ssr);
  await loadMatchedRoutes(appRoutes, window.location);
  // A page that shows its content in a language of its own (?language= on the compatibility page
  // and the release notes) was rendered in that language's texts: they must be here before the
  // first render too, or the hydration would not match what the server sent.
  const contentLanguage = new URLSearchParams(window.location.search).get("language");
  if (contentLanguage && isLocale(contentLanguage)) {
    await loadLanguage(contentLanguage).catch(() => undefined);
  }
  // As a transition, hydration is time-sliced: React yields to the browser every few milliseconds
  // instead of one long task for the whole page (the page is already on screen; a click before
  // hydration reaches it is replayed). Outside one it runs in a single blocking task.
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <App queryClient={queryClient} hydrationData={ssr.router} locale={ssr.locale} />
      </StrictMode>,
    );
  });
} else {
  // The shell's title and robots line (server/src/http/page-renderer.ts): the page renders its own.
  for (const el of document.head.querySelectorAll("[data-shell-head]")) el.remove();
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
