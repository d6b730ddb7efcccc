// The other half of client/public/early-clicks.js: once the app has taken over a server-rendered
// page, each control clicked before then is clicked again, in the order the person clicked them,
// as soon as React has hydrated that control. The app's first commit can leave parts of the page
// (a lazy section's Suspense boundary) hydrating a little longer, and a click dispatched there
// before React has attached the control's props would do nothing.

declare global {
  interface Window {
    __velaEarlyClicks?: { take(): Element[] };
  }
}

/** How often a held control is looked at again while React has not hydrated it yet. */
const RETRY_MS = 16;
/** After this long a control is clicked anyway: the page hydrated it long ago or never will. */
const GIVE_UP_MS = 10_000;

/**
 * Whether React has hydrated the element: it keeps the element's props on it under a
 * `__reactProps$<random>` key (React DOM's internals; the only per-element sign there is).
 */
export function isHydrated(el: Element): boolean {
  return Object.keys(el).some((k) => k.startsWith("__reactProps$"));
}

/** Replays the held clicks (none when the page loaded after its code, or without the catcher). */
export function replayEarlyClicks(win: Window = window): void {
  const held = win.__velaEarlyClicks?.take() ?? [];
  if (held.length === 0) return;
  const deadline = Date.now() + GIVE_UP_MS;
  const next = (): void => {
    const el = held[0];
    if (!el) return;
    if (el.isConnected && !isHydrated(el) && Date.now() < deadline) {
      win.setTimeout(next, RETRY_MS);
      return;
    }
    held.shift();
    el.removeAttribute("aria-busy");
    if (el.isConnected && el instanceof HTMLElement) el.click();
    next();
  };
  // After React's own work for this commit, so the handlers see the hydrated state.
  win.setTimeout(next, 0);
}
