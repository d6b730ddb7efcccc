import { describe, expect, it } from "vitest";
import { ZAddressInput } from "../schemas.ts";
import {
  countryCode,
  countryName,
  countryOptions,
  defaultCountry,
  JP_PREFECTURES,
  normalisePostalCode,
  provinceOptions,
  SHIP_COUNTRIES,
} from "./countries.ts";
import { formatAddressLines, formatName } from "./format.ts";
import { ADDRESS_MESSAGES } from "./messages.ts";

const US = {
  firstName: "Ada",
  lastName: "Lovelace",
  address1: "500 Howard Street",
  city: "San Francisco",
  province: "CA",
  country: "US",
  zip: "94105",
};
const JP = {
  firstName: "花子",
  lastName: "佐藤",
  address1: "丸の内2-4-1",
  city: "千代田区",
  province: "Tokyo",
  country: "JP",
  zip: "100-0005",
};
const issues = (v: unknown) =>
  (ZAddressInput.safeParse(v).error?.issues ?? []).map((i) => [String(i.path[0]), i.message]);

describe("the country is one the store ships to", () => {
  it("refuses a misspelt or unknown country with the field's message, and nothing else", () => {
    for (const country of ["Untied States", "Narnia", "international"])
      expect(issues({ ...US, country })).toEqual([["country", ADDRESS_MESSAGES.countryUnknown]]);
  });
  it("takes the names stored before the country was a list and stores the code", () => {
    for (const [text, code] of [
      ["United States", "US"],
      ["U.S.A.", "US"],
      ["japan", "JP"],
      ["日本", "JP"],
      ["にほん", "JP"],
      ["United Kingdom", "GB"],
    ] as const)
      expect(countryCode(text)).toBe(code);
    expect(ZAddressInput.parse({ ...US, country: "United States" }).country).toBe("US");
  });
  it("defaults to the reader's store and names the list in the page's language", () => {
    expect(defaultCountry("en-US")).toBe("US");
    expect(defaultCountry("ja-JP")).toBe("JP");
    expect(countryOptions("en-US").map((c) => c.code)).toEqual([...SHIP_COUNTRIES]);
    expect(countryOptions("en-US")[0]?.name).toBe("United States");
    expect(countryOptions("ja-JP")[1]?.name).toBe("日本");
  });
  it("shows a stored free-text country it knows by name, and any other as stored", () => {
    expect(countryName("en-US", "United States")).toBe("United States");
    expect(countryName("ja-JP", "Japan")).toBe("日本");
    expect(countryName("en-US", "Atlantis")).toBe("Atlantis");
  });
});

describe("states, prefectures and postal codes follow the country", () => {
  it("a US address needs a state from the list and a ZIP or ZIP+4", () => {
    expect(issues({ ...US, province: "Narnia", zip: "ABCDE" })).toEqual([
      ["province", ADDRESS_MESSAGES.stateUnknown],
      ["zip", ADDRESS_MESSAGES.zipUS],
    ]);
    expect(ZAddressInput.parse({ ...US, province: "california", zip: "94105-1234" })).toMatchObject({
      province: "CA",
      zip: "94105-1234",
    });
    expect(issues({ ...US, zip: "9410" })).toEqual([["zip", ADDRESS_MESSAGES.zipUS]]);
  });
  it("a Japanese address needs one of the 47 prefectures and 7 digits, stored 123-4567", () => {
    expect(JP_PREFECTURES).toHaveLength(47);
    expect(issues({ ...JP, zip: "1000001x" })).toEqual([["zip", ADDRESS_MESSAGES.zipJP]]);
    expect(issues({ ...JP, province: "Narnia" })).toEqual([["province", ADDRESS_MESSAGES.prefectureUnknown]]);
    const stored = ZAddressInput.parse({ ...JP, province: "東京都", zip: "１０００００５" });
    expect(stored).toMatchObject({ province: "Tokyo", zip: "100-0005" });
    expect(ZAddressInput.parse({ ...JP, zip: "１００－０００５" }).zip).toBe("100-0005");
    expect(ZAddressInput.parse({ ...JP, province: "Osaka-fu" }).province).toBe("Osaka");
  });
  it("lists prefectures in Japanese on Japanese pages and in romaji elsewhere", () => {
    expect(provinceOptions("ja-JP", "JP")?.[12]).toEqual({ value: "Tokyo", name: "東京都" });
    expect(provinceOptions("en-US", "JP")?.[12]).toEqual({ value: "Tokyo", name: "Tokyo" });
    expect(provinceOptions("en-US", "US")?.find((o) => o.value === "NY")?.name).toBe("New York");
    expect(provinceOptions("en-US", "GB")).toBeNull();
  });
  it("other countries take a permissive code", () => {
    expect(normalisePostalCode("GB", "sw1a 1aa")).toBe("SW1A 1AA");
    expect(normalisePostalCode("DE", "10115")).toBe("10115");
    expect(normalisePostalCode("GB", "!")).toBeNull();
    expect(issues({ ...US, country: "GB", province: "London", zip: "???" })).toEqual([
      ["zip", ADDRESS_MESSAGES.zipOther],
    ]);
  });
  it("stores a phone typed in full-width digits and hyphens as ASCII", () => {
    expect(ZAddressInput.parse({ ...JP, phone: "０３－５５５５－０１９９" }).phone).toBe("03-5555-0199");
  });
});

describe("an address is laid out by its country, a name by the reader's language", () => {
  it("a US address on a Japanese page stays in Western order, without 〒", () => {
    const lines = formatAddressLines("ja-JP", US);
    expect(lines).toEqual(["500 Howard Street", "San Francisco, CA 94105", "アメリカ合衆国"]);
  });
  it("a Japanese address reads from the postcode down on any page", () => {
    expect(formatAddressLines("ja-JP", JP)).toEqual(["〒100-0005", "東京都 千代田区", "丸の内2-4-1", "日本"]);
    expect(formatAddressLines("en-US", JP)).toEqual(["〒100-0005", "Tokyo 千代田区", "丸の内2-4-1", "Japan"]);
  });
  it("a Japanese reader's name is family first, with 様 where the text addresses them", () => {
    expect(formatName("ja-JP", "花子", "佐藤", { honorific: true })).toBe("佐藤 花子 様");
    expect(formatName("ja-JP", "花子", "佐藤")).toBe("佐藤 花子");
    expect(formatName("en-US", "Ada", "Lovelace", { honorific: true })).toBe("Ada Lovelace");
  });
});
