import { describe, expect, it } from "vitest";
import { formatReleaseDate, isDownloadUrl } from "./release-format.ts";

describe("formatReleaseDate (spec 001 §9)", () => {
  it("writes MMMM d, yyyy in English", () => {
    expect(formatReleaseDate("2026-06-09", "en-US")).toBe("June 9, 2026");
    expect(formatReleaseDate("2025-12-31", "en-US")).toBe("December 31, 2025");
    expect(formatReleaseDate("2025-01-01", "en-US")).toBe("January 1, 2025");
  });

  it("writes yyyy年M月d日 in Japanese and Simplified Chinese", () => {
    expect(formatReleaseDate("2026-06-09", "ja-JP")).toBe("2026年6月9日");
    expect(formatReleaseDate("2025-12-31", "zh-CN")).toBe("2025年12月31日");
    expect(formatReleaseDate("2025-01-01", "zh-CN")).toBe("2025年1月1日");
  });

  it("reads a date-time in UTC, so the day never moves with the reader's time zone", () => {
    expect(formatReleaseDate("2026-03-01T23:30:00Z", "en-US")).toBe("March 1, 2026");
  });

  it("shows what is not a date as it came", () => {
    for (const value of ["", "soon", "2026-13-01", "2026-02-30", "06/09/2026"]) {
      expect(formatReleaseDate(value, "en-US")).toBe(value);
    }
  });
});

describe("isDownloadUrl (spec 001 §5: only a valid absolute URL)", () => {
  it("accepts absolute http and https URLs", () => {
    for (const url of [
      "https://download.vela.test/app-1.2.0.exe",
      "http://download.vela.test/app.dmg",
      "https://play.google.com/store/apps/details?id=test.vela.x",
      "HTTPS://APPS.APPLE.COM/app/id1",
    ]) {
      expect(isDownloadUrl(url), url).toBe(true);
    }
  });

  it("refuses relative, scheme-less, other-scheme, malformed and empty values", () => {
    for (const url of [
      null,
      undefined,
      42,
      "",
      " ",
      "/downloads/app.zip",
      "downloads/app.zip",
      "download.vela.test/app.zip",
      "//download.vela.test/app.zip",
      "javascript:alert(1)",
      "JAVASCRIPT:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "ftp://download.vela.test/app.zip",
      "file:///etc/passwd",
      "https://",
      "https:///path",
      "http:/one-slash.test",
      " https://download.vela.test/padded",
      "https://exa mple.test/",
    ]) {
      expect(isDownloadUrl(url), String(url)).toBe(false);
    }
  });
});
