import { act, fireEvent, screen } from "@testing-library/react";
import {
  STOREFRONT_MESSAGES,
  SUBSCRIBE_COOKIE_MAX_AGE_SECONDS,
  SUBSCRIBE_COUNTER_STORAGE_KEY,
  SUBSCRIBE_DIALOG_DELAY_MS,
  SUBSCRIBED_COOKIE,
  SUBSCRIBED_PLACEHOLDER_EMAIL,
} from "@vela/shared";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiFailure } from "../../test/api-mock.ts";
import { renderApp, renderWithProviders } from "../../test/render.tsx";
import { loadRoutePages } from "../../test/route-pages.ts";
import {
  OFFER_FETCH_AFTER_LOAD_MS,
  OFFER_RECHECK_MS,
  OFFER_TYPING_QUIET_MS,
  resetSubscribeTimerForTests,
  SubscribeOffer,
} from "./subscribe-offer.tsx";

/** The module SubscribeOffer loads; awaiting it lets the host's own import settle too. */
const loadedOfferPanel = import("./subscribe-offer-panel.tsx").then(() => undefined);
/** Pages opened under fake timers: their code in the module cache, their lazy routes settle in microtasks. */
const loadedPages = Promise.all([loadRoutePages(), import("./newsletter-pages.tsx")]);

/** Lets the router's lazy routes and React settle without moving the (fake) clock. */
async function settle(): Promise<void> {
  await act(() => loadedPages);
  for (let i = 0; i < 10; i += 1) await act(async () => {});
}

import { resetVisitForTests, takeVisitDecision } from "./visit.ts";

const cookieSets: string[] = [];

beforeEach(() => {
  // A first visit: no 'subscribed' cookie (the test setup sets one for every other test).
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API.
  document.cookie = `${SUBSCRIBED_COOKIE}=; Max-Age=0; Path=/`;
  resetVisitForTests();
  resetSubscribeTimerForTests();
  cookieSets.length = 0;
  const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, "cookie");
  vi.spyOn(document, "cookie", "set").mockImplementation((value: string) => {
    cookieSets.push(value);
    descriptor?.set?.call(document, value);
  });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("subscribe dialog visits (spec 000 §4)", () => {
  it("first visit: stores the counter and opens the dialog 5 s after load, not before", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    renderWithProviders(<SubscribeOffer />);
    expect(window.localStorage.getItem(SUBSCRIBE_COUNTER_STORAGE_KEY)).toBe("1");
    // The dialog's code is fetched 2 s after the page has loaded; it is there long before 5 s.
    act(() => vi.advanceTimersByTime(OFFER_FETCH_AFTER_LOAD_MS));
    await act(() => loadedOfferPanel);
    act(() => vi.advanceTimersByTime(SUBSCRIBE_DIALOG_DELAY_MS - OFFER_FETCH_AFTER_LOAD_MS - 1));
    expect(screen.queryByRole("region", { name: "Subscribe and save 10%" })).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole("region", { name: "Subscribe and save 10%" })).toBeTruthy();
    expect(SUBSCRIBE_DIALOG_DELAY_MS).toBe(5000);
  });

  it("opens on any page, the account's sign-in included, 5 s after the page loaded, not after the route opened", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const { router } = renderApp("/privacy-policy");
    await settle();
    expect(screen.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeTruthy();
    act(() => vi.advanceTimersByTime(OFFER_FETCH_AFTER_LOAD_MS));
    await act(() => loadedOfferPanel);
    act(() => vi.advanceTimersByTime(1000));
    await act(() => router.navigate("/account/login"));
    await settle();
    expect(screen.getByRole("heading", { level: 1, name: "Login" })).toBeTruthy();
    act(() => vi.advanceTimersByTime(SUBSCRIBE_DIALOG_DELAY_MS - OFFER_FETCH_AFTER_LOAD_MS - 1000 - 1));
    expect(screen.queryByRole("region", { name: "Subscribe and save 10%" })).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole("region", { name: "Subscribe and save 10%" })).toBeTruthy();
  });

  it("is not offered on the newsletter's own pages", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    renderApp("/newsletter/unsubscribe", {
      handlers: { "newsletter.unsubscribe": () => ({ ok: true, message: "You are unsubscribed." }) },
    });
    await settle();
    expect(screen.getByRole("heading", { level: 1 })).toBeTruthy();
    act(() => vi.advanceTimersByTime(OFFER_FETCH_AFTER_LOAD_MS));
    await act(() => loadedOfferPanel);
    act(() => vi.advanceTimersByTime(SUBSCRIBE_DIALOG_DELAY_MS));
    expect(screen.queryByRole("region", { name: "Subscribe and save 10%" })).toBeNull();
  });

  it("next visit: clears the counter and sets the 'subscribed' cookie with the placeholder for one day, no dialog", () => {
    window.localStorage.setItem(SUBSCRIBE_COUNTER_STORAGE_KEY, "1");
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    renderWithProviders(<SubscribeOffer />);
    expect(window.localStorage.getItem(SUBSCRIBE_COUNTER_STORAGE_KEY)).toBeNull();
    expect(cookieSets).toEqual([
      `${SUBSCRIBED_COOKIE}=${encodeURIComponent(SUBSCRIBED_PLACEHOLDER_EMAIL)}; Path=/; Max-Age=${SUBSCRIBE_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax`,
    ]);
    expect(SUBSCRIBE_COOKIE_MAX_AGE_SECONDS).toBe(86_400);
    act(() => vi.advanceTimersByTime(SUBSCRIBE_DIALOG_DELAY_MS * 2));
    expect(screen.queryByRole("region", { name: "Subscribe and save 10%" })).toBeNull();
  });

  it("while the cookie lives: nothing at all", () => {
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API.
    document.cookie = `${SUBSCRIBED_COOKIE}=x; Path=/`;
    cookieSets.length = 0;
    expect(takeVisitDecision()).toEqual({ kind: "quiet" });
    expect(cookieSets).toEqual([]);
    expect(window.localStorage.getItem(SUBSCRIBE_COUNTER_STORAGE_KEY)).toBeNull();
  });

  it("sets the 'subscribed' cookie Secure when the store is served over HTTPS", () => {
    const jsdom = (window as unknown as { jsdom: { reconfigure(options: { url: string }): void } }).jsdom;
    const startUrl = window.location.href;
    jsdom.reconfigure({ url: "https://store.vela.test/" });
    try {
      window.localStorage.setItem(SUBSCRIBE_COUNTER_STORAGE_KEY, "1");
      expect(takeVisitDecision().kind).toBe("next-visit");
      expect(cookieSets).toEqual([
        `${SUBSCRIBED_COOKIE}=${encodeURIComponent(SUBSCRIBED_PLACEHOLDER_EMAIL)}; Path=/; Max-Age=${SUBSCRIBE_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax; Secure`,
      ]);
    } finally {
      jsdom.reconfigure({ url: startUrl });
    }
  });

  it("decides once per page load, however many storefront pages open", () => {
    expect(takeVisitDecision().kind).toBe("first-visit");
    expect(takeVisitDecision().kind).toBe("first-visit");
    expect(window.localStorage.getItem(SUBSCRIBE_COUNTER_STORAGE_KEY)).toBe("1");
  });
});

describe("subscribe offer", () => {
  async function openDialog(handlers = {}) {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const view = renderWithProviders(<SubscribeOffer />, { handlers });
    await act(() => loadedOfferPanel);
    act(() => vi.advanceTimersByTime(SUBSCRIBE_DIALOG_DELAY_MS));
    vi.useRealTimers();
    return view;
  }

  it("validates the address, subscribes, and keeps the dialog away afterwards", async () => {
    const { api } = await openDialog({
      "newsletter.subscribe": () => ({ ok: true, message: STOREFRONT_MESSAGES.subscribeAnswer }),
    });
    fireEvent.click(screen.getByRole("button", { name: "Subscribe" }));
    expect(await screen.findByText("Enter a valid email address")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "Reader@Example.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Subscribe" }));
    expect(await screen.findByText(STOREFRONT_MESSAGES.subscribeAnswer)).toBeTruthy();
    expect(api.calls.find((c) => c.path === "newsletter.subscribe")?.input).toEqual({
      email: "reader@example.com",
      locale: "en-US",
    });
    expect(cookieSets.at(-1)).toMatch(new RegExp(`^${SUBSCRIBED_COOKIE}=.*Max-Age=31536000`));
  });

  it("says the offer and that it cannot be combined; No thanks closes it", async () => {
    await openDialog();
    const panel = screen.getByRole("region", { name: "Subscribe and save 10%" });
    expect(panel.textContent).toContain("get 10% off your next order");
    expect(panel.textContent).toContain("cannot be combined with other promo codes");
    fireEvent.click(screen.getByRole("button", { name: "No thanks" }));
    expect(screen.queryByRole("region", { name: "Subscribe and save 10%" })).toBeNull();
  });
});

describe("newsletter pages", () => {
  // Mail scanners open the links of a mail, and some run the page's scripts: opening a link must
  // change nothing; the reader's click does.
  it("confirms from the emailed link only when the reader presses the button", async () => {
    const { api } = renderApp("/newsletter/confirm?token=abc", {
      handlers: { "newsletter.confirm": () => ({ ok: true, alreadyConfirmed: false }) },
    });
    const button = await screen.findByRole("button", { name: "Confirm my subscription" });
    expect(screen.getByText(/Confirm that you want our newsletter/).textContent).toContain("10% code");
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(api.calls.filter((c) => c.path === "newsletter.confirm")).toEqual([]);
    expect(cookieSets.filter((c) => c.includes("Max-Age=31536000"))).toEqual([]);

    fireEvent.click(button);
    const notice = await screen.findByText(/You are subscribed\. Your 10% code/);
    expect(api.calls.filter((c) => c.path === "newsletter.confirm").map((c) => c.input)).toEqual([
      { token: "abc" },
    ]);
    // The outcome takes the focus; the button has gone, so it cannot be pressed twice.
    expect(notice.closest("[tabindex='-1']")).toBe(document.activeElement);
    expect(screen.queryByRole("button", { name: "Confirm my subscription" })).toBeNull();
    expect(cookieSets.at(-1)).toMatch(new RegExp(`^${SUBSCRIBED_COOKIE}=.*Max-Age=31536000`));
  });

  it("says in Japanese what the button does, and shows the server's refusal", async () => {
    const { api } = renderApp("/newsletter/confirm?token=old", {
      locale: "ja-JP",
      handlers: {
        "newsletter.confirm": () => {
          throw new ApiFailure("BAD_REQUEST", STOREFRONT_MESSAGES.confirmInvalid);
        },
      },
    });
    const button = await screen.findByRole("button", { name: "登録を完了する" });
    expect(api.calls.filter((c) => c.path === "newsletter.confirm")).toEqual([]);
    fireEvent.click(button);
    expect(
      await screen.findByText("この確認リンクは無効か、有効期限が切れています。もう一度ご登録ください。"),
    ).toBeTruthy();
  });

  it("asks for nothing when the link has lost its token", async () => {
    const { api } = renderApp("/newsletter/confirm", {
      handlers: { "newsletter.confirm": () => ({ ok: true, alreadyConfirmed: false }) },
    });
    expect(await screen.findByText(/This link is incomplete/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Confirm my subscription" })).toBeNull();
    expect(api.calls.filter((c) => c.path === "newsletter.confirm")).toEqual([]);
  });

  it("unsubscribes from the emailed link on the reader's click, in Japanese too", async () => {
    const { api } = renderApp("/newsletter/unsubscribe?id=4&token=xyz", {
      locale: "ja-JP",
      handlers: { "newsletter.unsubscribe": () => ({ ok: true }) },
    });
    const button = await screen.findByRole("button", { name: "配信を停止する" });
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(api.calls.filter((c) => c.path === "newsletter.unsubscribe")).toEqual([]);
    fireEvent.click(button);
    expect(await screen.findByText("配信を停止しました。今後ニュースレターはお送りしません。")).toBeTruthy();
    expect(api.calls.filter((c) => c.path === "newsletter.unsubscribe").map((c) => c.input)).toEqual([
      { id: "4", token: "xyz" },
    ]);
  });
});

describe("subscribe offer waits for a free moment", () => {
  /** The host mounted beside a page with a form and a button that opens another dialog. */
  function mountWithPage() {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    renderWithProviders(
      <>
        <form aria-label="Page form">
          <input aria-label="Page field" />
        </form>
        <dialog aria-label="Item added to cart">
          <button type="button">Keep shopping</button>
        </dialog>
        <SubscribeOffer />
      </>,
    );
  }
  const offer = () => screen.queryByRole("region", { name: "Subscribe and save 10%" });
  const other = () => document.querySelector("dialog[aria-label='Item added to cart']") as HTMLDialogElement;

  it("an idle first visit still gets it at 5 s; it takes no focus", async () => {
    mountWithPage();
    await act(() => loadedOfferPanel);
    const before = document.activeElement;
    act(() => vi.advanceTimersByTime(SUBSCRIBE_DIALOG_DELAY_MS - 1));
    expect(offer()).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(offer()).not.toBeNull();
    expect(document.activeElement).toBe(before);
  });

  it("never opens over another dialog: it waits until that one has closed", async () => {
    mountWithPage();
    await act(() => loadedOfferPanel);
    other().setAttribute("open", "");
    act(() => vi.advanceTimersByTime(SUBSCRIBE_DIALOG_DELAY_MS * 3));
    expect(offer()).toBeNull();
    other().removeAttribute("open");
    act(() => vi.advanceTimersByTime(OFFER_RECHECK_MS));
    expect(offer()).not.toBeNull();
  });

  it("waits while the reader is in a form, and while they type", async () => {
    mountWithPage();
    await act(() => loadedOfferPanel);
    const field = screen.getByLabelText("Page field");
    act(() => field.focus());
    act(() => vi.advanceTimersByTime(SUBSCRIBE_DIALOG_DELAY_MS * 3));
    expect(offer()).toBeNull();
    act(() => field.blur());
    fireEvent.keyDown(window, { key: "a" });
    act(() => vi.advanceTimersByTime(OFFER_TYPING_QUIET_MS - OFFER_RECHECK_MS));
    expect(offer()).toBeNull();
    act(() => vi.advanceTimersByTime(OFFER_RECHECK_MS * 2));
    expect(offer()).not.toBeNull();
  });

  it("is a labelled region, not a modal; a focused link keeps the focus when it shows", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    renderWithProviders(
      <>
        <a href="/products">Shop the glasses</a>
        <SubscribeOffer />
      </>,
    );
    const link = screen.getByRole("link", { name: "Shop the glasses" });
    act(() => link.focus());
    await act(() => loadedOfferPanel);
    act(() => vi.advanceTimersByTime(SUBSCRIBE_DIALOG_DELAY_MS));
    const panel = offer();
    expect(panel?.tagName).toBe("SECTION");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(link);
  });
});
