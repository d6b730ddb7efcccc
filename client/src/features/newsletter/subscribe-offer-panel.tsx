import { useMutation } from "@tanstack/react-query";
import {
  SUBSCRIBE_DISCOUNT_PERCENT,
  SUBSCRIBED_AFTER_SIGNUP_MAX_AGE_SECONDS,
  ZSubscribeInput,
} from "@vela/shared";
import { type RefObject, useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { useForm } from "../../lib/forms/use-form.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { boxesOverlap, keepClearBoxes } from "../../lib/keep-clear.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { Button } from "../../ui/button.tsx";
import { ErrorBox } from "../../ui/error-box.tsx";
import { TextField } from "../../ui/field.tsx";
import { issueText } from "../../ui/form-errors.ts";
import "./newsletter.css";
import { setSubscribedCookie } from "./visit.ts";

/**
 * The places the panel may take, in the order it tries them. When every corner would cover
 * something the shopper is using (a phone's header above and variant picker below), it is "inline":
 * in the page's flow after the footer, covering nothing, until scrolling makes room in a corner.
 */
export const OFFER_PLACES = ["bottom-end", "bottom-start", "top-end", "top-start"] as const;
export type OfferPlace = (typeof OFFER_PLACES)[number] | "inline";

/** The header is in use too: a panel at the top never covers it. */
const ALSO_KEEP_CLEAR = [".site-header"] as const;

/**
 * How much room the page keeps at its end for the panel while it floats: as much as it takes in
 * the flow, so that moving between the two does not shorten the page (nor move its scroll).
 */
const RESERVE_PROPERTY = "--subscribe-offer-reserve";

/** The first place where the panel covers none of the page's keep-clear controls. */
function choosePlace(panel: HTMLElement): OfferPlace {
  const keep = keepClearBoxes(ALSO_KEEP_CLEAR);
  for (const place of OFFER_PLACES) {
    panel.dataset.place = place;
    const box = panel.getBoundingClientRect();
    if (!keep.some((k) => boxesOverlap(box, k))) return place;
  }
  return "inline";
}

/**
 * Keeps the panel where it covers nothing marked keep-clear, as the page scrolls, resizes or
 * changes (a route's content arriving), and keeps room at the page's end for it while it floats,
 * so that the end of every page can be scrolled clear of it.
 */
function useClearPlace(ref: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const panel = ref.current;
    if (!panel) return;
    const root = document.documentElement;
    let frame = 0;
    const update = () => {
      frame = 0;
      // The room first: measured floating, an inline panel leaves the flow, and the page must not
      // get shorter meanwhile (the browser would move the scroll, and the panel again).
      root.style.setProperty(RESERVE_PROPERTY, `${Math.ceil(panel.getBoundingClientRect().height)}px`);
      const next = choosePlace(panel);
      panel.dataset.place = next;
      if (next === "inline") root.style.setProperty(RESERVE_PROPERTY, "0px");
    };
    const later = () => {
      frame ||= requestAnimationFrame(update);
    };
    update();
    window.addEventListener("scroll", later, { passive: true });
    window.addEventListener("resize", later);
    const resized = typeof ResizeObserver === "function" ? new ResizeObserver(later) : null;
    resized?.observe(panel);
    const changed = typeof MutationObserver === "function" ? new MutationObserver(later) : null;
    const main = document.getElementById("main");
    if (main) changed?.observe(main, { childList: true, subtree: true, attributes: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", later);
      window.removeEventListener("resize", later);
      resized?.disconnect();
      changed?.disconnect();
      root.style.removeProperty(RESERVE_PROPERTY);
    };
  }, [ref]);
}

/**
 * The 'Subscribe and save 10%' offer itself (spec 000 §4), loaded apart from the first screen by
 * SubscribeOffer, which decides when it shows. Not a modal: a labelled region docked in a corner
 * (a bar on phones) that covers none of the controls a page marks keep-clear (when no corner is
 * free, it waits in the page's flow after the footer), and that takes no focus. It is reached with Tab like the rest of the page; Escape inside it, its Close button or
 * No thanks close it, and focus, if it was inside, goes back to where it came from.
 */
export function SubscribeOfferPanel({ onClose }: { onClose(): void }) {
  const i18n = useI18n();
  const { t, locale, serverText } = i18n;
  const trpc = useTRPC();
  const titleId = useId();
  const ref = useRef<HTMLElement>(null);
  const cameFrom = useRef<HTMLElement | null>(null);
  useClearPlace(ref);
  const [done, setDone] = useState(false);
  const subscribe = useMutation(trpc.newsletter.subscribe.mutationOptions());
  const form = useForm({ email: "" }, ({ email }) => {
    const parsed = ZSubscribeInput.safeParse({ email, locale });
    if (parsed.success) return {};
    const issue = parsed.error.issues[0];
    return { email: issue ? issueText(i18n, issue, t("newsletter.email")) : t("form.invalidEmail") };
  });

  const close = () => {
    const panel = ref.current;
    if (panel?.contains(document.activeElement)) {
      const back = cameFrom.current?.isConnected ? cameFrom.current : document.getElementById("main");
      back?.focus({ preventScroll: true });
    }
    onClose();
  };
  const closeRef = useRef(close);
  closeRef.current = close;

  // Escape closes the panel only while focus is in it: elsewhere the key belongs to the page.
  useEffect(() => {
    const panel = ref.current;
    if (!panel) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape" || e.defaultPrevented) return;
      e.preventDefault();
      closeRef.current();
    };
    panel.addEventListener("keydown", onKey);
    return () => panel.removeEventListener("keydown", onKey);
  }, []);

  const submit = form.handleSubmit(async ({ email }) => {
    try {
      await subscribe.mutateAsync(ZSubscribeInput.parse({ email, locale }));
      setSubscribedCookie(SUBSCRIBED_AFTER_SIGNUP_MAX_AGE_SECONDS);
      setDone(true);
    } catch {
      // shown below from subscribe.error
    }
  });

  return (
    <section
      ref={ref}
      className="subscribe-offer"
      aria-labelledby={titleId}
      onFocus={(e) => {
        const from = e.relatedTarget;
        if (from instanceof HTMLElement && !e.currentTarget.contains(from)) cameFrom.current = from;
      }}
    >
      <div className="subscribe-offer-head">
        <h2 id={titleId} className="subscribe-offer-title">
          {t("newsletter.title", { percent: SUBSCRIBE_DISCOUNT_PERCENT })}
        </h2>
        <Button
          variant="secondary"
          className="subscribe-offer-close"
          aria-label={t("newsletter.closeOffer")}
          onClick={close}
        >
          <span aria-hidden="true">×</span>
        </Button>
      </div>
      {done ? (
        <>
          <p role="status">{t("newsletter.checkInbox")}</p>
          <div className="subscribe-offer-actions">
            <Button onClick={close}>{t("common.close")}</Button>
          </div>
        </>
      ) : (
        <form ref={form.formRef} onSubmit={(e) => void submit(e)} noValidate className="form">
          <p className="subscribe-offer-text">
            {t("newsletter.offer", { percent: SUBSCRIBE_DISCOUNT_PERCENT })}
          </p>
          <div className="subscribe-offer-row">
            <TextField
              label={t("newsletter.email")}
              type="email"
              autoComplete="email"
              {...form.field("email")}
              required
            />
            <Button type="submit" busy={subscribe.isPending}>
              {t("newsletter.subscribe")}
            </Button>
          </div>
          {subscribe.error ? <ErrorBox message={serverText(subscribe.error.message)} /> : null}
          <div className="subscribe-offer-actions subscribe-offer-no">
            <Button variant="link" onClick={close}>
              {t("newsletter.noThanks")}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
