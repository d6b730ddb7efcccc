import { act, fireEvent, screen, within } from "@testing-library/react";
import { BANNER_BACKGROUND_AUTOPLAY_MS, BANNER_CARD_AUTOPLAY_MS } from "@vela/shared";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../test/render.tsx";
import { Carousel, SWIPE_THRESHOLD_PX } from "./carousel.tsx";

const SLIDES = ["One", "Two", "Three"];

function setReducedMotion(reduce: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: reduce && query.includes("reduced-motion"),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  })) as unknown as typeof window.matchMedia;
}

const visible = () =>
  screen
    .getAllByRole("group", { hidden: false })
    .filter((g) => g.getAttribute("data-active") === "true")
    .map((g) => g.textContent);

function renderCarousel(intervalMs = BANNER_BACKGROUND_AUTOPLAY_MS) {
  return renderWithProviders(
    <Carousel
      kind="background"
      label="Featured"
      intervalMs={intervalMs}
      slides={SLIDES}
      renderSlide={(s) => <p>{s}</p>}
    />,
  );
}

describe("Carousel", () => {
  beforeEach(() => {
    setReducedMotion(false);
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("keeps the spec's autoplay periods", () => {
    expect(BANNER_BACKGROUND_AUTOPLAY_MS).toBe(5000);
    expect(BANNER_CARD_AUTOPLAY_MS).toBe(3000);
  });

  it("moves on after exactly the interval and wraps around", () => {
    renderCarousel();
    expect(visible()).toEqual(["One"]);
    act(() => vi.advanceTimersByTime(BANNER_BACKGROUND_AUTOPLAY_MS - 1));
    expect(visible()).toEqual(["One"]);
    act(() => vi.advanceTimersByTime(1));
    expect(visible()).toEqual(["Two"]);
    act(() => vi.advanceTimersByTime(BANNER_BACKGROUND_AUTOPLAY_MS));
    expect(visible()).toEqual(["Three"]);
    act(() => vi.advanceTimersByTime(BANNER_BACKGROUND_AUTOPLAY_MS));
    expect(visible()).toEqual(["One"]);
  });

  it("pauses while hovered and while focus is inside", () => {
    renderCarousel(BANNER_CARD_AUTOPLAY_MS);
    const region = screen.getByRole("region", { name: "Featured" });
    fireEvent.mouseEnter(region);
    act(() => vi.advanceTimersByTime(BANNER_CARD_AUTOPLAY_MS * 3));
    expect(visible()).toEqual(["One"]);
    fireEvent.mouseLeave(region);
    act(() => vi.advanceTimersByTime(BANNER_CARD_AUTOPLAY_MS));
    expect(visible()).toEqual(["Two"]);
    fireEvent.focus(screen.getByRole("button", { name: "Next slide" }));
    act(() => vi.advanceTimersByTime(BANNER_CARD_AUTOPLAY_MS * 3));
    expect(visible()).toEqual(["Two"]);
  });

  it("answers arrow keys, Home and End, the dots and a swipe", () => {
    renderCarousel();
    const region = screen.getByRole("region", { name: "Featured" });
    fireEvent.keyDown(region, { key: "ArrowRight" });
    expect(visible()).toEqual(["Two"]);
    fireEvent.keyDown(region, { key: "End" });
    expect(visible()).toEqual(["Three"]);
    fireEvent.keyDown(region, { key: "ArrowRight" });
    expect(visible()).toEqual(["One"]);
    fireEvent.keyDown(region, { key: "ArrowLeft" });
    expect(visible()).toEqual(["Three"]);
    fireEvent.keyDown(region, { key: "Home" });
    expect(visible()).toEqual(["One"]);
    fireEvent.click(screen.getByRole("button", { name: "Go to slide 3" }));
    expect(visible()).toEqual(["Three"]);
    const viewport = region.querySelector(".slider-viewport") as HTMLElement;
    fireEvent.pointerDown(viewport, { clientX: 300 });
    fireEvent.pointerUp(viewport, { clientX: 300 + SWIPE_THRESHOLD_PX });
    expect(visible()).toEqual(["Two"]);
    fireEvent.pointerDown(viewport, { clientX: 300 });
    fireEvent.pointerUp(viewport, { clientX: 300 - SWIPE_THRESHOLD_PX + 1 });
    expect(visible()).toEqual(["Two"]);
  });

  it("stops for good with Pause, and never plays for reduced motion", () => {
    renderCarousel();
    fireEvent.click(screen.getByRole("button", { name: "Pause the slide show" }));
    act(() => vi.advanceTimersByTime(BANNER_BACKGROUND_AUTOPLAY_MS * 2));
    expect(visible()).toEqual(["One"]);
    expect(screen.getByRole("button", { name: "Start the slide show" })).toBeTruthy();
  });

  it("does not autoplay when the reader prefers reduced motion", () => {
    setReducedMotion(true);
    renderCarousel();
    act(() => vi.advanceTimersByTime(BANNER_BACKGROUND_AUTOPLAY_MS * 2));
    expect(visible()).toEqual(["One"]);
    const region = screen.getByRole("region", { name: "Featured" });
    expect(within(region).getByRole("button", { name: "Next slide" })).toBeTruthy();
  });

  it("makes slides out of view inert", () => {
    renderCarousel();
    const groups = screen.getAllByRole("group", { hidden: true });
    expect(groups.map((g) => g.hasAttribute("inert"))).toEqual([false, true, true]);
  });
});
