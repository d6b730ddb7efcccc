import { useEffect } from "react";
import { glassesSession } from "./glasses-session.ts";

let holders = 0;

/**
 * Keeps the glasses connected while any tool page is on screen, so moving between the tools
 * keeps the connection, and lets them go when the visitor leaves the tools for another page
 * (another app, or another tab, may want them).
 */
export function useSessionLease(): void {
  useEffect(() => {
    holders++;
    return () => {
      holders--;
      // The next tool page mounts in the same commit; only a real departure reaches zero.
      setTimeout(() => {
        if (holders === 0) void glassesSession.disconnect();
      }, 0);
    };
  }, []);
}
