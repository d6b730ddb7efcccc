import type { Stripe, StripeElements } from "@stripe/stripe-js";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type AddressInput,
  CHECKOUT_MESSAGES,
  countryName,
  defaultCountry,
  deliveryDays,
  freeShippingGap,
  isShipCountry,
  minorDigits,
  type PlaceOrderInput,
  parseExpiry,
  pricesIncludeTax,
  SHIPPING_METHODS,
  type ShippingMethod,
  toMoney,
  ZAddressInput,
  ZCardInput,
  ZDiscountCodeText,
  ZEmail,
} from "@vela/shared";
import { type FormEvent, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import { cartErrorText } from "../../lib/cart/cart-error-text.ts";
import { writeCartId } from "../../lib/cart/cart-id.ts";
import { useCart } from "../../lib/cart/use-cart.ts";
import { serverAnswered, serverMessage } from "../../lib/errors.ts";
import { emailError } from "../../lib/forms/validation.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { personName } from "../../lib/names.ts";
import { PATHS } from "../../lib/routes.ts";
import { catalogLanguage } from "../../lib/store-locale.ts";
import { useTRPC, useTRPCClient } from "../../lib/trpc.ts";
import { type AddressFieldName, AddressFields, emptyAddress } from "../../ui/address-fields.tsx";
import { Button } from "../../ui/button.tsx";
import { CheckoutTermsNote } from "../../ui/checkout-terms.tsx";
import { ErrorBox } from "../../ui/error-box.tsx";
import { TextField } from "../../ui/field.tsx";
import { SummaryTaxAndTotal } from "../../ui/price.tsx";
import { Spinner } from "../../ui/spinner.tsx";
import { useMediaQuery } from "../../ui/use-reduced-motion.ts";
import { brandOf, cardDigits, caretAfterDigits, formatCardNumber, normaliseExpiry } from "./card-entry.ts";
import {
  type PaymentOutcome,
  returnUrlFor,
  STRIPE_ELEMENT_ID,
  STRIPE_ERROR_ID,
  type StripeSetup,
  useOrderOutcome,
  useStripeElement,
} from "./stripe-payment.tsx";
import { SummaryLineControls } from "./summary-line-controls.tsx";
import { type Quote, useQuote } from "./use-quote.ts";
import "./checkout.css";
import { PageMeta } from "../../ui/seo/page-meta.tsx";

type AddressValues = Record<AddressFieldName, string>;

/** The server's answers that are about the card itself: they stand beside the card fields. */
const CARD_REFUSALS: readonly string[] = [
  CHECKOUT_MESSAGES.cardDeclined,
  CHECKOUT_MESSAGES.cardInsufficientFunds,
  CHECKOUT_MESSAGES.cardNotTestCard,
];
const CARD_NUMBER_ID = "checkout-card-number";
/** Where the grid becomes one column (checkout.css): the summary then sits at the top, folded. */
const NARROW_SCREEN = "(max-width: 52rem)";
const CARD_ERROR_ID = "checkout-card-error";

/** A new key for each attempt to pay; a retry of the same attempt (a dropped answer) keeps it. */
const newAttemptKey = (): string =>
  Array.from(crypto.getRandomValues(new Uint8Array(24)), (b) => b.toString(16).padStart(2, "0")).join("");

export function CheckoutPage() {
  const i18n = useI18n();
  const { t, locale, serverText } = i18n;
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const cart = useCart();
  const language = catalogLanguage(locale);

  const me = useQuery({ ...trpc.account.me.queryOptions(), retry: false });
  const signedIn = Boolean(me.data);
  // Test cards, real payments, or none: what the page tells the shopper before they type a card.
  const modeAnswer = useQuery({ ...trpc.checkout.paymentMode.queryOptions(), staleTime: 5 * 60_000 }).data;
  const paymentMode = modeAnswer?.mode;
  // Stripe takes the payment: its Payment Element replaces the test provider's card fields.
  const stripeKey = modeAnswer?.provider === "stripe" ? modeAnswer.publishableKey : undefined;
  const stripeJsUrl = modeAnswer?.provider === "stripe" ? modeAnswer.stripeJsUrl : undefined;
  const stripeSetup: StripeSetup | null = useMemo(
    () => (stripeKey ? { publishableKey: stripeKey, stripeJsUrl } : null),
    [stripeKey, stripeJsUrl],
  );
  const book = useQuery({ ...trpc.addresses.list.queryOptions(), enabled: signedIn, retry: false });
  const saved = book.data?.addresses ?? [];

  const [email, setEmail] = useState("");
  useEffect(() => {
    if (me.data?.customer.email) setEmail((e) => e || me.data.customer.email);
  }, [me.data]);
  const [choice, setChoice] = useState<string>("new");
  useEffect(() => {
    const d = book.data?.defaultAddress ?? book.data?.addresses[0];
    if (d) setChoice((c) => (c === "new" ? String(d.id) : c));
  }, [book.data]);
  const [typed, setTyped] = useState<AddressValues>(() => emptyAddress(locale));
  const [saveAddress, setSaveAddress] = useState(false);
  const [method, setMethod] = useState<ShippingMethod>("STANDARD");
  const [codes, setCodes] = useState<string[]>([]);
  const [codeDraft, setCodeDraft] = useState("");
  const [codeError, setCodeError] = useState<string | null>(null);
  const [card, setCard] = useState({ number: "", expiry: "", cvc: "" });
  // Nothing is said before the first Pay. From then on the fields Pay found wrong, and each field
  // the shopper leaves, are checked as they change: an error goes the moment its value is right.
  const [submitted, setSubmitted] = useState(false);
  const [flagged, setFlagged] = useState<ReadonlySet<string>>(() => new Set());
  const [cardError, setCardError] = useState<string | null>(null);
  const [numberCaret, setNumberCaret] = useState<{ at: number } | null>(null);
  const [payError, setPayError] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  const attemptKey = useRef(newAttemptKey());
  const formRef = useRef<HTMLFormElement>(null);
  const stripeMount = useRef<HTMLDivElement>(null);
  const [stripeError, setStripeError] = useState<string | null>(null);
  const [processing, setProcessing] = useState(false);
  const orderOutcome = useOrderOutcome();

  const address: AddressInput | null = useMemo(() => {
    const pick = saved.find((a) => String(a.id) === choice);
    const values = pick
      ? {
          firstName: pick.firstName,
          lastName: pick.lastName,
          company: pick.company ?? "",
          address1: pick.address1,
          address2: pick.address2 ?? "",
          city: pick.city,
          province: pick.province,
          zip: pick.zip,
          country: pick.country,
          phone: pick.phone ?? "",
        }
      : typed;
    const parsed = ZAddressInput.safeParse(values);
    return parsed.success ? parsed.data : null;
  }, [saved, choice, typed]);
  const validEmail = ZEmail.safeParse(email);
  const usingTyped = choice === "new" || !saved.some((a) => String(a.id) === choice);
  const expiry = normaliseExpiry(card.expiry) ?? card.expiry;

  const problems = useMemo(() => {
    const found: Record<string, string> = {};
    const emailProblem = emailError(i18n, email, t("checkout.email"));
    if (emailProblem) found.email = emailProblem;
    if (usingTyped) {
      const check = ZAddressInput.safeParse(typed);
      if (!check.success)
        for (const issue of check.error.issues) {
          const f = String(issue.path[0]);
          found[f] ??= serverText(issue.message);
        }
    }
    // With Stripe the card is in the Payment Element, which checks it itself (elements.submit()).
    const cardCheck = stripeSetup ? null : ZCardInput.safeParse({ ...card, expiry });
    if (cardCheck && !cardCheck.success)
      for (const issue of cardCheck.error.issues)
        found[`card.${String(issue.path[0])}`] ??= serverText(issue.message);
    const exp = stripeSetup ? null : parseExpiry(expiry);
    if (exp && !found["card.expiry"]) {
      const now = new Date();
      if (exp.year < now.getFullYear() || (exp.year === now.getFullYear() && exp.month < now.getMonth() + 1))
        found["card.expiry"] = serverText(CHECKOUT_MESSAGES.cardExpired);
    }
    return found;
  }, [i18n, t, serverText, email, usingTyped, typed, card, expiry, stripeSetup]);
  const errors: Record<string, string> = {};
  if (submitted) for (const k of flagged) if (problems[k]) errors[k] = problems[k];
  const invalid = Object.keys(errors).length > 0;
  /** A field the shopper leaves after the first Pay is checked again. */
  const recheck = (key: string) => {
    if (!submitted) return;
    setFlagged((prev) => {
      if (Boolean(problems[key]) === prev.has(key)) return prev;
      const next = new Set(prev);
      if (problems[key]) next.add(key);
      else next.delete(key);
      return next;
    });
  };
  const changeCard = (part: "number" | "expiry" | "cvc", value: string) => {
    setCard((c) => ({ ...c, [part]: value }));
    setCardError(null);
  };
  /** The number in groups of four as typed, the caret kept after the digit it followed. */
  const changeNumber = (value: string) => {
    const input = document.getElementById(CARD_NUMBER_ID);
    const at = input instanceof HTMLInputElement ? (input.selectionStart ?? value.length) : value.length;
    const formatted = formatCardNumber(value);
    changeCard("number", formatted);
    setNumberCaret({ at: caretAfterDigits(formatted, cardDigits(value.slice(0, at)).length) });
  };
  useLayoutEffect(() => {
    const input = document.getElementById(CARD_NUMBER_ID);
    if (numberCaret && input instanceof HTMLInputElement && document.activeElement === input)
      input.setSelectionRange(numberCaret.at, numberCaret.at);
  }, [numberCaret]);
  const brand = brandOf(card.number);

  const cartId = cart.cart?.id ?? null;
  const request = cartId
    ? {
        cartId,
        ...language,
        shippingMethod: method,
        discountCodes: codes,
        ...(validEmail.success ? { email: validEmail.data } : {}),
        ...(address ? { address } : {}),
        // Until the address is complete, the estimate is for the country chosen.
        ...(!address && usingTyped && isShipCountry(typed.country) ? { country: typed.country } : {}),
      }
    : null;
  const { quote, error: quoteError, loading, refetch } = useQuote(request);
  const stripe = useStripeElement(
    stripeSetup,
    quote?.totalMinor ?? null,
    quote?.currencyCode ?? null,
    stripeMount,
  );
  // Where the quote ships to, as the server decides it: the address, else the country chosen,
  // else the reader's store. The shipping methods' days and the free-shipping hint are for it.
  const shipCountry = address
    ? address.country
    : usingTyped && isShipCountry(typed.country)
      ? typed.country
      : defaultCountry(locale);

  // A summary line changed or removed here goes through the shared cart, then the quote is asked again.
  const [lineBusy, setLineBusy] = useState<string | null>(null);
  const [lineNote, setLineNote] = useState<{ merchandiseId: string; text: string } | null>(null);
  const changeLine = async (merchandiseId: string, quantity: number | null) => {
    const line = cart.cart?.lines.find((l) => l.merchandise.id === merchandiseId);
    if (!line) return;
    setLineBusy(merchandiseId);
    setLineNote(null);
    try {
      if (quantity === null) await cart.removeLine(line.id);
      else {
        const held = (await cart.updateLine(line.id, quantity)).lines.find((l) => l.id === line.id)?.quantity;
        if (held !== undefined && held < quantity)
          setLineNote({ merchandiseId, text: t("cart.cappedToStock", { n: held }) });
      }
      refetch();
    } catch (err) {
      setLineNote({ merchandiseId, text: cartErrorText(i18n, err) });
    } finally {
      setLineBusy(null);
    }
  };
  const narrow = useMediaQuery(NARROW_SCREEN);
  const [summaryOpen, setSummaryOpen] = useState(false);

  // A code the server refuses (unknown, used, for another email) is taken off again, with its reason.
  useEffect(() => {
    if (quoteError && codes.length > 0 && serverAnswered(quoteError)) {
      const message = serverMessage(quoteError) ?? "";
      if (codes.some((c) => message.endsWith(`: ${c}`))) {
        setCodeError(serverText(message));
        setCodes((list) => list.filter((c) => !message.endsWith(`: ${c}`)));
      }
    }
  }, [quoteError, codes, serverText]);

  const applyCode = () => {
    const parsed = ZDiscountCodeText.safeParse(codeDraft);
    if (!parsed.success) {
      setCodeError(serverText(CHECKOUT_MESSAGES.codeUnknown));
      return;
    }
    setCodeError(null);
    if (!codes.includes(parsed.data)) setCodes([...codes, parsed.data]);
    setCodeDraft("");
  };

  const focusFirstError = () =>
    requestAnimationFrame(() =>
      formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus(),
    );

  /** A refusal of the payment details: said beside the Payment Element, which takes focus. */
  const showStripeError = (message: string) => {
    setStripeError(message);
    requestAnimationFrame(() => document.getElementById(STRIPE_ELEMENT_ID)?.focus());
  };

  /**
   * Paying with Stripe: one PaymentIntent for this attempt (the same key answers the same intent,
   * so a double click or a retry makes no second one), confirmed by Stripe.js, which shows 3-D
   * Secure or comes back through the return page; then the store settles the order from the intent.
   */
  const payWithStripe = async (s: Stripe, elements: StripeElements, order: Omit<PlaceOrderInput, "card">) => {
    const started = await client.checkout.startPayment.mutate(order);
    const confirmed = await s.confirmPayment({
      elements,
      clientSecret: started.clientSecret,
      confirmParams: { return_url: returnUrlFor(started.placementId) },
      redirect: "if_required",
    });
    if (confirmed.error) {
      // Stripe refused these details: the next Pay is a new attempt with what is typed then.
      attemptKey.current = newAttemptKey();
      showStripeError(confirmed.error.message ?? serverText(CHECKOUT_MESSAGES.cardDeclined));
      return;
    }
    const complete = () => client.checkout.completePayment.mutate({ placementId: started.placementId });
    let outcome: PaymentOutcome = await complete();
    if (outcome.status === "requires_action") {
      // Something is still asked of the shopper (an authentication): Stripe.js shows it.
      const next = await s.handleNextAction({ clientSecret: started.clientSecret });
      if (next.error) {
        attemptKey.current = newAttemptKey();
        showStripeError(next.error.message ?? serverText(CHECKOUT_MESSAGES.cardDeclined));
        return;
      }
      outcome = await complete();
    }
    if (await orderOutcome(outcome)) return;
    if (outcome.status === "processing") {
      // Stripe has not decided: the order comes by mail once it does; paying again would pay twice.
      setProcessing(true);
      return;
    }
    attemptKey.current = newAttemptKey();
    showStripeError(
      outcome.status === "failed" ? serverText(outcome.message) : t("checkout.stripe.notCompleted"),
    );
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (paying || processing || !quote || !cartId) return;
    const found = Object.keys(problems);
    setSubmitted(true);
    setFlagged(new Set(found));
    setCardError(null);
    if (card.expiry !== expiry) setCard((c) => ({ ...c, expiry }));
    if (found.length > 0 || !address || !validEmail.success) {
      // The highlighted fields say what is wrong; a saved address the rules refuse has no field.
      setPayError(found.length > 0 ? null : t("checkout.fixErrors"));
      focusFirstError();
      return;
    }
    setPayError(null);
    setStripeError(null);
    setPaying(true);
    try {
      // Stripe checks its own fields first, while the click still counts as the shopper's
      // gesture (wallets need it); nothing is sent to the store when they are incomplete.
      if (stripeSetup) {
        if (stripe.status !== "ready") {
          setPayError(t("checkout.stripe.loadFailed"));
          requestAnimationFrame(() => document.getElementById("checkout-pay-error")?.focus());
          return;
        }
        const checked = await stripe.elements.submit();
        if (checked.error) {
          showStripeError(checked.error.message ?? t("checkout.payFailed"));
          return;
        }
      }
      // The summary on screen may be a step behind the form (an answer still on its way): the
      // shopper pays only the total they were shown for what the form holds now.
      if (request) {
        const fresh = (await client.checkout.quote.mutate(request)).quote;
        if (fresh.totalMinor !== quote.totalMinor) {
          refetch();
          setPayError(serverText(CHECKOUT_MESSAGES.totalChanged));
          requestAnimationFrame(() => document.getElementById("checkout-pay-error")?.focus());
          return;
        }
      }
      const order = {
        cartId,
        ...language,
        email: validEmail.data,
        address,
        shippingMethod: method,
        discountCodes: codes,
        idempotencyKey: attemptKey.current,
        expectedTotal: quote.totalMinor,
        ...(signedIn && choice === "new" && saveAddress ? { saveAddress: true } : {}),
      };
      if (stripeSetup && stripe.status === "ready") {
        await payWithStripe(stripe.stripe, stripe.elements, order);
        return;
      }
      const placed = await client.checkout.place.mutate({
        ...order,
        // Digits only, and the expiry as MM/YY, however they were typed.
        card: { number: cardDigits(card.number), expiry, cvc: card.cvc },
      });
      writeCartId(placed.cartId);
      await queryClient.invalidateQueries(trpc.cart.get.queryFilter());
      await queryClient.invalidateQueries(trpc.orders.list.queryFilter());
      navigate(`/checkout/confirmation/${placed.order.id.split("/").pop()}`);
    } catch (err) {
      // The server answered: this attempt is over, the next one is a new attempt. A network
      // failure keeps the key, so that pressing Pay again cannot charge twice.
      if (serverAnswered(err)) attemptKey.current = newAttemptKey();
      const message = serverMessage(err);
      if (message && CARD_REFUSALS.includes(message) && stripeSetup) {
        showStripeError(serverText(message));
        setPayError(null);
        return;
      }
      if (message && CARD_REFUSALS.includes(message)) {
        // Said beside the card, which is marked invalid and takes focus: the card is what to change.
        setCardError(serverText(message));
        setPayError(null);
        requestAnimationFrame(() => document.getElementById(CARD_NUMBER_ID)?.focus());
        return;
      }
      setPayError(message ? serverText(message) : t("checkout.payFailed"));
      if (message === CHECKOUT_MESSAGES.totalChanged || message?.includes(CHECKOUT_MESSAGES.soldOut))
        refetch();
      requestAnimationFrame(() => document.getElementById("checkout-pay-error")?.focus());
    } finally {
      setPaying(false);
    }
  };

  if (cart.isLoading || me.isLoading) return <Spinner />;
  if (!cart.cart || cart.cart.lines.length === 0) {
    return (
      <section className="page checkout-page">
        <PageMeta title={t("checkout.title")} noindex />
        <h1>{t("checkout.title")}</h1>
        <p>{t("checkout.emptyCart")}</p>
        <Link className="btn btn-primary" to={PATHS.cart}>
          {t("checkout.backToCart")}
        </Link>
      </section>
    );
  }

  const err = (k: string) => errors[k] ?? null;
  const summaryBody = (
    <>
      {quoteError && !quote ? (
        <ErrorBox message={i18n.errorText(quoteError, "cart")} onRetry={refetch} />
      ) : null}
      {quote ? (
        <Summary
          quote={quote}
          estimated={!address}
          country={shipCountry}
          lineBusy={lineBusy}
          lineNote={lineNote}
          onQuantity={(id, n) => void changeLine(id, n)}
          onRemove={(id) => void changeLine(id, null)}
        />
      ) : (
        <Spinner />
      )}
    </>
  );
  /** A card the payment refused marks its fields invalid and ties them to the reason. */
  const refused = (id: string, hint: boolean) =>
    cardError
      ? {
          "aria-invalid": true,
          "aria-describedby": [hint ? `${id}-hint` : null, CARD_ERROR_ID].filter(Boolean).join(" "),
        }
      : {};
  return (
    <section className="page checkout-page">
      <PageMeta title={t("checkout.title")} noindex />
      <h1>{t("checkout.title")}</h1>
      <p className="checkout-back">
        <Link to={PATHS.cart}>
          <span aria-hidden="true">← </span>
          {t("checkout.backToCart")}
        </Link>
      </p>
      {paymentMode === "test" ? (
        <p className="notice checkout-test-mode" role="note">
          {t("checkout.testMode")}
        </p>
      ) : null}
      {paymentMode === "unavailable" ? (
        <p className="form-error" role="alert">
          {serverText(CHECKOUT_MESSAGES.paymentsUnavailable)}
        </p>
      ) : null}
      <form ref={formRef} className="checkout-grid" noValidate onSubmit={(e) => void submit(e)}>
        {narrow ? (
          <section
            className="checkout-summary-top card"
            aria-labelledby="checkout-summary-title"
            aria-busy={loading}
          >
            <h2 id="checkout-summary-title" className="checkout-summary-heading">
              <button
                type="button"
                className="checkout-summary-toggle"
                aria-expanded={summaryOpen}
                aria-controls="checkout-summary-panel"
                onClick={() => setSummaryOpen((open) => !open)}
              >
                <span>{summaryOpen ? t("checkout.hideSummary") : t("checkout.showSummary")}</span>
                <span data-testid="checkout-summary-toggle-total">
                  {quote ? i18n.money(quote.totalPrice) : null}
                </span>
              </button>
            </h2>
            <div id="checkout-summary-panel" hidden={!summaryOpen}>
              {summaryBody}
            </div>
          </section>
        ) : null}
        <div className="checkout-steps">
          <fieldset className="card">
            <legend>{t("checkout.contact")}</legend>
            <TextField
              label={t("checkout.email")}
              type="email"
              autoComplete="email"
              required
              value={email}
              onValueChange={setEmail}
              onBlur={() => recheck("email")}
              error={err("email")}
            />
          </fieldset>

          <fieldset className="card">
            <legend>{t("checkout.shippingAddress")}</legend>
            {saved.length > 0 ? (
              <div className="field">
                <label htmlFor="checkout-saved-address">{t("checkout.savedAddress")}</label>
                <select
                  id="checkout-saved-address"
                  value={choice}
                  onChange={(e) => setChoice(e.target.value)}
                >
                  {saved.map((a) => (
                    <option key={a.id} value={String(a.id)}>
                      {[
                        personName(i18n.locale, a.firstName, a.lastName),
                        a.address1,
                        a.city,
                        countryName(i18n.locale, a.country),
                      ].join(", ")}
                    </option>
                  ))}
                  <option value="new">{t("checkout.newAddress")}</option>
                </select>
              </div>
            ) : null}
            {choice === "new" || !saved.some((a) => String(a.id) === choice) ? (
              <div className="checkout-address">
                <AddressFields
                  values={typed}
                  onChange={(name, v) => setTyped((a) => ({ ...a, [name]: v }))}
                  onBlur={(name) => recheck(name)}
                  error={(name) => err(name)}
                  label={(name) => t(`checkout.${name}`)}
                  autoCompleteSection="shipping"
                />
                {signedIn ? (
                  <label className="checkbox">
                    <input
                      type="checkbox"
                      checked={saveAddress}
                      onChange={(e) => setSaveAddress(e.target.checked)}
                    />{" "}
                    {t("checkout.saveAddress")}
                  </label>
                ) : null}
              </div>
            ) : null}
          </fieldset>

          <fieldset className="card">
            <legend>{t("checkout.shippingMethod")}</legend>
            {SHIPPING_METHODS.map((m) => {
              const option = quote?.shippingOptions.find((o) => o.method === m);
              const [min, max] = deliveryDays(shipCountry, m);
              return (
                <label key={m} className="radio">
                  <input
                    type="radio"
                    name="shippingMethod"
                    value={m}
                    checked={method === m}
                    onChange={() => setMethod(m)}
                  />{" "}
                  {t("checkout.methodDays", { method: t(`checkout.method.${m}`), min, max })}
                  {option ? (
                    <span className="muted">
                      {" — "}
                      {Number(option.price.amount) === 0 ? t("checkout.free") : i18n.money(option.price)}
                    </span>
                  ) : null}
                </label>
              );
            })}
          </fieldset>

          <fieldset className="card">
            <legend>{t("checkout.discount")}</legend>
            <div className="checkout-code">
              <TextField
                label={t("checkout.discount")}
                value={codeDraft}
                onValueChange={setCodeDraft}
                error={codeError}
                autoComplete="off"
                onKeyDown={(e) => {
                  if (e.key === "Enter") {
                    e.preventDefault();
                    applyCode();
                  }
                }}
              />
              <Button variant="secondary" onClick={applyCode}>
                {t("checkout.applyCode")}
              </Button>
            </div>
            {quote?.discountCodes.length ? (
              <ul className="checkout-codes" aria-live="polite">
                {quote.discountCodes.map((c) => (
                  <li key={c}>
                    {t("checkout.codeApplied", { code: c })}{" "}
                    <Button
                      variant="secondary"
                      aria-label={t("checkout.removeCode", { code: c })}
                      onClick={() => setCodes((list) => list.filter((x) => x !== c))}
                    >
                      ×
                    </Button>
                  </li>
                ))}
              </ul>
            ) : null}
          </fieldset>

          <fieldset className="card">
            <legend>{t("checkout.payment")}</legend>
            {stripeSetup ? (
              <div
                id={STRIPE_ELEMENT_ID}
                className="checkout-stripe"
                aria-describedby={stripeError ? STRIPE_ERROR_ID : undefined}
                aria-busy={stripe.status === "loading"}
                tabIndex={-1}
              >
                {stripe.status === "loading" ? <p className="muted">{t("checkout.stripe.loading")}</p> : null}
                {stripe.status === "failed" ? (
                  <p className="form-error" role="alert">
                    {t("checkout.stripe.loadFailed")}
                  </p>
                ) : null}
                {/* Stripe.js draws the Payment Element in here; React leaves its children alone. */}
                <div ref={stripeMount} />
                {stripeError ? (
                  <p id={STRIPE_ERROR_ID} className="form-error" role="alert">
                    {stripeError}
                  </p>
                ) : null}
              </div>
            ) : (
              <>
                {paymentMode === "test" ? <p className="muted">{t("checkout.testCards")}</p> : null}
                <TextField
                  id={CARD_NUMBER_ID}
                  label={t("checkout.cardNumber")}
                  inputMode="numeric"
                  autoComplete="cc-number"
                  required
                  value={card.number}
                  onValueChange={changeNumber}
                  onBlur={() => recheck("card.number")}
                  hint={brand ? t("checkout.cardBrand", { brand }) : undefined}
                  error={err("card.number")}
                  {...refused(CARD_NUMBER_ID, Boolean(brand))}
                />
                <div className="checkout-card-row">
                  <TextField
                    label={t("checkout.cardExpiry")}
                    autoComplete="cc-exp"
                    placeholder="MM/YY"
                    required
                    id="checkout-card-expiry"
                    value={card.expiry}
                    onValueChange={(v) => changeCard("expiry", v)}
                    onBlur={() => {
                      if (card.expiry !== expiry) setCard((c) => ({ ...c, expiry }));
                      recheck("card.expiry");
                    }}
                    error={err("card.expiry")}
                    {...refused("checkout-card-expiry", false)}
                  />
                  <TextField
                    label={t("checkout.cardCvc")}
                    inputMode="numeric"
                    autoComplete="cc-csc"
                    required
                    id="checkout-card-cvc"
                    value={card.cvc}
                    onValueChange={(v) => changeCard("cvc", v)}
                    onBlur={() => recheck("card.cvc")}
                    error={err("card.cvc")}
                    {...refused("checkout-card-cvc", false)}
                  />
                </div>
                {cardError ? (
                  <p id={CARD_ERROR_ID} className="form-error" role="alert">
                    {cardError}
                  </p>
                ) : null}
              </>
            )}
          </fieldset>
        </div>

        {/* On a phone the summary is at the top: what stays here is the way to pay. */}
        <aside
          className={narrow ? "checkout-pay-box card" : "checkout-summary card"}
          aria-labelledby={narrow ? "checkout-pay-title" : "checkout-summary-title"}
          aria-busy={loading}
        >
          {narrow ? (
            <h2 id="checkout-pay-title" className="visually-hidden">
              {t("checkout.total")}
            </h2>
          ) : (
            <>
              <h2 id="checkout-summary-title">{t("checkout.summary")}</h2>
              {summaryBody}
            </>
          )}
          {invalid ? (
            <p className="form-error" role="alert">
              {t("checkout.fixErrors")}
            </p>
          ) : null}
          {payError ? (
            <p id="checkout-pay-error" className="form-error" role="alert" tabIndex={-1}>
              {payError}
            </p>
          ) : null}
          {processing ? (
            <p className="notice" role="status" data-testid="checkout-processing">
              {t("checkout.stripe.processing", { email })}
            </p>
          ) : null}
          <Button
            type="submit"
            className="checkout-pay"
            aria-disabled={paying || processing || !quote || paymentMode === "unavailable"}
            disabled={paying || processing || paymentMode === "unavailable"}
          >
            {paying
              ? t("checkout.paying")
              : t("checkout.pay", { total: quote ? i18n.money(quote.totalPrice) : "" })}
          </Button>
          <CheckoutTermsNote />
        </aside>
      </form>
    </section>
  );
}

/** Minor units of a decimal amount ("129.99" USD is 12999). */
const minorOf = (m: { amount: string; currencyCode: string }): number =>
  Math.round(Number(m.amount) * 10 ** minorDigits(m.currencyCode));

function Summary({
  quote,
  estimated,
  country,
  lineBusy,
  lineNote,
  onQuantity,
  onRemove,
}: {
  quote: Quote;
  estimated: boolean;
  /** Where the quote ships to: the free-shipping hint is for it. */
  country: string;
  lineBusy: string | null;
  lineNote: { merchandiseId: string; text: string } | null;
  onQuantity(merchandiseId: string, quantity: number): void;
  onRemove(merchandiseId: string): void;
}) {
  const { t, money } = useI18n();
  const goods = toMoney(minorOf(quote.subtotalPrice) - minorOf(quote.discountPrice), quote.currencyCode);
  const gap = freeShippingGap(quote.currencyCode, country, goods);
  return (
    <>
      <ul className="checkout-lines">
        {quote.lines.map((l) => (
          <li key={l.merchandiseId}>
            <span>
              {l.title} — {l.variantTitle}
            </span>
            <span data-testid="checkout-line-total">{money(l.totalPrice)}</span>
            <SummaryLineControls
              title={l.title}
              quantity={l.quantity}
              busy={lineBusy === l.merchandiseId}
              onQuantity={(n) => onQuantity(l.merchandiseId, n)}
              onRemove={() => onRemove(l.merchandiseId)}
            />
            {lineNote?.merchandiseId === l.merchandiseId ? (
              <p className="notice" role="status">
                {lineNote.text}
              </p>
            ) : null}
            {l.previousPrice ? (
              <p className="notice" role="status">
                {t("checkout.priceChanged", { before: money(l.previousPrice), now: money(l.price) })}
              </p>
            ) : null}
            {l.soldOut ? (
              <p className="field-error">{t("checkout.soldOut")}</p>
            ) : l.available < l.quantity ? (
              <p className="field-error">{t("checkout.onlyLeft", { n: l.available })}</p>
            ) : null}
          </li>
        ))}
      </ul>
      <dl className="summary" data-testid="checkout-totals">
        <div>
          <dt>{t("checkout.subtotal")}</dt>
          <dd>{money(quote.subtotalPrice)}</dd>
        </div>
        {Number(quote.discountPrice.amount) > 0 ? (
          <div>
            <dt>{t("checkout.discountLine")}</dt>
            <dd data-testid="checkout-discount">−{money(quote.discountPrice)}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t("checkout.shipping")}</dt>
          <dd>{money(quote.shippingPrice)}</dd>
        </div>
        <SummaryTaxAndTotal
          taxIncluded={pricesIncludeTax(quote.currencyCode)}
          tax={money(quote.taxPrice)}
          total={money(quote.totalPrice)}
          taxLabel={t("checkout.tax")}
          totalLabel={t("checkout.total")}
          totalTestId="checkout-total"
        />
      </dl>
      {gap ? (
        <p className="checkout-free-shipping" data-testid="free-shipping-gap">
          {t("checkout.freeShippingGap", { amount: money(gap) })}
        </p>
      ) : null}
      {estimated ? (
        <p className="muted">
          {pricesIncludeTax(quote.currencyCode)
            ? t("checkout.estimatedTaxIncluded")
            : t("checkout.estimated")}
        </p>
      ) : null}
    </>
  );
}
