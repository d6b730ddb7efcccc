import { describe, expect, it } from "vitest";
import { brandOf, cardDigits, caretAfterDigits, formatCardNumber, normaliseExpiry } from "./card-entry.ts";

describe("card entry", () => {
  it("groups the number in fours as typed, drops what is not a digit, and stops at 19 digits", () => {
    expect(formatCardNumber("")).toBe("");
    expect(formatCardNumber("4242")).toBe("4242");
    expect(formatCardNumber("42424")).toBe("4242 4");
    expect(formatCardNumber("4242-4242 4242x4242")).toBe("4242 4242 4242 4242");
    expect(formatCardNumber("1234567890123456789012")).toBe("1234 5678 9012 3456 789");
    expect(cardDigits("4242 4242 4242 4242")).toBe("4242424242424242");
  });

  it("keeps the caret after the digit it followed", () => {
    // "4242 4" with a digit typed before the last one: the caret stays after the new digit.
    expect(caretAfterDigits("4242 9424", 5)).toBe(6);
    expect(caretAfterDigits("4242 4242", 4)).toBe(4);
    expect(caretAfterDigits("4242 4242", 0)).toBe(0);
    expect(caretAfterDigits("4242", 9)).toBe(4);
  });

  it("names the brand from the number's first digits", () => {
    expect(brandOf("4")).toBe("Visa");
    expect(brandOf("4242 4242")).toBe("Visa");
    expect(brandOf("5555 5555")).toBe("Mastercard");
    expect(brandOf("2221 0000")).toBe("Mastercard");
    expect(brandOf("3782 822463")).toBe("American Express");
    expect(brandOf("3530 1113")).toBe("JCB");
    expect(brandOf("3")).toBeNull();
    expect(brandOf("6011")).toBeNull();
    expect(brandOf("")).toBeNull();
  });

  it("reads an expiry typed as 1230, 12/30, 12 / 30, 1/30 or 12/2030 as MM/YY", () => {
    for (const typed of ["1230", "12/30", "12 / 30", " 12/30 ", "12/2030", "122030", "12-30"])
      expect(normaliseExpiry(typed)).toBe("12/30");
    expect(normaliseExpiry("1/30")).toBe("01/30");
    expect(normaliseExpiry("0130")).toBe("01/30");
    for (const bad of ["", "13/30", "00/30", "1330", "12/3", "123", "ab/cd", "12/30/1"])
      expect(normaliseExpiry(bad)).toBeNull();
  });
});
