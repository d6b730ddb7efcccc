import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import {
  createTranslator,
  enUS,
  interpolate,
  loadAllMessages,
  loadLanguage,
  localizeServerText,
  type MessageKey,
  translate,
  translateKey,
  translatePlural,
} from "../src/index.ts";

beforeAll(() => loadAllMessages());

describe("t", () => {
  it("interpolates named parameters", () => {
    expect(translate("en-US", "orders.order", { number: 1042 })).toBe("Order #1042");
    expect(translate("ja-JP", "orders.order", { number: 1042 })).toBe("注文番号 #1042");
  });

  it("falls back to en-US for keys zh-CN leaves out", () => {
    const t = createTranslator("zh-CN");
    expect(t("layout.cart")).toBe("购物车");
    expect(t("orders.title")).toBe("My Orders");
  });

  it("leaves unknown placeholders as written and never re-reads a substituted value", () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        expect(interpolate("a {x} b {y}", { x: value })).toBe(`a ${value} b {y}`);
      }),
    );
  });
});

describe("localizeServerText", () => {
  it("translates texts the catalogue knows and keeps the rest", () => {
    expect(localizeServerText("ja-JP", "Current password is incorrect")).toBe(
      "現在のパスワードが正しくありません",
    );
    expect(
      localizeServerText("ja-JP", "This product variant is not available: gid://vela/ProductVariant/9"),
    ).toBe("この商品のバリエーションはお取り扱いできません: gid://vela/ProductVariant/9");
    expect(localizeServerText("ja-JP", "Something unheard of")).toBe("Something unheard of");
    expect(localizeServerText("en-US", "Current password is incorrect")).toBe(
      "Current password is incorrect",
    );
  });
});

describe("the text-field messages of the shared schemas", () => {
  it("are in the catalogue, and translated into Japanese", async () => {
    const { TEXT_FIELD_MESSAGES } = await import("@vela/shared");
    for (const message of Object.values(TEXT_FIELD_MESSAGES)) {
      const ja = localizeServerText("ja-JP", message);
      expect(ja, message).not.toBe(message);
      expect(ja).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
    }
  });
});

describe("counted texts", () => {
  it("take the singular for 1 and the plural for 2 in en-US, for every counted text", () => {
    expect(translatePlural("en-US", "store.reviewCount", 1, { count: 1 })).toBe("1 review");
    expect(translatePlural("en-US", "store.reviewCount", 2, { count: 2 })).toBe("2 reviews");
    expect(translatePlural("en-US", "reviews.basedOn", 1, { count: 1 })).toBe("Based on 1 review");
    expect(translatePlural("en-US", "mobile.finder.reviews", 1, { count: 1 })).toBe("1 review");
    expect(translatePlural("en-US", "games.results", 1, { count: 1 })).toBe("1 game");
    expect(translatePlural("en-US", "games.results", 2, { count: 2 })).toBe("2 games");
    expect(translatePlural("en-US", "games.showResults", 1, { count: 1 })).toBe("Show 1 game");
    expect(translatePlural("en-US", "layout.cartCount", 1, { count: 1 })).toBe("Cart, 1 item");
    expect(translatePlural("en-US", "layout.cartCount", 2, { count: 2 })).toBe("Cart, 2 items");
    expect(translatePlural("en-US", "claimOrders.done", 1, { n: 1 })).toBe(
      "Done: 1 order added to your account.",
    );
    expect(translatePlural("en-US", "claimOrders.done", 2, { n: 2 })).toBe(
      "Done: 2 orders added to your account.",
    );
    const counted = (Object.keys(enUS) as string[])
      .filter((k) => k.endsWith("#one"))
      .map((k) => k.slice(0, -4));
    expect(counted.length).toBeGreaterThanOrEqual(7);
    for (const key of counted) {
      const one = translateKey("en-US", `${key}#one` as MessageKey, { count: 1, n: 1 });
      const two = translateKey("en-US", key as MessageKey, { count: 2, n: 2 });
      expect(one, key).toMatch(/\b1\b/);
      expect(two, key).toMatch(/\b2\b/);
      expect(one, key).not.toBe(two.replace("2", "1"));
      expect(`${one} ${two}`, key).not.toContain("(s)");
    }
  });

  it("write 0 with the plural, numbers the language's way, and use the one form Japanese has", async () => {
    expect(translatePlural("en-US", "store.reviewCount", 0, { count: 0 })).toBe("0 reviews");
    expect(translatePlural("en-US", "store.reviewCount", 1234, { count: 1234 })).toBe("1,234 reviews");
    await loadLanguage("ja-JP");
    expect(translatePlural("ja-JP", "store.reviewCount", 1, { count: 1 })).toBe("1件のレビュー");
    expect(translatePlural("ja-JP", "games.results", 2, { count: 2 })).toBe("2件のゲーム");
  });
});
