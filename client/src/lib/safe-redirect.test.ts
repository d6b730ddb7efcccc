import { describe, expect, it } from "vitest";
import { safeRedirect, sameSitePath } from "./safe-redirect.ts";

const STORE = "http://localhost:3000";
const FALLBACK = "/account";

/** Where a browser on the store would end up if it followed `target`. */
const landsOn = (target: string) => new URL(target, `${STORE}/account/login`).origin;

describe("safeRedirect", () => {
  it.each([
    // the spec's targets (000 §2, §6, §7) and the links the store builds
    ["/account", "/account"],
    ["/account/orders", "/account/orders"],
    ["/account/addresses", "/account/addresses"],
    ["/account/orders/1001?x=1#top", "/account/orders/1001?x=1#top"],
    ["/reviews?handle=vela-one", "/reviews?handle=vela-one"],
    ["/", "/"],
    // absolute URLs of the store itself become their path
    [`${STORE}/account/orders`, "/account/orders"],
    [`${STORE}`, "/"],
    ["HTTP://LOCALHOST:3000/cart", "/cart"],
    // dot segments are resolved as the browser resolves them, and stay on the store
    ["/account/../cart", "/cart"],
    ["/./account", "/account"],
    // encoded slashes and backslashes stay encoded: a path on the store, not a host
    ["/%2F%2Fevil.test", "/%2F%2Fevil.test"],
    ["/%5Cevil.test", "/%5Cevil.test"],
    ["/%2e%2e/%2fevil.test", "/%2fevil.test"],
  ])("follows %j as %j", (raw, expected) => {
    const result = safeRedirect(raw, FALLBACK, STORE);
    expect(result).toBe(expected);
    expect(landsOn(result)).toBe(STORE);
  });

  it.each([
    null,
    undefined,
    "",
    // relative to the current page
    "account/orders",
    "?redirect=x",
    "#top",
    // another host, spelled the ways browsers accept
    "//evil.test",
    "//evil.test/account",
    "///evil.test",
    "/\\evil.test",
    "/\\/evil.test",
    "\\\\evil.test",
    "\\/evil.test",
    "/.//evil.test/phish",
    "/..//evil.test/x",
    "/././/evil.test",
    "/a/../..//evil.test",
    "/%2e//evil.test",
    "/%2E%2E//evil.test",
    "/.\\/evil.test",
    // tabs, newlines and other control characters, which browsers drop or rewrite
    "/\t/evil.test",
    "/\n/evil.test",
    "/\r\n/evil.test",
    "/\u0000/evil.test",
    " /account",
    "/account ",
    "/\u2028/evil.test",
    // other origins and schemes
    "https://evil.test/",
    "http://evil.test/account",
    "http:/evil.test",
    "http:evil.test",
    `${STORE}@evil.test/`,
    "http://localhost:3001/account",
    "https://localhost:3000/account",
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    "java\tscript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    `blob:${STORE}/0c7b4b5e`,
    "mailto:a@evil.test",
  ])("refuses %j", (raw) => {
    expect(safeRedirect(raw, FALLBACK, STORE)).toBe(FALLBACK);
  });

  it("refuses a target longer than any page of the store", () => {
    expect(safeRedirect(`/${"a".repeat(3000)}`, FALLBACK, STORE)).toBe(FALLBACK);
  });

  it("resolves against the page's own origin by default", () => {
    expect(safeRedirect(`${window.location.origin}/account/orders`, FALLBACK)).toBe("/account/orders");
    expect(safeRedirect("/.//evil.test/phish", FALLBACK)).toBe(FALLBACK);
  });

  it("gives null for a target not to pass along", () => {
    expect(sameSitePath("/account/orders", STORE)).toBe("/account/orders");
    expect(sameSitePath("/..//evil.test/x", STORE)).toBeNull();
    expect(sameSitePath(null, STORE)).toBeNull();
  });
});
