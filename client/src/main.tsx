import { loadLocale } from "@vela/i18n";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app.tsx";
import { detectLocale } from "./lib/i18n.tsx";
import "./styles.css";

// End-to-end tests put simulated glasses in place before the page loads
// (window.__VELA_SIMULATED_HID__, docs/device-protocol.md); only then is the simulator fetched.
if ((window as { __VELA_SIMULATED_HID__?: unknown }).__VELA_SIMULATED_HID__) {
  (await import("./features/firmware/install-simulator.ts")).installSimulatorFromGlobal();
}

// English ships with the page; another language's texts arrive before the first render, so no
// English flashes before them. Should they fail to load, the store renders in English rather
// than not at all.
await loadLocale(detectLocale()).catch(() => undefined);

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
