// The subscribe dialog's visit rule (spec 000 §4): on a first visit a counter is stored and the
// dialog opens 5 s after load; on the next visit the counter is cleared and, instead of the
// dialog, a 'subscribed' cookie holding an anonymous placeholder address is set for one day.
// While that cookie lives the dialog stays away; once it expires, the next visit is a first one.

export interface VisitState {
  /** The stored counter, or null when none is stored. */
  counter: string | null;
  /** Whether the 'subscribed' cookie is present. */
  subscribedCookie: boolean;
}

export type VisitDecision =
  /** Nothing to do (the cookie is there). */
  | { kind: "quiet" }
  /** First visit: store the counter, open the dialog after the delay. */
  | { kind: "first-visit"; counter: string }
  /** Next visit: clear the counter, set the cookie, no dialog. */
  | { kind: "next-visit" };

export function decideVisit(state: VisitState): VisitDecision {
  if (state.subscribedCookie) return { kind: "quiet" };
  if (state.counter === null) return { kind: "first-visit", counter: "1" };
  return { kind: "next-visit" };
}
