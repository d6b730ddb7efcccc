import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import {
  createTranslator,
  interpolate,
  loadAllMessages,
  localizeServerText,
  translate,
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
