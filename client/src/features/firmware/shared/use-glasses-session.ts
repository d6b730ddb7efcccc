import { useSyncExternalStore } from "react";
import { glassesSession, type SessionState } from "./glasses-session.ts";

export function useGlassesSession(): SessionState {
  return useSyncExternalStore(glassesSession.subscribe, glassesSession.getState, glassesSession.getState);
}
