import { readCookie } from "@vela/i18n";
import {
  decideVisit,
  SUBSCRIBE_COOKIE_MAX_AGE_SECONDS,
  SUBSCRIBE_COUNTER_STORAGE_KEY,
  SUBSCRIBED_COOKIE,
  SUBSCRIBED_PLACEHOLDER_EMAIL,
  type VisitDecision,
} from "@vela/shared";

function readCounter(): string | null {
  try {
    return window.localStorage.getItem(SUBSCRIBE_COUNTER_STORAGE_KEY);
  } catch {
    return null;
  }
}

function writeCounter(value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(SUBSCRIBE_COUNTER_STORAGE_KEY);
    else window.localStorage.setItem(SUBSCRIBE_COUNTER_STORAGE_KEY, value);
  } catch {
    // Storage off (private mode): every visit is a first one, which only shows the dialog again.
  }
}

/**
 * The 'subscribed' cookie with the anonymous placeholder address (never a real one); `Secure` when
 * the store is served over HTTPS.
 */
export function setSubscribedCookie(maxAgeSeconds: number = SUBSCRIBE_COOKIE_MAX_AGE_SECONDS): void {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox.
  document.cookie = `${SUBSCRIBED_COOKIE}=${encodeURIComponent(SUBSCRIBED_PLACEHOLDER_EMAIL)}; Path=/; Max-Age=${maxAgeSeconds}; SameSite=Lax${secure}`;
}

let decided: VisitDecision | null = null;

/**
 * The rule of spec 000 §4, applied once per page load (a visit), however many storefront pages
 * the reader opens inside the app afterwards.
 */
export function takeVisitDecision(): VisitDecision {
  if (decided) return decided;
  const decision = decideVisit({
    counter: readCounter(),
    subscribedCookie: readCookie(document.cookie, SUBSCRIBED_COOKIE) !== null,
  });
  if (decision.kind === "first-visit") writeCounter(decision.counter);
  if (decision.kind === "next-visit") {
    writeCounter(null);
    setSubscribedCookie();
  }
  decided = decision;
  return decision;
}

/** For tests: the next call decides afresh, as after a reload. */
export function resetVisitForTests(): void {
  decided = null;
}
