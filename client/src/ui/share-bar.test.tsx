import { act, fireEvent, screen } from "@testing-library/react";
import { BRAND, COPY_CONFIRMATION_MS, SHARE_POPUP } from "@vela/shared";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../test/render.tsx";
import { ShareBar } from "./share-bar.tsx";

const DATA = { url: "https://store.test/products/x", title: "Glasses", description: "Nice" };

describe("ShareBar", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("copies the link and says 'Copied!' for exactly 2 s", async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    renderWithProviders(<ShareBar data={DATA} />);
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Copy link" })));
    expect(writeText).toHaveBeenCalledWith(DATA.url);
    expect(screen.getByRole("status").textContent).toBe("Copied!");
    act(() => vi.advanceTimersByTime(COPY_CONFIRMATION_MS - 1));
    expect(screen.getByRole("status").textContent).toBe("Copied!");
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole("status").textContent).toBe("");
  });

  it("reveals Reddit, WhatsApp and email with More, and hides them with Less", () => {
    renderWithProviders(<ShareBar data={DATA} />);
    expect(screen.queryByRole("link", { name: "Share on Reddit" })).toBeNull();
    const more = screen.getByRole("button", { name: "More" });
    expect(more.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(more);
    expect(screen.getByRole("link", { name: "Share on Reddit" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Share on WhatsApp" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Email" }).getAttribute("href")).toMatch(
      /^mailto:\?subject=Glasses/,
    );
    const less = screen.getByRole("button", { name: "Less" });
    expect(less.getAttribute("aria-expanded")).toBe("true");
    fireEvent.click(less);
    expect(screen.queryByRole("link", { name: "Share on Reddit" })).toBeNull();
  });

  it("opens networks in a 600x400 popup with the default hashtags", () => {
    const open = vi.spyOn(window, "open").mockReturnValue(null);
    renderWithProviders(<ShareBar data={DATA} />);
    fireEvent.click(screen.getByRole("link", { name: "Share on X" }));
    expect(open).toHaveBeenCalledTimes(1);
    const [url, name, features] = open.mock.calls[0] ?? [];
    expect(String(url)).toContain(`hashtags=${BRAND.name}%2CXR%2CTechnology`);
    expect(name).toBe("share");
    expect(features).toContain(`width=${SHARE_POPUP.width},height=${SHARE_POPUP.height}`);
    expect(SHARE_POPUP).toEqual({ width: 600, height: 400 });
  });
});
