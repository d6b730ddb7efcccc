// The order confirmation's totals: yen prices include tax (Japan's 総額表示), so a yen order's mail
// marks the total 税込 and names the tax it contains (うち消費税) instead of adding a tax line. Yen
// orders placed when tax was added (the admin can send their mail again) keep their tax line.
import { describe, expect, it } from "vitest";
import { formatMinor, orderConfirmationMail } from "../src/modules/checkout/templates.ts";

const ADDRESS = {
  name: "佐藤 美奈",
  address1: "丸の内2-4-1",
  city: "千代田区",
  province: "東京都",
  zip: "100-0005",
  country: "日本",
};
const mail = (
  locale: string,
  currencyCode: string,
  totals: { subtotal: number; discount: number; shipping: number; tax: number; total: number },
  taxIncluded?: boolean,
) =>
  orderConfirmationMail({
    to: "a@example.com",
    locale,
    orderNumber: 1027,
    currencyCode,
    lines: [{ title: "Vela Pro", variantTitle: "標準", quantity: 1, total: totals.subtotal }],
    totals: taxIncluded === undefined ? totals : { ...totals, taxIncluded },
    address: ADDRESS,
    shippingMethod: "EXPRESS",
    orderUrl: "https://store.vela.test/checkout/confirmation/7",
  }).text;

describe("the confirmation mail's tax", () => {
  const yen = (n: number) => formatMinor(n, "JPY", "ja-JP");

  it("a yen order: 合計（税込） is the prices plus shipping, with うち消費税 after it and no tax line", () => {
    const text = mail(
      "ja-JP",
      "JPY",
      { subtotal: 81_800, discount: 0, shipping: 2000, tax: 7436, total: 83_800 },
      true,
    );
    expect(text).toContain(`小計（税込）: ${yen(81_800)}`);
    expect(text).toContain(`合計（税込）: ${yen(83_800)}`);
    expect(text).toContain(`うち消費税: ${yen(7436)}`);
    expect(text.indexOf("うち消費税")).toBeGreaterThan(text.indexOf("合計（税込）"));
    expect(text).not.toMatch(/^税:/m);
  });

  it("the same order in English says the total includes tax", () => {
    const text = mail("en-US", "JPY", {
      subtotal: 81_800,
      discount: 0,
      shipping: 2000,
      tax: 7436,
      total: 83_800,
    });
    expect(text).toContain(`Total (tax included): ${formatMinor(83_800, "JPY", "en-US")}`);
    expect(text).toContain(`Includes tax: ${formatMinor(7436, "JPY", "en-US")}`);
    expect(text).not.toMatch(/^Tax:/m);
  });

  it("a yen order placed when tax was added keeps its tax line and total", () => {
    const text = mail("ja-JP", "JPY", {
      subtotal: 81_800,
      discount: 0,
      shipping: 2000,
      tax: 8180,
      total: 91_980,
    });
    expect(text).toContain(`税: ${yen(8180)}`);
    expect(text).toContain(`合計: ${yen(91_980)}`);
    expect(text).not.toContain("うち消費税");
    expect(text).not.toContain("税込");
  });

  it("a dollar order adds its tax", () => {
    const text = mail("en-US", "USD", {
      subtotal: 49_900,
      discount: 0,
      shipping: 0,
      tax: 3618,
      total: 53_518,
    });
    expect(text).toContain(`Tax: ${formatMinor(3618, "USD", "en-US")}`);
    expect(text).toContain(`Total: ${formatMinor(53_518, "USD", "en-US")}`);
    expect(text).not.toContain("tax included");
  });
});
