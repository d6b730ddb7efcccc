import { FALLBACKS, MESSAGES } from "@vela/shared";
import { describe, expect, it } from "vitest";
import {
  CATALOGUES,
  enUS,
  isLocaleLoaded,
  isMessageKey,
  LOCALES,
  loadAllMessages,
  loadArea,
  loadLanguage,
  loadLocale,
  type MessageKey,
  translate,
} from "../src/index.ts";
import { adminEnUS } from "../src/messages/admin/en-US.ts";
import { adminJaJP } from "../src/messages/admin/ja-JP.ts";
import { firmwareEnUS } from "../src/messages/firmware/en-US.ts";
import { firmwareJaJP } from "../src/messages/firmware/ja-JP.ts";
import { jaJP as generalJaJP } from "../src/messages/ja-JP.ts";
import { legalEnUS } from "../src/messages/legal/en-US.ts";
import { legalJaJP } from "../src/messages/legal/ja-JP.ts";
import { privacyEnUS } from "../src/messages/privacy/en-US.ts";
import { privacyJaJP } from "../src/messages/privacy/ja-JP.ts";
import { zhCN } from "../src/messages/zh-CN.ts";

const jaJP = { ...generalJaJP, ...firmwareJaJP, ...privacyJaJP, ...legalJaJP, ...adminJaJP };
const shopEnUS = { ...enUS, ...firmwareEnUS, ...privacyEnUS, ...legalEnUS };
const allEnUS = { ...shopEnUS, ...adminEnUS };

const placeholders = (text: string): string[] =>
  [...text.matchAll(/\{([A-Za-z0-9_]+)\}/g)].map((m) => m[1] ?? "").sort();

describe("loading the catalogues", () => {
  // One module instance for the file: these run in order, before "catalogues" loads everything.
  it("starts with en-US's general texts only: no Japanese, no glasses-tools texts", () => {
    expect(translate("ja-JP", "layout.home")).toBe(enUS["layout.home"]);
    expect(isLocaleLoaded("en-US")).toBe(true);
    expect(isLocaleLoaded("ja-JP")).toBe(false);
    expect(CATALOGUES["en-US"]["firmware.calibration.title"]).toBeUndefined();
    // An area's text not loaded yet shows its key rather than nothing.
    expect(translate("en-US", "firmware.calibration.title")).toBe("firmware.calibration.title");
  });

  it("loads a page's own language without making it the language in use", async () => {
    await loadLanguage("zh-CN");
    expect(isLocaleLoaded("zh-CN")).toBe(true);
    expect(translate("zh-CN", "layout.home")).toBe(zhCN["layout.home"]);
    // An area asked for now loads for the language in use (en-US), not for zh-CN.
    await loadArea("firmware");
    expect(translate("en-US", "firmware.calibration.title")).toBe(firmwareEnUS["firmware.calibration.title"]);
    expect(isLocaleLoaded("ja-JP")).toBe(false);
  });

  it("loads a language, then an area in it and beneath it in en-US, then the area in a later language", async () => {
    await loadLocale("ja-JP");
    expect(isLocaleLoaded("ja-JP")).toBe(true);
    expect(translate("ja-JP", "layout.home")).toBe(generalJaJP["layout.home"]);
    await loadArea("firmware");
    expect(translate("ja-JP", "firmware.calibration.title")).toBe(firmwareJaJP["firmware.calibration.title"]);
    expect(translate("en-US", "firmware.calibration.title")).toBe(firmwareEnUS["firmware.calibration.title"]);
    // zh-CN has no glasses-tools texts: en-US's show.
    await loadLocale("zh-CN");
    expect(translate("zh-CN", "firmware.calibration.title")).toBe(firmwareEnUS["firmware.calibration.title"]);
  });

  it("names the glasses tools in the general texts, for the footer", () => {
    expect(enUS["firmware.nav.label"]).toBe("Glasses tools");
    expect(generalJaJP["firmware.nav.label"]).toBe("グラスのツール");
  });
});

describe("catalogues", () => {
  const keys = Object.keys(allEnUS) as MessageKey[];

  it("ja-JP translates every key with the same placeholders", () => {
    for (const key of keys) {
      expect(jaJP[key], key).toBeTruthy();
      expect(placeholders(jaJP[key]), key).toEqual(placeholders(allEnUS[key]));
    }
  });

  it("zh-CN only uses known keys, with the same placeholders", () => {
    for (const [key, text] of Object.entries(zhCN)) {
      expect(isMessageKey(key), key).toBe(true);
      if (isMessageKey(key)) expect(placeholders(text), key).toEqual(placeholders(allEnUS[key]));
    }
  });

  it("takes the spec's English texts from @vela/shared", () => {
    expect(enUS["order.notFoundBody"]).toBe(MESSAGES.orderNotFound);
    expect(enUS["addresses.deleteConfirm"]).toBe(MESSAGES.deleteAddressConfirm);
    expect(enUS["error.orders"]).toBe(FALLBACKS.orders[0]);
    expect(enUS["error.orders.network"]).toBe(FALLBACKS.orders[1]);
  });

  it("has no empty text in any locale", async () => {
    await loadAllMessages();
    for (const locale of LOCALES) {
      for (const [key, text] of Object.entries(CATALOGUES[locale])) expect(text.trim(), key).not.toBe("");
    }
  });
});

describe("the contact answer time", () => {
  it("is the same promise on the home page and in the contact confirmation, in English and Japanese", async () => {
    await loadLanguage("ja-JP");
    expect(translate("en-US", "homepage.question.body")).toContain("within two business days");
    expect(translate("en-US", "contact.sent")).toContain("within two business days");
    expect(translate("ja-JP", "homepage.question.body")).toContain("2営業日以内");
    expect(translate("ja-JP", "contact.sent")).toContain("2営業日以内");
  });
});

describe("one word for one action", () => {
  it("English names the actions Login and Logout, the spec's words, never Sign In, Log in or Sign out", () => {
    const labels: MessageKey[] = [
      "login.title",
      "login.submit",
      "register.login",
      "overview.logout",
      "emailChange.login",
      "reviews.signInToReview",
    ];
    for (const key of labels) expect(allEnUS[key]).toMatch(/^(Login|Logout)\b/);
    // A label-like variant anywhere in the shop (a heading, a button, a link at the start of a
    // text). The admin, for the store's staff, says "sign in" throughout (docs/admin.md).
    const variant = /\b(Sign In|Sign Out|Log In|Log Out)\b|^(Sign in|Log in|Sign out|Log out)\b/;
    expect(Object.entries(shopEnUS).filter(([, text]) => variant.test(text))).toEqual([]);
  });

  it("Japanese says ログイン and ログアウト, never サインイン or サインアウト", () => {
    expect(Object.entries(jaJP).filter(([, text]) => /サインイン|サインアウト/.test(text))).toEqual([]);
  });
});
