import { useEffect, useRef } from "react";
import { useLocation } from "react-router-dom";

/** How long a new page may take to draw its heading (code and data arriving) before main gets focus. */
export const ROUTE_FOCUS_WAIT_MS = 5000;

/**
 * After a navigation to another page, focus goes to the new page's main heading (or to main when
 * it has none), as accessible single-page apps do, so that the next Tab starts at the page's top
 * and a screen reader announces where the reader is. Not on the first load (the browser's own
 * start), and not when only the query string or hash changes (filters, the skip link). A page that
 * has already put focus somewhere itself (a field, an error, the order it came back to) keeps it.
 */
export function RouteFocus(): null {
  const { pathname } = useLocation();
  const previous = useRef(pathname);

  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    const main = document.getElementById("main");
    if (!main) return;
    const from = document.activeElement;
    // Still where the navigation left it: on the link followed, or dropped with the old page.
    const untouched = () => {
      const now = document.activeElement;
      return now === null || now === document.body || now === from || now === main;
    };
    const heading = () => main.querySelector<HTMLElement>("h1");
    const focusOn = (el: HTMLElement) => {
      if (!el.hasAttribute("tabindex")) el.setAttribute("tabindex", "-1");
      el.focus({ preventScroll: true });
    };

    let done = false;
    const finish = () => {
      done = true;
      observer.disconnect();
      clearTimeout(timer);
    };
    const attempt = () => {
      if (done) return;
      if (!untouched()) return finish();
      const h1 = heading();
      if (h1) {
        focusOn(h1);
        finish();
      }
    };
    const observer = new MutationObserver(attempt);
    observer.observe(main, { childList: true, subtree: true });
    const timer = setTimeout(() => {
      if (!done && untouched()) focusOn(main);
      finish();
    }, ROUTE_FOCUS_WAIT_MS);
    attempt();
    return finish;
  }, [pathname]);

  return null;
}
