import { createContext, type ReactNode, useContext } from "react";

/**
 * The store's public origin (`PUBLIC_URL`, e.g. https://store.example), which canonical URLs,
 * `hreflang` alternates, Open Graph URLs and JSON-LD are built on. A server renderer hands its
 * `PUBLIC_URL` in through <SiteOriginProvider>; in the browser the page's own origin is the
 * store's, so no provider is needed there.
 */
const SiteOriginContext = createContext<string | null>(null);

export function SiteOriginProvider({ origin, children }: { origin: string; children: ReactNode }) {
  return (
    <SiteOriginContext.Provider value={origin.replace(/\/+$/, "")}>{children}</SiteOriginContext.Provider>
  );
}

export function useSiteOrigin(): string {
  const given = useContext(SiteOriginContext);
  if (given) return given;
  return typeof window === "undefined" ? "http://localhost" : window.location.origin;
}
