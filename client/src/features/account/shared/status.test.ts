import { createTranslator, type Locale, translateKey } from "@vela/i18n";
import { describe, expect, it } from "vitest";
import { financialStatusText, fulfillmentStatusText, safeExternalUrl, showsTracking } from "./status.ts";

const lookup = (locale: Locale) => ({
  tKey: (key: Parameters<typeof translateKey>[1]) => translateKey(locale, key),
});
const en = lookup("en-US");
const ja = lookup("ja-JP");

describe("financial status labels (spec 000 §4)", () => {
  it.each([
    ["PAID", "Paid"],
    ["PENDING", "Pending"],
    ["AUTHORIZED", "Authorized"],
    ["PARTIALLY_PAID", "Partially Paid"],
    ["REFUNDED", "Refunded"],
    ["PARTIALLY_REFUNDED", "Partially Refunded"],
    ["VOIDED", "Voided"],
  ])("%s shows %s", (status, label) => {
    expect(financialStatusText(en, status)).toBe(label);
  });

  it("shows an unknown value raw, in any language", () => {
    expect(financialStatusText(en, "DISPUTED")).toBe("DISPUTED");
    expect(financialStatusText(ja, "DISPUTED")).toBe("DISPUTED");
  });

  it("shows a value outside the table raw in English and in the reader's words in Japanese when the store knows it", () => {
    expect(financialStatusText(en, "EXPIRED")).toBe("EXPIRED");
    expect(financialStatusText(ja, "EXPIRED")).toBe("期限切れ");
  });

  it("translates known values", () => {
    expect(financialStatusText(ja, "PAID")).toBe(createTranslator("ja-JP")("status.financial.PAID"));
    expect(financialStatusText(ja, "PAID")).not.toBe("Paid");
  });
});

describe("fulfillment status labels (spec 000 §4)", () => {
  it.each([
    ["FULFILLED", "Fulfilled"],
    ["IN_PROGRESS", "In Progress"],
    ["PARTIALLY_FULFILLED", "Partially Fulfilled"],
    ["PENDING_FULFILLMENT", "Pending Fulfillment"],
    ["RESTOCKED", "Restocked"],
    ["UNFULFILLED", "Unfulfilled"],
  ])("%s shows %s", (status, label) => {
    expect(fulfillmentStatusText(en, status)).toBe(label);
  });

  it("shows Unfulfilled for a missing value and unknown values raw", () => {
    expect(fulfillmentStatusText(en, null)).toBe("Unfulfilled");
    expect(fulfillmentStatusText(en, undefined)).toBe("Unfulfilled");
    expect(fulfillmentStatusText(en, "")).toBe("Unfulfilled");
    expect(fulfillmentStatusText(ja, null)).toBe("未発送");
    expect(fulfillmentStatusText(en, "SCHEDULED")).toBe("SCHEDULED");
  });
});

describe("tracking", () => {
  it("shows only for FULFILLED or PARTIALLY_FULFILLED with tracking", () => {
    expect(showsTracking("FULFILLED", 1)).toBe(true);
    expect(showsTracking("PARTIALLY_FULFILLED", 2)).toBe(true);
    expect(showsTracking("FULFILLED", 0)).toBe(false);
    expect(showsTracking("IN_PROGRESS", 1)).toBe(false);
    expect(showsTracking(null, 1)).toBe(false);
  });

  it("lets only web links out", () => {
    expect(safeExternalUrl("https://track.example/1")).toBe("https://track.example/1");
    expect(safeExternalUrl("javascript:alert(1)")).toBeNull();
    expect(safeExternalUrl("not a url")).toBeNull();
  });
});

describe("the order detail page's statuses (spec 000 §4: list-only rules)", () => {
  it("shows AUTHORIZED raw, other known values labelled", () => {
    expect(financialStatusText(en, "AUTHORIZED", "detail")).toBe("AUTHORIZED");
    expect(financialStatusText(ja, "AUTHORIZED", "detail")).toBe("AUTHORIZED");
    expect(financialStatusText(en, "PAID", "detail")).toBe("Paid");
    expect(financialStatusText(en, "AUTHORIZED", "list")).toBe("Authorized");
  });

  it("shows nothing for a missing fulfilment status", () => {
    expect(fulfillmentStatusText(en, null, "detail")).toBe("");
    expect(fulfillmentStatusText(en, "FULFILLED", "detail")).toBe("Fulfilled");
  });
});
