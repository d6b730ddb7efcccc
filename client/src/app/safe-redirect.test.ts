import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect.ts";

describe("safeRedirect", () => {
  it("keeps same-site paths with their query and hash", () => {
    expect(safeRedirect("/account/orders", "/account")).toBe("/account/orders");
    expect(safeRedirect("/account/orders/1001?x=1#top", "/account")).toBe("/account/orders/1001?x=1#top");
    expect(safeRedirect("/", "/account")).toBe("/");
  });

  it.each([
    null,
    undefined,
    "",
    "account/orders",
    "//evil.example",
    "//evil.example/account",
    "/\\evil.example",
    "/\\/evil.example",
    "\\\\evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "https://evil.example/",
    "http:/evil.example",
    "javascript:alert(1)",
    " /account",
    `/${"a".repeat(3000)}`,
  ])("refuses %j", (raw) => {
    expect(safeRedirect(raw, "/account")).toBe("/account");
  });
});
