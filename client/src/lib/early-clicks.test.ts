import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { replayEarlyClicks } from "./early-clicks.ts";

/** What React DOM leaves on an element it has hydrated. */
const markHydrated = (el: Element) => Object.assign(el, { __reactProps$test: {} });

const CATCHER = readFileSync(path.resolve(__dirname, "../../public/early-clicks.js"), "utf8");

function page(html: string) {
  document.documentElement.removeAttribute("data-hydrated");
  document.body.innerHTML = `<div id="root">${html}</div><a id="outside-root"></a>`;
  // The catcher as the page loads it: a classic script in this window.
  new Function(CATCHER)();
}

afterEach(() => {
  window.__velaEarlyClicks?.take();
  delete window.__velaEarlyClicks;
  document.body.innerHTML = "";
  vi.useRealTimers();
});

describe("early clicks", () => {
  it("holds a button's click before hydration and replays it once, after", () => {
    vi.useFakeTimers();
    page(`<button id="b">Add to Cart</button>`);
    const button = document.getElementById("b") as HTMLButtonElement;
    const handler = vi.fn();
    const seenBefore = vi.fn();
    document.addEventListener("click", seenBefore);
    button.click();
    expect(seenBefore).not.toHaveBeenCalled();
    expect(button.getAttribute("aria-busy")).toBe("true");
    // Hydrated: React's handler is on, the app replays.
    document.removeEventListener("click", seenBefore);
    button.addEventListener("click", handler);
    document.documentElement.setAttribute("data-hydrated", "");
    replayEarlyClicks();
    // The app is in, this part of the page not hydrated yet: the click waits.
    vi.advanceTimersByTime(500);
    expect(handler).not.toHaveBeenCalled();
    markHydrated(button);
    vi.advanceTimersByTime(20);
    expect(handler).toHaveBeenCalledTimes(1);
    vi.runAllTimers();
    expect(handler).toHaveBeenCalledTimes(1);
    expect(button.hasAttribute("aria-busy")).toBe(false);
  });

  it("keeps a checkbox as it was until the replay ticks it", () => {
    vi.useFakeTimers();
    page(`<label><input id="c" type="checkbox"> iOS</label>`);
    const box = document.getElementById("c") as HTMLInputElement;
    box.click();
    expect(box.checked).toBe(false);
    markHydrated(box);
    document.documentElement.setAttribute("data-hydrated", "");
    replayEarlyClicks();
    vi.runAllTimers();
    expect(box.checked).toBe(true);
  });

  it("leaves links, disabled controls and anything outside the app alone, and stops after hydration", () => {
    page(
      `<a id="l" href="#x">Shop</a><button id="d" disabled>Sold out</button><button id="after">After</button>`,
    );
    const link = document.getElementById("l") as HTMLAnchorElement;
    const followed = vi.fn((e: Event) => e.defaultPrevented);
    link.addEventListener("click", followed);
    link.click();
    expect(followed).toHaveReturnedWith(false);
    document.documentElement.setAttribute("data-hydrated", "");
    const after = document.getElementById("after") as HTMLButtonElement;
    const handler = vi.fn();
    after.addEventListener("click", handler);
    after.click();
    expect(handler).toHaveBeenCalledTimes(1);
    expect(window.__velaEarlyClicks?.take()).toEqual([]);
  });

  it("clicks a control React never marks once ten seconds have passed", () => {
    vi.useFakeTimers();
    page(`<button id="b">Ask Us</button>`);
    const button = document.getElementById("b") as HTMLButtonElement;
    button.click();
    const handler = vi.fn();
    button.addEventListener("click", handler);
    document.documentElement.setAttribute("data-hydrated", "");
    replayEarlyClicks();
    vi.advanceTimersByTime(9_900);
    expect(handler).not.toHaveBeenCalled();
    vi.advanceTimersByTime(200);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it("does nothing on a page loaded without the catcher", () => {
    expect(() => replayEarlyClicks()).not.toThrow();
  });
});
