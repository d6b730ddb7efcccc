import type { Stripe, StripeElements, StripePaymentElement } from "@stripe/stripe-js";
import { loadStripe } from "@stripe/stripe-js/pure";
import { useQueryClient } from "@tanstack/react-query";
import { STORE_TIME_ZONES } from "@vela/shared";
import { type RefObject, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router-dom";
import { writeCartId } from "../../lib/cart/cart-id.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { useTRPC } from "../../lib/trpc.ts";

/** Stripe's own address for Stripe.js: loaded through `@stripe/stripe-js`. */
export const STRIPE_JS_URL = "https://js.stripe.com/v3/";
/** Where the Payment Element sits, and where its errors are said and focus goes. */
export const STRIPE_ELEMENT_ID = "checkout-stripe-element";
export const STRIPE_ERROR_ID = "checkout-stripe-error";

export interface StripeSetup {
  publishableKey: string;
  /** Another Stripe.js (the browser tests' stand-in); Stripe's own when absent or the default. */
  stripeJsUrl?: string | undefined;
}

/** A konbini payment's slip: the number to pay with, the deadline, Stripe's printable voucher. */
export interface KonbiniSlip {
  number: string;
  expiresAt: string;
  voucherUrl: string;
}

type StripeConstructor = (publishableKey: string) => Stripe;

/** Adds a script tag for `url` and answers `window.Stripe` once it has run. */
function loadScript(url: string): Promise<StripeConstructor> {
  const ready = () => (window as unknown as { Stripe?: StripeConstructor }).Stripe;
  const have = ready();
  if (have) return Promise.resolve(have);
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = url;
    script.async = true;
    script.onload = () => {
      const loaded = ready();
      if (loaded) resolve(loaded);
      else reject(new Error("Stripe.js did not load"));
    };
    script.onerror = () => reject(new Error("Stripe.js did not load"));
    document.head.appendChild(script);
  });
}

/**
 * Stripe.js for the publishable key: through Stripe's official loader (which fetches
 * https://js.stripe.com/v3/ only when called: the `pure` entry has no import-time side effect, so
 * the test provider's pages never load it), or from the stand-in's URL the server names in tests.
 */
export async function loadStripeFor(setup: StripeSetup): Promise<Stripe | null> {
  if (setup.stripeJsUrl && setup.stripeJsUrl !== STRIPE_JS_URL)
    return (await loadScript(setup.stripeJsUrl))(setup.publishableKey);
  return loadStripe(setup.publishableKey);
}

export type StripeState =
  | { status: "loading" }
  | { status: "failed" }
  | { status: "ready"; stripe: Stripe; elements: StripeElements };

/**
 * Stripe.js loaded and its Payment Element mounted into `mount`, in deferred-intent mode: the
 * element takes the payment details before any PaymentIntent exists (one is made on Pay), with
 * the total the summary shows (minor units; yen has none) and manual capture like every order.
 */
export function useStripeElement(
  setup: StripeSetup | null,
  amount: number | null,
  currencyCode: string | null,
  mount: RefObject<HTMLDivElement | null>,
): StripeState {
  const { locale } = useI18n();
  const [state, setState] = useState<StripeState>({ status: "loading" });
  const elementsRef = useRef<StripeElements | null>(null);
  const key = setup?.publishableKey ?? null;
  const jsUrl = setup?.stripeJsUrl;
  const started = amount !== null && currencyCode !== null;
  // The element starts with the total of the moment it mounts; later totals go through update().
  const latest = useRef({ amount, currencyCode });
  latest.current = { amount, currencyCode };
  useEffect(() => {
    if (!key || !started) return;
    let gone = false;
    let element: StripePaymentElement | null = null;
    setState({ status: "loading" });
    loadStripeFor({ publishableKey: key, stripeJsUrl: jsUrl })
      .then((stripe) => {
        if (gone) return;
        const target = mount.current;
        if (!stripe || !target) {
          setState({ status: "failed" });
          return;
        }
        const currency = (latest.current.currencyCode ?? "usd").toLowerCase();
        const elements = stripe.elements({
          mode: "payment",
          amount: latest.current.amount ?? 0,
          currency,
          // As the server makes the intent (the two must agree): dollars are held for capture at
          // the first shipment; a yen intent holds cards through its card options only, so that
          // konbini (which cannot be captured later) is offered too.
          ...(currency === "jpy" ? {} : { captureMethod: "manual" as const }),
          locale: locale === "ja-JP" ? "ja" : "en",
        });
        element = elements.create("payment");
        element.mount(target);
        elementsRef.current = elements;
        setState({ status: "ready", stripe, elements });
      })
      .catch(() => {
        if (!gone) setState({ status: "failed" });
      });
    return () => {
      gone = true;
      element?.destroy();
      elementsRef.current = null;
    };
  }, [key, jsUrl, started, locale, mount]);
  // The quote moved (a code, the shipping method, a line): the element charges the new total.
  useEffect(() => {
    if (elementsRef.current && amount !== null && currencyCode !== null)
      elementsRef.current.update({ amount, currency: currencyCode.toLowerCase() });
  }, [amount, currencyCode]);
  return state;
}

/** Where Stripe sends the shopper back after a redirect (3-D Secure, a wallet's page). */
export const returnUrlFor = (placementId: string): string =>
  `${window.location.origin}/checkout/complete?placement=${encodeURIComponent(placementId)}`;

const SLIP_KEY = (orderId: string) => `vela_konbini_slip:${orderId}`;

/** Kept for this tab, so that the confirmation page still shows the slip after a reload. */
export function rememberSlip(orderId: string, slip: KonbiniSlip): void {
  try {
    window.sessionStorage.setItem(SLIP_KEY(orderId), JSON.stringify(slip));
  } catch {
    // Storage refused (private mode): the page shows the slip from its navigation state only.
  }
}

/** A slip from anything (the order's answer, the navigation's state, storage), checked. */
export function slipOf(value: unknown): KonbiniSlip | null {
  if (!value || typeof value !== "object") return null;
  const v = value as Record<string, unknown>;
  if (typeof v.number !== "string" || typeof v.expiresAt !== "string") return null;
  return {
    number: v.number,
    expiresAt: v.expiresAt,
    voucherUrl: typeof v.voucherUrl === "string" ? v.voucherUrl : "",
  };
}

/** A konbini order's slip in checkout.order's answer: `order.payment.konbini` (or `order.konbini`). */
export function orderSlip(order: object): KonbiniSlip | null {
  const o = order as { payment?: { konbini?: unknown } | null; konbini?: unknown };
  return slipOf(o.payment?.konbini) ?? slipOf(o.konbini);
}

export function storedSlip(orderId: string): KonbiniSlip | null {
  try {
    const raw = window.sessionStorage.getItem(SLIP_KEY(orderId));
    return raw ? slipOf(JSON.parse(raw)) : null;
  } catch {
    return null;
  }
}

/** The konbini slip on the confirmation page: number, deadline in the store's time, voucher. */
export function KonbiniSlipPanel({ slip }: { slip: KonbiniSlip }) {
  const { t, locale } = useI18n();
  const deadline = new Intl.DateTimeFormat(locale, {
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    // Konbini payments are yen payments in Japan: the deadline is said in Tokyo's time.
    timeZone: STORE_TIME_ZONES.JP,
    timeZoneName: "short",
  }).format(new Date(slip.expiresAt));
  const safeVoucher = /^https?:\/\//i.test(slip.voucherUrl) ? slip.voucherUrl : null;
  return (
    <section className="card checkout-konbini" aria-labelledby="konbini-title" data-testid="konbini-slip">
      <h2 id="konbini-title">{t("checkout.konbini.title")}</h2>
      <p>{t("checkout.konbini.intro")}</p>
      <dl className="summary">
        <div>
          <dt>{t("checkout.konbini.number")}</dt>
          <dd data-testid="konbini-number">{slip.number}</dd>
        </div>
        <div>
          <dt>{t("checkout.konbini.deadline")}</dt>
          <dd data-testid="konbini-deadline">{deadline}</dd>
        </div>
      </dl>
      {safeVoucher ? (
        <p>
          <a href={safeVoucher} target="_blank" rel="noopener noreferrer">
            {t("checkout.konbini.voucher")}
          </a>
        </p>
      ) : null}
    </section>
  );
}

/** checkout.completePayment's answer (STRIPE-CONTRACT.md). */
export type PaymentOutcome =
  | { status: "placed"; order: { id: string }; cartId: string }
  | { status: "pending"; order: { id: string }; cartId: string; konbini: KonbiniSlip }
  | { status: "requires_action" }
  | { status: "failed"; message: string }
  | { status: "processing" };

/**
 * An outcome that made an order (placed, or a konbini order pending its payment): the new cart
 * kept, the cart and order lists asked again, and the confirmation page opened (with the slip).
 * Answers false for the outcomes the caller says itself.
 */
export function useOrderOutcome(): (outcome: PaymentOutcome, replace?: boolean) => Promise<boolean> {
  const queryClient = useQueryClient();
  const trpc = useTRPC();
  const navigate = useNavigate();
  return async (outcome, replace = false) => {
    if (outcome.status !== "placed" && outcome.status !== "pending") return false;
    writeCartId(outcome.cartId);
    await queryClient.invalidateQueries(trpc.cart.get.queryFilter());
    await queryClient.invalidateQueries(trpc.orders.list.queryFilter());
    const id = outcome.order.id.split("/").pop() ?? "";
    if (outcome.status === "pending") rememberSlip(id, outcome.konbini);
    navigate(`/checkout/confirmation/${id}`, {
      replace,
      ...(outcome.status === "pending" ? { state: { konbini: outcome.konbini } } : {}),
    });
    return true;
  };
}
