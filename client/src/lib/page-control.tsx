import { createContext, type ReactNode, useContext } from "react";

/** Full-page navigations the SPA router cannot do; injected so tests can watch them. */
export interface PageControl {
  /** Leaves the app and loads `href` afresh (after sign-in, so every query starts clean). */
  assign(href: string): void;
  reload(): void;
}

export const browserPageControl: PageControl = {
  assign: (href) => window.location.assign(href),
  reload: () => window.location.reload(),
};

const PageControlContext = createContext<PageControl>(browserPageControl);

export function PageControlProvider({ value, children }: { value: PageControl; children: ReactNode }) {
  return <PageControlContext.Provider value={value}>{children}</PageControlContext.Provider>;
}

export const usePageControl = (): PageControl => useContext(PageControlContext);
