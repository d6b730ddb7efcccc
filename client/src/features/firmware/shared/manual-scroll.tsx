import { useEffect } from "react";
import { Outlet, useLocation } from "react-router-dom";

/**
 * Spec 001 §7: "Scroll restoration is manual while on the page." The glasses tools take the
 * browser's scroll restoration (and the router's, which would put a page back where it was left)
 * into their own hands: each tools page starts at its top, whether reached by a link, by Back or
 * by a reload, and the previous setting returns when the reader leaves the tools.
 */
export function useManualScrollRestoration(): void {
  const { pathname } = useLocation();

  useEffect(() => {
    const history = window.history;
    const previous = history.scrollRestoration;
    history.scrollRestoration = "manual";
    return () => {
      history.scrollRestoration = previous;
    };
  }, []);

  // After the router's own restoration (a layout effect in the layout), so this one wins.
  // biome-ignore lint/correctness/useExhaustiveDependencies: each tools page entered starts at its top.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
}

/** The tools' pages inside their scroll rule. */
export function ToolsScrollShell() {
  useManualScrollRestoration();
  return <Outlet />;
}
