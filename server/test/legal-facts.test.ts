// The legal pages (/shipping-policy, /returns-policy, /warranty, /terms-of-sale, /legal-notice)
// state their figures from @vela/shared; these are the rules the server actually runs on.
import {
  pricesIncludeTax,
  RETURN_FEES,
  RETURN_WINDOW_DAYS,
  SELLER,
  STORE_DELIVERY_DAYS,
  STORE_SHIPPING_RATES,
} from "@vela/shared";
import { describe, expect, it } from "vitest";
import {
  DELIVERY_DAYS,
  SHIPPING_RATES,
  shippingAmount,
  shippingRate,
} from "../src/modules/checkout/tables.ts";
import { RETURN_ADDRESS, returnApprovedMail, returnOfferText } from "../src/modules/returns/templates.ts";

describe("facts the legal pages state", () => {
  it("show the checkout's shipping table, and its free-shipping thresholds are the ones it charges by", () => {
    expect(STORE_SHIPPING_RATES).toEqual(SHIPPING_RATES);
    for (const [currency, zones] of Object.entries(STORE_SHIPPING_RATES)) {
      for (const [zone, rate] of Object.entries(zones)) {
        const table = shippingRate(currency, zone as "US" | "JP" | "INTL");
        expect(shippingAmount(table, "STANDARD", 0), `${currency} ${zone}`).toBe(rate.standard);
        expect(shippingAmount(table, "EXPRESS", 0), `${currency} ${zone}`).toBe(rate.express);
        if (rate.freeStandardFrom !== null) {
          expect(shippingAmount(table, "STANDARD", rate.freeStandardFrom)).toBe(0);
          expect(shippingAmount(table, "STANDARD", rate.freeStandardFrom - 1)).toBe(rate.standard);
        }
      }
    }
  });

  it("say yen prices include consumption tax and dollar prices do not (pricesIncludeTax, the checkout's rule)", () => {
    expect(pricesIncludeTax("JPY")).toBe(true);
    expect(pricesIncludeTax("USD")).toBe(false);
  });

  it("give the delivery times the checkout's table has", () => {
    expect(STORE_DELIVERY_DAYS).toEqual(DELIVERY_DAYS);
  });

  it("name the return address, window and postage the return mails give", () => {
    expect(RETURN_ADDRESS).toEqual([...SELLER.returnAddress]);
    const approved = (locale: string) =>
      returnApprovedMail({
        to: "ada@example.com",
        locale,
        orderNumber: 1001,
        number: "R1001-1",
        url: "https://store.example/account/orders/1",
        lines: [{ title: "Vela One", variantTitle: "", quantity: 1 }],
      }).text;
    for (const line of SELLER.returnAddress) expect(approved("en-US")).toContain(line);
    // The mails say the customer pays the postage: so must the pages (RETURN_FEES).
    expect(RETURN_FEES).toBe("CUSTOMER_PAYS");
    expect(approved("en-US")).toContain("The return postage is yours to pay.");
    expect(approved("ja-JP")).toContain("返送料はお客様のご負担となります。");
    expect(returnOfferText("en-US").paragraph).toContain(`within ${RETURN_WINDOW_DAYS} days of shipment`);
    expect(returnOfferText("ja-JP").paragraph).toContain(`発送日から${RETURN_WINDOW_DAYS}日以内`);
  });
});
