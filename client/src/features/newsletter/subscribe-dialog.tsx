import { SUBSCRIBE_DIALOG_DELAY_MS } from "@vela/shared";
import { type ComponentType, useEffect, useState } from "react";
import { takeVisitDecision } from "./visit.ts";

type OfferDialog = ComponentType<{ onClose(): void }>;

let loaded: OfferDialog | null = null;

/** The dialog's code, fetched once per page load and kept. */
function loadOfferDialog(): Promise<OfferDialog> {
  return import("./subscribe-offer-dialog.tsx").then((m) => {
    loaded = m.SubscribeDialog;
    return loaded;
  });
}

/**
 * How long after the document's load event the dialog's code is fetched. The load event comes as
 * soon as the entry and the page's code are in, before the page has fetched its data and its
 * pictures (a product's main image): fetched then, the dialog's ~28 kB (its form and zod) took
 * bandwidth from those on a slow connection. Still well before the dialog opens.
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

/**
 * 'Subscribe and save 10%' (spec 000 §4): on a first visit the dialog opens 5 s after the page
 * loads; on the next visit a 'subscribed' cookie is set for a day instead. Mounted by the
 * storefront pages' layout route. The dialog's code is fetched 2 s after the page has loaded, well
 * before the 5 s are up, so the first screen does not carry it.
 */
export function SubscribeDialogHost() {
  const [open, setOpen] = useState(false);
  const [Dialog, setDialog] = useState<OfferDialog | null>(() => loaded);
  useEffect(() => {
    if (takeVisitDecision().kind !== "first-visit") return;
    let mounted = true;
    const stopWaiting = afterPageLoad(() => {
      loadOfferDialog().then(
        (component) => {
          if (mounted) setDialog(() => component);
        },
        // The code could not be fetched (offline): the offer is not shown on this visit.
        () => {},
      );
    });
    const timer = setTimeout(() => setOpen(true), SUBSCRIBE_DIALOG_DELAY_MS);
    return () => {
      mounted = false;
      stopWaiting();
      clearTimeout(timer);
    };
  }, []);
  return open && Dialog ? <Dialog onClose={() => setOpen(false)} /> : null;
}
