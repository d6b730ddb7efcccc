import { act, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../../test/render.tsx";
import { SubscribeOfferPanel } from "./subscribe-offer-panel.tsx";

type Box = { left: number; top: number; right: number; bottom: number };
const rect = ({ left, top, right, bottom }: Box) =>
  ({ left, top, right, bottom, x: left, y: top, width: right - left, height: bottom - top }) as DOMRect;

/** jsdom lays nothing out: boxes for the panel by its place, and for the marked elements. */
function layOut(boxes: { place: Record<string, Box>; keepClear: Box; header?: Box }) {
  vi.spyOn(Element.prototype, "getBoundingClientRect").mockImplementation(function (this: Element) {
    if (this.classList.contains("subscribe-offer")) {
      const place = (this as HTMLElement).dataset.place ?? "bottom-end";
      return rect(boxes.place[place] ?? { left: 0, top: 0, right: 0, bottom: 0 });
    }
    if (this.hasAttribute("data-keep-clear")) return rect(boxes.keepClear);
    if (this.classList.contains("site-header") && boxes.header) return rect(boxes.header);
    return rect({ left: 0, top: 0, right: 0, bottom: 0 });
  });
}

// A 1024 × 768 window (jsdom's), the panel 360 × 250 in each corner, 12 px from the edges.
const CORNERS: Record<string, Box> = {
  "bottom-end": { left: 652, top: 506, right: 1012, bottom: 756 },
  "bottom-start": { left: 12, top: 506, right: 372, bottom: 756 },
  "top-end": { left: 652, top: 12, right: 1012, bottom: 262 },
  "top-start": { left: 12, top: 12, right: 372, bottom: 262 },
};

function renderPanel(onClose = vi.fn()) {
  renderWithProviders(
    <>
      <header className="site-header">
        <a href="/">Home</a>
      </header>
      <button type="button" data-keep-clear="">
        Add to Cart
      </button>
      <SubscribeOfferPanel onClose={onClose} />
    </>,
  );
  return { onClose, panel: screen.getByRole("region", { name: "Subscribe and save 10%" }) };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("subscribe offer panel: placed clear of the controls in use", () => {
  it("takes the bottom end corner when nothing marked is under it", () => {
    layOut({ place: CORNERS, keepClear: { left: 100, top: 300, right: 300, bottom: 344 } });
    const { panel } = renderPanel();
    expect(panel.dataset.place).toBe("bottom-end");
  });

  it("moves to the bottom start corner when Add to Cart is under the end one", () => {
    layOut({ place: CORNERS, keepClear: { left: 700, top: 600, right: 900, bottom: 644 } });
    const { panel } = renderPanel();
    expect(panel.dataset.place).toBe("bottom-start");
  });

  it("goes to the top when the marked controls span the bottom, never over the header", () => {
    layOut({
      place: CORNERS,
      keepClear: { left: 0, top: 560, right: 1024, bottom: 700 },
      header: { left: 0, top: 0, right: 400, bottom: 60 },
    });
    const { panel } = renderPanel();
    // top-end is clear of the header (which ends at x 400); top-start would cover it.
    expect(panel.dataset.place).toBe("top-end");
  });

  it("waits in the page's flow when every corner would cover something in use", () => {
    layOut({
      place: CORNERS,
      keepClear: { left: 0, top: 500, right: 1024, bottom: 768 },
      header: { left: 0, top: 0, right: 1024, bottom: 80 },
    });
    const { panel } = renderPanel();
    expect(panel.dataset.place).toBe("inline");
  });
});

describe("subscribe offer panel: keyboard", () => {
  it("takes no focus when it shows", () => {
    const link = document.createElement("a");
    link.href = "/games";
    link.textContent = "Games";
    document.body.append(link);
    link.focus();
    renderPanel();
    expect(document.activeElement).toBe(link);
    link.remove();
  });

  it("Escape inside it closes it, and focus goes back to where it came from", () => {
    const { onClose, panel } = renderPanel();
    const addToCart = screen.getByRole("button", { name: "Add to Cart" });
    act(() => addToCart.focus());
    const field = screen.getByLabelText("Email");
    act(() => field.focus());
    fireEvent.keyDown(field, { key: "Escape" });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(addToCart);
    expect(panel.isConnected).toBe(true); // the owner unmounts it
  });

  it("Escape elsewhere on the page is not its business", () => {
    const { onClose } = renderPanel();
    const addToCart = screen.getByRole("button", { name: "Add to Cart" });
    act(() => addToCart.focus());
    fireEvent.keyDown(addToCart, { key: "Escape" });
    expect(onClose).not.toHaveBeenCalled();
  });

  it("its Close button and No thanks close it", () => {
    const { onClose } = renderPanel();
    fireEvent.click(screen.getByRole("button", { name: "Close the offer" }));
    fireEvent.click(screen.getByRole("button", { name: "No thanks" }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it("in Japanese", () => {
    renderWithProviders(<SubscribeOfferPanel onClose={() => {}} />, { locale: "ja-JP" });
    expect(screen.getByRole("region", { name: "登録で10%オフ" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "このご案内を閉じる" })).toBeTruthy();
  });
});
