import { act, fireEvent, screen, within } from "@testing-library/react";
import {
  COMPATIBILITY_COLLAPSED_HEIGHT_PX,
  COMPATIBILITY_HANDLES,
  COMPATIBILITY_SCROLL_DELAY_MS,
  handle,
} from "@vela/shared";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { quietSubscribeDialog } from "../../test/quiet-subscribe-dialog.ts";
import { renderApp } from "../../test/render.tsx";

beforeEach(() => {
  quietSubscribeDialog();
});

const GLASSES = handle("luma-pro-xr-glasses");

function answer(input: unknown) {
  const { language, handle: h } = input as { language: string; handle: string };
  const zh = language === "zh-CN";
  const glasses = h === GLASSES;
  return {
    handle: h,
    language,
    localized: true,
    record: glasses
      ? {
          title: zh ? "Vela Luma Pro XR 眼镜" : "Vela Luma Pro XR Glasses",
          titleLanding: "Works with",
          date: "2026-10-01",
          descriptionHTML: "<p>Needs <strong>USB-C</strong> video.</p><script>alert(1)</script>",
          icon: "glasses",
          type: "glasses",
          gridTemplateColumns: "1fr 1fr",
          list: ["Handheld", "Phone", "Laptop"].map((title) => ({
            title,
            subtitle: `${title} devices`,
            list: [
              { title: `${title} A`, blackLogo: null, list: [`${title} model`], rowSpan: 1, colSpan: 1 },
            ],
          })),
        }
      : {
          title: `Record ${h}`,
          titleLanding: "",
          date: "2026-09-01",
          descriptionHTML: "",
          icon: "dock",
          type: "accessory",
          gridTemplateColumns: "1fr 2fr",
          list: [{ title: "Inputs", value: "HDMI" }],
        },
  };
}

const handlers = { "compatibility.get": answer };

describe("compatibility page", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("asks for the five products of §7 in the reader's language, en-US by default", async () => {
    const { api } = renderApp("/compatibility", { handlers });
    expect(await screen.findByRole("heading", { level: 2, name: "Vela Luma Pro XR Glasses" })).toBeTruthy();
    const asked = api.calls.filter((c) => c.path === "compatibility.get").map((c) => c.input);
    expect(asked).toEqual(COMPATIBILITY_HANDLES.map((h) => ({ language: "en-US", handle: h })));
    expect(screen.getByText("USB-C").tagName).toBe("STRONG");
    expect(document.querySelector("script")).toBeNull();
  });

  it("takes ?language=zh-CN for the data and the page's own texts", async () => {
    const { api } = renderApp("/compatibility?language=zh-CN", { handlers });
    expect(await screen.findByRole("heading", { level: 1, name: "兼容性" })).toBeTruthy();
    expect(await screen.findByRole("heading", { level: 2, name: "Vela Luma Pro XR 眼镜" })).toBeTruthy();
    expect(api.calls.every((c) => (c.input as { language: string }).language === "zh-CN")).toBe(true);
    expect(document.querySelector(".compat-page")?.getAttribute("lang")).toBe("zh-CN");
  });

  it("opens the first tab chosen by ?device= (handheld 0, phone 1, laptop 2), with arrow keys between tabs", async () => {
    for (const [device, name] of [
      ["handheld", "Handheld"],
      ["phone", "Phone"],
      ["laptop", "Laptop"],
      ["toaster", "Handheld"],
    ] as const) {
      const view = renderApp(`/compatibility?device=${device}`, { handlers });
      const tab = await screen.findByRole("tab", { selected: true });
      expect(tab.textContent, device).toBe(name);
      view.unmount();
    }
    renderApp("/compatibility?device=phone", { handlers });
    const list = await screen.findByRole("tablist");
    fireEvent.keyDown(list, { key: "ArrowRight" });
    expect(screen.getByRole("tab", { selected: true }).textContent).toBe("Laptop");
    expect(screen.getByRole("tabpanel").textContent).toContain("Laptop model");
    fireEvent.keyDown(list, { key: "Home" });
    expect(screen.getByRole("tab", { selected: true }).textContent).toBe("Handheld");
  });

  it("a link that asks for a kind of device shows that list first in the folded section, before the description", async () => {
    const order = (section: HTMLElement) => {
      const tabs = section.querySelector(".compat-tabs") as HTMLElement;
      const text = section.querySelector(".compat-description") as HTMLElement;
      return tabs.compareDocumentPosition(text) & Node.DOCUMENT_POSITION_FOLLOWING
        ? "devices first"
        : "text first";
    };
    const view = renderApp("/compatibility?device=phone", { handlers });
    let section = await screen.findByTestId(`compat-${GLASSES}`);
    expect((section.querySelector(".compat-body") as HTMLElement).style.maxHeight).toBe("260px");
    expect(order(section)).toBe("devices first");
    expect(within(section).getByRole("tabpanel").textContent).toContain("Phone model");
    view.unmount();
    renderApp("/compatibility", { handlers });
    section = await screen.findByTestId(`compat-${GLASSES}`);
    expect(order(section)).toBe("text first");
  });

  it("collapses the first section to 260px until Show more", async () => {
    renderApp("/compatibility", { handlers });
    const section = await screen.findByTestId(`compat-${GLASSES}`);
    const body = section.querySelector(".compat-body") as HTMLElement;
    expect(COMPATIBILITY_COLLAPSED_HEIGHT_PX).toBe(260);
    expect(body.style.maxHeight).toBe("260px");
    const more = within(section).getByRole("button", { name: "Show more" });
    expect(more.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(more);
    expect(body.style.maxHeight).toBe("");
    expect(within(section).getByRole("button", { name: "Show less" }).getAttribute("aria-expanded")).toBe(
      "true",
    );
    // Only the first section is collapsible.
    const second = screen.getByTestId(`compat-${COMPATIBILITY_HANDLES[1]}`);
    expect(within(second).queryByRole("button", { name: "Show more" })).toBeNull();
  });

  it("says plainly that a product has no record instead of showing another's", async () => {
    renderApp("/compatibility?product=vela-no-such-glasses", { handlers });
    const notice = await screen.findByText("There is no compatibility information for this product");
    expect(notice.getAttribute("role")).toBe("status");
  });

  it("says nothing of the kind for a product with a record", async () => {
    renderApp(`/compatibility?product=${COMPATIBILITY_HANDLES[1]}`, { handlers });
    expect(await screen.findByRole("heading", { level: 2, name: "Vela Luma Pro XR Glasses" })).toBeTruthy();
    expect(screen.queryByText("There is no compatibility information for this product")).toBeNull();
  });

  it("scrolls to ?product= 2 s after the content is there, not before", async () => {
    const target = COMPATIBILITY_HANDLES[3];
    const scrolled: string[] = [];
    Element.prototype.scrollIntoView = function scrollIntoView(this: Element) {
      scrolled.push(this.id);
    };
    // Only setTimeout is faked; the page's modules and answers arrive on real I/O.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    renderApp(`/compatibility?product=${target}`, { handlers });
    for (
      let i = 0;
      i < 500 && document.querySelectorAll(".compat-head h2").length < COMPATIBILITY_HANDLES.length;
      i++
    ) {
      await act(async () => {
        // Zero-delay timers only (React Query's notifications); the scroll timer waits 2 s.
        vi.advanceTimersByTime(0);
        await new Promise<void>((resolve) => setImmediate(resolve));
      });
    }
    expect(document.querySelectorAll(".compat-head h2")).toHaveLength(COMPATIBILITY_HANDLES.length);
    expect(scrolled).toEqual([]);
    act(() => vi.advanceTimersByTime(COMPATIBILITY_SCROLL_DELAY_MS - 1));
    expect(scrolled).toEqual([]);
    act(() => vi.advanceTimersByTime(1));
    expect(scrolled).toEqual([target]);
  });
});
