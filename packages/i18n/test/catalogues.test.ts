import { FALLBACKS, MESSAGES } from "@vela/shared";
import { describe, expect, it } from "vitest";
import { CATALOGUES, enUS, isMessageKey, jaJP, LOCALES, type MessageKey, zhCN } from "../src/index.ts";

const placeholders = (text: string): string[] =>
  [...text.matchAll(/\{([A-Za-z0-9_]+)\}/g)].map((m) => m[1] ?? "").sort();

describe("catalogues", () => {
  const keys = Object.keys(enUS) as MessageKey[];

  it("ja-JP translates every key with the same placeholders", () => {
    for (const key of keys) {
      expect(jaJP[key], key).toBeTruthy();
      expect(placeholders(jaJP[key]), key).toEqual(placeholders(enUS[key]));
    }
  });

  it("zh-CN only uses known keys, with the same placeholders", () => {
    for (const [key, text] of Object.entries(zhCN)) {
      expect(isMessageKey(key), key).toBe(true);
      if (isMessageKey(key)) expect(placeholders(text), key).toEqual(placeholders(enUS[key]));
    }
  });

  it("takes the spec's English texts from @vela/shared", () => {
    expect(enUS["order.notFoundBody"]).toBe(MESSAGES.orderNotFound);
    expect(enUS["addresses.deleteConfirm"]).toBe(MESSAGES.deleteAddressConfirm);
    expect(enUS["error.orders"]).toBe(FALLBACKS.orders[0]);
    expect(enUS["error.orders.network"]).toBe(FALLBACKS.orders[1]);
  });

  it("has no empty text in any locale", () => {
    for (const locale of LOCALES) {
      for (const [key, text] of Object.entries(CATALOGUES[locale])) expect(text.trim(), key).not.toBe("");
    }
  });
});
