// The `lang` cookie the language switch writes: Secure when the store is served over HTTPS, so the
// browser never sends it back over plain HTTP; without it over HTTP (a browser refuses a Secure
// cookie there).
import { fireEvent, screen } from "@testing-library/react";
import { BRAND } from "@vela/shared";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderApp } from "../test/render.tsx";

const jsdom = (window as unknown as { jsdom: { reconfigure(options: { url: string }): void } }).jsdom;
const startUrl = window.location.href;

/** Every `document.cookie = ...` from here on. */
function watchCookieWrites(): string[] {
  const writes: string[] = [];
  const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, "cookie");
  vi.spyOn(document, "cookie", "set").mockImplementation((value: string) => {
    writes.push(value);
    descriptor?.set?.call(document, value);
  });
  return writes;
}

async function switchToJapanese(): Promise<void> {
  renderApp("/");
  fireEvent.change(screen.getByLabelText("Language"), { target: { value: "ja-JP" } });
  expect(await screen.findByRole("heading", { level: 1, name: `${BRAND.name}へようこそ` })).toBeTruthy();
}

afterEach(() => {
  jsdom.reconfigure({ url: startUrl });
});

describe("the lang cookie", () => {
  it("is Secure when the page is served over HTTPS", async () => {
    jsdom.reconfigure({ url: "https://store.vela.test/" });
    const writes = watchCookieWrites();
    await switchToJapanese();
    const lang = writes.filter((w) => w.startsWith("lang="));
    expect(lang.length).toBeGreaterThan(0);
    for (const write of lang) expect(write).toMatch(/^lang=ja-JP; .*; Secure$/);
    expect(document.cookie).toContain("lang=ja-JP");
  });

  it("is not Secure over plain HTTP, where a browser would refuse it", async () => {
    jsdom.reconfigure({ url: "http://localhost:3000/" });
    const writes = watchCookieWrites();
    await switchToJapanese();
    const lang = writes.filter((w) => w.startsWith("lang="));
    expect(lang.length).toBeGreaterThan(0);
    for (const write of lang) expect(write).not.toContain("Secure");
    expect(document.cookie).toContain("lang=ja-JP");
  });
});
