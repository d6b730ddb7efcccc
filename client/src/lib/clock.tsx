import { createContext, type ReactNode, useContext } from "react";

/** Milliseconds since the epoch. Injected so that expiry rules can be tested at any moment. */
export type Clock = () => number;

const ClockContext = createContext<Clock>(() => Date.now());

export function ClockProvider({ clock, children }: { clock: Clock; children: ReactNode }) {
  return <ClockContext.Provider value={clock}>{children}</ClockContext.Provider>;
}

export const useClock = (): Clock => useContext(ClockContext);
