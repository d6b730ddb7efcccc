import { act, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../../test/render.tsx";
import {
  HERO_AFTER_VIDEO_MS,
  HERO_IMAGE_MS,
  HERO_TEXT_FADE_MS,
  HERO_VISIBLE_RATIO,
  IMAGE_SLIDE_WIDTH_PX,
  IMAGE_SLIDER_GAP_PX,
  IMAGE_SLIDER_MS,
} from "./constants.ts";
import { type HeroSlide, HeroSlider } from "./hero-slider.tsx";
import { ImageSlider } from "./image-slider.tsx";

/** An IntersectionObserver the test moves by hand. */
class FakeObserver {
  static all: FakeObserver[] = [];
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit,
  ) {
    FakeObserver.all.push(this);
  }
  target: Element | null = null;
  observe(el: Element) {
    this.target = el;
  }
  disconnect() {}
  unobserve() {}
  takeRecords() {
    return [];
  }
  show(ratio: number) {
    act(() =>
      this.callback(
        [
          {
            isIntersecting: ratio > 0,
            intersectionRatio: ratio,
            target: this.target,
          } as IntersectionObserverEntry,
        ],
        this as unknown as IntersectionObserver,
      ),
    );
  }
}

const IMAGE: HeroSlide = { image: "/a.svg", title: "Image one", buttons: [] };
const VIDEO: HeroSlide = { video: "/v.webm", poster: "/p.svg", title: "Video two", buttons: [] };
const IMAGE3: HeroSlide = {
  image: "/c.svg",
  title: "Image three",
  buttons: [{ text: "Go", link: "/games" }],
};

let plays = 0;
let pauses = 0;
let reduced = false;

beforeEach(() => {
  FakeObserver.all = [];
  plays = 0;
  pauses = 0;
  reduced = false;
  vi.stubGlobal("IntersectionObserver", FakeObserver);
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: query.includes("prefers-reduced-motion") ? reduced : false,
    media: query,
    addEventListener() {},
    removeEventListener() {},
  }));
  // jsdom does not play media: count the calls instead, and keep `paused` honest.
  let paused = true;
  vi.spyOn(HTMLMediaElement.prototype, "paused", "get").mockImplementation(() => paused);
  vi.spyOn(HTMLMediaElement.prototype, "play").mockImplementation(() => {
    plays += 1;
    paused = false;
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, "pause").mockImplementation(() => {
    pauses += 1;
    paused = true;
  });
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const slider = () => screen.getByRole("region", { name: "Hero" });
const active = () => Number(slider().getAttribute("data-active"));
const text = (name: string) =>
  screen.getByRole("heading", { name, hidden: true }).parentElement as HTMLElement;
const tick = (ms: number) => act(() => vi.advanceTimersByTime(ms));

function mount(slides: HeroSlide[]) {
  renderWithProviders(<HeroSlider slides={slides} label="Hero" />);
  const observer = FakeObserver.all[0];
  if (!observer) throw new Error("no observer");
  return observer;
}

describe("hero slider timings (spec 001 §4, §9)", () => {
  it("keeps the spec's numbers", () => {
    expect([HERO_IMAGE_MS, HERO_AFTER_VIDEO_MS, HERO_TEXT_FADE_MS, HERO_VISIBLE_RATIO]).toEqual([
      8000, 2000, 5000, 0.3,
    ]);
  });

  it("watches for 30% visibility and does nothing until told", () => {
    const observer = mount([IMAGE, VIDEO]);
    expect(observer.options.threshold).toContain(0.3);
    tick(60_000);
    expect(active()).toBe(0);
    expect(slider().getAttribute("data-playing")).toBe("false");
  });

  it("plays only while at least 30% is visible: 29% is not enough", () => {
    const observer = mount([IMAGE, VIDEO]);
    observer.show(0.29);
    tick(HERO_IMAGE_MS * 2);
    expect(active()).toBe(0);
    observer.show(0.3);
    expect(slider().getAttribute("data-playing")).toBe("true");
  });

  it("advances an image slide after 8 s, a video slide 2 s after its video ends", () => {
    const observer = mount([IMAGE, VIDEO, IMAGE3]);
    observer.show(0.5);
    tick(HERO_IMAGE_MS - 1);
    expect(active()).toBe(0);
    tick(1);
    expect(active()).toBe(1);
    const video = document.querySelector("video") as HTMLVideoElement;
    expect(video.loop).toBe(false);
    expect(plays).toBe(1);
    // A video slide waits for its video, however long it is.
    tick(HERO_IMAGE_MS * 3);
    expect(active()).toBe(1);
    fireEvent.ended(video);
    tick(HERO_AFTER_VIDEO_MS - 1);
    expect(active()).toBe(1);
    tick(1);
    expect(active()).toBe(2);
    tick(HERO_IMAGE_MS);
    expect(active()).toBe(0);
  });

  it("fades a slide's text 5 s after it shows, and shows the next slide's text", () => {
    const observer = mount([IMAGE, IMAGE3]);
    observer.show(1);
    expect(text("Image one").getAttribute("data-shown")).toBe("true");
    tick(HERO_TEXT_FADE_MS - 1);
    expect(text("Image one").getAttribute("data-shown")).toBe("true");
    tick(1);
    expect(text("Image one").getAttribute("data-shown")).toBe("false");
    tick(HERO_IMAGE_MS - HERO_TEXT_FADE_MS);
    expect(active()).toBe(1);
    expect(text("Image three").getAttribute("data-shown")).toBe("true");
  });

  it("out of view: pauses the video, hides the text and stops the clock; back in view resumes", () => {
    const observer = mount([VIDEO, IMAGE]);
    observer.show(0.8);
    expect(plays).toBe(1);
    observer.show(0.1);
    expect(pauses).toBe(1);
    expect(text("Video two").getAttribute("data-shown")).toBe("false");
    fireEvent.ended(document.querySelector("video") as HTMLVideoElement);
    tick(HERO_AFTER_VIDEO_MS * 5);
    expect(active()).toBe(0);
    observer.show(0.8);
    expect(plays).toBe(2);
    expect(text("Video two").getAttribute("data-shown")).toBe("true");
    tick(HERO_AFTER_VIDEO_MS);
    expect(active()).toBe(1);
  });

  it("loops a single video slide and never advances", () => {
    const observer = mount([VIDEO]);
    observer.show(1);
    const video = document.querySelector("video") as HTMLVideoElement;
    expect(video.loop).toBe(true);
    tick(60_000);
    expect(active()).toBe(0);
    expect(screen.queryByRole("button", { name: "Next slide" })).toBeNull();
  });

  it("Pause stops it; the buttons and dots move it", () => {
    const observer = mount([IMAGE, VIDEO, IMAGE3]);
    observer.show(1);
    fireEvent.click(screen.getByRole("button", { name: "Pause the slide show" }));
    tick(HERO_IMAGE_MS * 2);
    expect(active()).toBe(0);
    fireEvent.click(screen.getByRole("button", { name: "Next slide" }));
    expect(active()).toBe(1);
    fireEvent.click(screen.getByRole("button", { name: "Go to slide 3" }));
    expect(active()).toBe(2);
    fireEvent.click(screen.getByRole("button", { name: "Next slide" }));
    expect(active()).toBe(0);
  });

  it("holds still while focus is inside, so a slide never leaves with the focus in it; moves on once focus leaves", () => {
    const observer = mount([IMAGE3, IMAGE]);
    observer.show(1);
    const go = screen.getByRole("link", { name: "Go" });
    act(() => go.focus());
    tick(HERO_IMAGE_MS * 3);
    expect(active()).toBe(0);
    expect(document.activeElement).toBe(go);
    expect(slider().getAttribute("data-held")).toBe("true");
    // Tab to the slider's own controls: still inside, still held.
    act(() => screen.getByRole("button", { name: "Next slide" }).focus());
    tick(HERO_IMAGE_MS * 2);
    expect(active()).toBe(0);
    act(() => screen.getByRole("button", { name: "Next slide" }).blur());
    tick(HERO_IMAGE_MS);
    expect(active()).toBe(1);
  });

  it("holds still while the pointer is over it", () => {
    const observer = mount([IMAGE, IMAGE3]);
    observer.show(1);
    fireEvent.mouseEnter(slider());
    tick(HERO_IMAGE_MS * 2);
    expect(active()).toBe(0);
    fireEvent.mouseLeave(slider());
    tick(HERO_IMAGE_MS);
    expect(active()).toBe(1);
  });

  it("with reduced motion: posters instead of video, no autoplay, the text stays", () => {
    reduced = true;
    const observer = mount([VIDEO, IMAGE]);
    observer.show(1);
    expect(document.querySelector("video")).toBeNull();
    expect(document.querySelector("img")?.getAttribute("src")).toBe("/p.svg");
    tick(60_000);
    expect(active()).toBe(0);
    expect(text("Video two").getAttribute("data-shown")).toBe("true");
    expect(plays).toBe(0);
  });
});

describe("image slider (spec 001 §9)", () => {
  const items = [1, 2, 3, 4].map((n) => ({ imageSrc: `/s${n}.svg`, link: "/games", caption: `Slide ${n}` }));

  it("keeps the spec's numbers: 5 s, 436 px, gap 20", () => {
    expect([IMAGE_SLIDER_MS, IMAGE_SLIDE_WIDTH_PX, IMAGE_SLIDER_GAP_PX]).toEqual([5000, 436, 20]);
    renderWithProviders(<ImageSlider items={items} label="Explore" />);
    const track = screen.getByRole("list");
    expect(track.style.gap).toBe("20px");
    expect(track.style.getPropertyValue("--slide-width")).toBe("436px");
  });

  it("moves every 5 s, not sooner; pauses on hover; stops with Pause", () => {
    renderWithProviders(<ImageSlider items={items} label="Explore" />);
    const region = screen.getByRole("region", { name: "Explore" });
    const track = screen.getByRole("list");
    const scrolls: number[] = [];
    track.scrollTo = ((opts: ScrollToOptions) => scrolls.push(opts.left ?? -1)) as typeof track.scrollTo;
    Object.defineProperty(track, "scrollWidth", { value: 4 * 456, configurable: true });
    Object.defineProperty(track, "clientWidth", { value: 900, configurable: true });
    tick(IMAGE_SLIDER_MS - 1);
    expect(region.getAttribute("data-index")).toBe("0");
    tick(1);
    expect(region.getAttribute("data-index")).toBe("1");
    expect(scrolls).toHaveLength(1);
    fireEvent.mouseEnter(region);
    tick(IMAGE_SLIDER_MS * 3);
    expect(region.getAttribute("data-index")).toBe("1");
    fireEvent.mouseLeave(region);
    fireEvent.click(screen.getByRole("button", { name: "Pause the slide show" }));
    fireEvent.blur(screen.getByRole("button", { name: "Start the slide show" }));
    tick(IMAGE_SLIDER_MS * 3);
    expect(region.getAttribute("data-index")).toBe("1");
  });

  it("shows each tile's caption under its picture, and the caption names the link", () => {
    renderWithProviders(<ImageSlider items={items} label="Explore" />);
    const tiles = screen.getAllByRole("listitem");
    expect(tiles.map((tile) => tile.querySelector("figcaption")?.textContent)).toEqual([
      "Slide 1",
      "Slide 2",
      "Slide 3",
      "Slide 4",
    ]);
    // The picture says nothing the caption does not: the link is named once, by its caption.
    expect(screen.getByRole("link", { name: "Slide 2" }).querySelector("img")?.getAttribute("alt")).toBe("");
  });

  it("never moves for readers who prefer reduced motion", () => {
    reduced = true;
    renderWithProviders(<ImageSlider items={items} label="Explore" />);
    tick(IMAGE_SLIDER_MS * 4);
    expect(screen.getByRole("region", { name: "Explore" }).getAttribute("data-playing")).toBe("false");
  });
});
