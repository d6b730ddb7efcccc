import { SUBSCRIBE_DIALOG_DELAY_MS } from "@vela/shared";
import { type ComponentType, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router-dom";
import { PATHS } from "../../lib/routes.ts";
import { takeVisitDecision } from "./visit.ts";

type OfferPanel = ComponentType<{ onClose(): void }>;

let loaded: OfferPanel | null = null;

/** The panel's code, fetched once per page load and kept. */
function loadOfferPanel(): Promise<OfferPanel> {
  return import("./subscribe-offer-panel.tsx").then((m) => {
    loaded = m.SubscribeOfferPanel;
    return loaded;
  });
}

/**
 * How long after the document's load event the offer's code is fetched. The load event comes as
 * soon as the entry and the page's code are in, before the page has fetched its data and its
 * pictures (a product's main image): fetched then, the offer's ~28 kB (its form and zod) took
 * bandwidth from those on a slow connection. Still well before the offer shows.
 */
export const OFFER_FETCH_AFTER_LOAD_MS = 2000;

/** Runs `run` a while after the page has loaded, so the fetch never competes with it. */
function afterPageLoad(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const later = () => {
    timer = setTimeout(run, OFFER_FETCH_AFTER_LOAD_MS);
  };
  if (document.readyState === "complete") later();
  else window.addEventListener("load", later, { once: true });
  return () => {
    window.removeEventListener("load", later);
    clearTimeout(timer);
  };
}

/** The newsletter's own pages (reached from its emails): a reader there is no one to offer it to. */
const NEWSLETTER_PAGES: readonly string[] = [PATHS.newsletterConfirm, PATHS.newsletterUnsubscribe];

/**
 * When this page load's timer started, on the clock of setTimeout: the first time the host
 * mounted, which the layout does with the page's first render. Kept for the page load, so that a
 * remount (a route's error screen and back) does not start the 5 s again.
 */
let timerStartedAt: number | null = null;

/** Runs `run` `delayMs` after the page load's timer started; returns a cancel. */
function afterPageLoadDelay(delayMs: number, run: () => void): () => void {
  timerStartedAt ??= performance.now();
  const timer = setTimeout(run, Math.max(0, Math.round(timerStartedAt + delayMs - performance.now())));
  return () => clearTimeout(timer);
}

/** How often a due offer looks again whether the reader is free. */
export const OFFER_RECHECK_MS = 1000;
/** A key pressed this recently means the reader is typing. */
export const OFFER_TYPING_QUIET_MS = 3000;

let typing = false;
let typingTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * The reader is in the middle of something the offer must not interrupt: a dialog is open (the
 * offer would show behind it, unreachable), focus is in a form or a field, or they typed a moment ago.
 */
export function readerIsBusy(): boolean {
  if (document.querySelector("dialog[open]")) return true;
  const active = document.activeElement;
  if (active instanceof HTMLElement && active !== document.body) {
    if (active.closest("form, input, select, textarea, [contenteditable='true'], [role='dialog']"))
      return true;
  }
  return typing;
}

/** For tests: the next host starts the timer afresh, as after a reload. */
export function resetSubscribeTimerForTests(): void {
  timerStartedAt = null;
  typing = false;
  clearTimeout(typingTimer);
}

/**
 * 'Subscribe and save 10%' (spec 000 §4, §9): on a first visit to any page of the store the
 * offer shows 5 s after the page loaded (the layout's first render), whichever route the reader
 * has moved to since; on the next visit a 'subscribed' cookie is set for a day instead. Should the
 * reader be busy then (another dialog open, typing, in a form), it waits until they are not. Mounted
 * once, by the layout. The offer's code is fetched 2 s after the page has loaded, well before the 5 s are up,
 * so the first screen does not carry it. The offer is a panel, not a modal: it covers none of the
 * controls a page marks keep-clear and takes no focus (subscribe-offer-panel.tsx).
 */
export function SubscribeOffer() {
  const [open, setOpen] = useState(false);
  const [Panel, setPanel] = useState<OfferPanel | null>(() => loaded);
  const { pathname } = useLocation();
  const onNewsletterPage = NEWSLETTER_PAGES.includes(pathname);
  const onNewsletterPageRef = useRef(onNewsletterPage);
  onNewsletterPageRef.current = onNewsletterPage;

  useEffect(() => {
    if (takeVisitDecision().kind !== "first-visit") return;
    let mounted = true;
    const stopWaiting = afterPageLoad(() => {
      loadOfferPanel().then(
        (component) => {
          if (mounted) setPanel(() => component);
        },
        // The code could not be fetched (offline): the offer is not shown on this visit.
        () => {},
      );
    });
    const onKey = () => {
      typing = true;
      clearTimeout(typingTimer);
      typingTimer = setTimeout(() => {
        typing = false;
      }, OFFER_TYPING_QUIET_MS);
    };
    window.addEventListener("keydown", onKey, true);
    let recheck: ReturnType<typeof setTimeout> | undefined;
    const openWhenFree = () => {
      // Its time passing on a newsletter page, the offer is not made on this visit.
      if (onNewsletterPageRef.current) return;
      if (readerIsBusy()) recheck = setTimeout(openWhenFree, OFFER_RECHECK_MS);
      else setOpen(true);
    };
    const stopTimer = afterPageLoadDelay(SUBSCRIBE_DIALOG_DELAY_MS, openWhenFree);
    return () => {
      mounted = false;
      stopWaiting();
      stopTimer();
      clearTimeout(recheck);
      window.removeEventListener("keydown", onKey, true);
    };
  }, []);
  return open && Panel ? <Panel onClose={() => setOpen(false)} /> : null;
}
