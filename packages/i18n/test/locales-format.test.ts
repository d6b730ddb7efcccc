import { describe, expect, it } from "vitest";
import { formatDate, formatMoney, formatPrice, langCookie, readCookie, resolveLocale } from "../src/index.ts";

describe("resolveLocale", () => {
  it("prefers ?lang, then the cookie, then the browser's general languages, then en-US", () => {
    expect(resolveLocale({ search: "?lang=zh-CN", cookie: "lang=ja-JP" })).toBe("zh-CN");
    expect(resolveLocale({ search: "?lang=xx", cookie: "a=1; lang=ja-JP" })).toBe("ja-JP");
    expect(resolveLocale({ languages: ["fr-FR", "ja"] })).toBe("ja-JP");
    // zh-CN is a compatibility-page language: a Chinese browser alone does not pick it.
    expect(resolveLocale({ languages: ["zh-CN"] })).toBe("en-US");
    expect(resolveLocale({})).toBe("en-US");
  });

  it("writes and reads the cookie", () => {
    const cookie = langCookie("ja-JP");
    expect(cookie).toMatch(/^lang=ja-JP; Path=\/; Max-Age=\d+; SameSite=Lax$/);
    // Over HTTPS the browser is to send it back over HTTPS only.
    expect(langCookie("en-US", { secure: true })).toMatch(
      /^lang=en-US; Path=\/; Max-Age=\d+; SameSite=Lax; Secure$/,
    );
    expect(readCookie("x=1; lang=ja-JP", "lang")).toBe("ja-JP");
  });
});

describe("Intl helpers", () => {
  it("formats money in the given currency with its own decimals", () => {
    expect(formatMoney("en-US", { amount: "1299.5", currencyCode: "USD" })).toBe("$1,299.50");
    expect(formatMoney("ja-JP", { amount: "15000", currencyCode: "JPY" })).toBe("￥15,000");
  });

  it("formats the generic price with zero decimals and USD by default", () => {
    expect(formatPrice("en-US", "499.99")).toBe("$500");
    expect(formatPrice("en-US", 1500, "JPY")).toBe("¥1,500");
  });

  it("formats dates per locale", () => {
    const d = new Date(2026, 0, 15, 12);
    expect(formatDate("en-US", d)).toBe("January 15, 2026");
    expect(formatDate("ja-JP", d)).toBe("2026年1月15日");
    expect(formatDate("en-US", "not a date")).toBe("not a date");
  });
});
