// Addresses follow their country on the server: the shared schema refuses a country the store
// does not ship to, a state or prefecture not on the lists and a postal code that does not fit,
// with the field's message; the estimate before an address is the reader's store's; the order
// mail lays the address out by its country, names the customer as the pages do (様 in Japanese),
// and says the order date, the delivery estimate and where to reach support.
import { ADDRESS_MESSAGES } from "@vela/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, json, PUBLIC_URL, type TestApp } from "./helpers.ts";
import { catalogueVariants, variantGid } from "./support-data.ts";
import { GENEROUS_LIMITS, latestMail } from "./support-security.ts";

const CARD = { number: "4242 4242 4242 4242", expiry: "12/40", cvc: "123" };
const JP_ADDRESS = {
  firstName: "花子",
  lastName: "佐藤",
  address1: "渋谷1-2-3",
  city: "渋谷区",
  province: "東京都",
  country: "JP",
  zip: "１５０－０００２",
  phone: "０３－５５５５－０１９９",
};
const US_ADDRESS = {
  firstName: "Ada",
  lastName: "Lovelace",
  address1: "500 Howard Street",
  city: "San Francisco",
  province: "CA",
  country: "US",
  zip: "94105",
};

let t: TestApp;
let variant = 0;
let serial = 0;

beforeAll(async () => {
  t = await createTestApp({ rateLimits: GENEROUS_LIMITS });
  variant = (await catalogueVariants(t)).available[0] as number;
  await t.db.productVariant.update({ where: { id: variant }, data: { inventory: 1000 } });
});
afterAll(() => t.close());

async function newCart(): Promise<string> {
  const cartId = json<{ cart: { id: string } }>(await t.api("POST", "/api/cart")).cart.id;
  await t.api("POST", `/api/cart/${cartId}`, {
    body: { items: [{ merchandiseId: variantGid(variant), quantity: 1 }] },
  });
  return cartId;
}

async function quote(body: Record<string, unknown>) {
  return t.api("POST", "/api/checkout/quote", { body: { cartId: await newCart(), ...body } });
}
const expressShipping = (res: Awaited<ReturnType<typeof quote>>) =>
  json<{ quote: { shippingOptions: { method: string; price: { amount: string } }[] } }>(
    res,
  ).quote.shippingOptions.find((o) => o.method === "EXPRESS")?.price.amount;

async function order(address: Record<string, unknown>, language: "en-US" | "ja-JP") {
  const cartId = await newCart();
  const email = `countries-${process.pid}-${serial++}@example.com`;
  const q = await t.api("POST", "/api/checkout/quote", { body: { cartId, email, address, language } });
  expect(q.statusCode, q.body).toBe(200);
  const res = await t.api("POST", "/api/checkout/orders", {
    body: {
      cartId,
      email,
      language,
      address,
      card: CARD,
      idempotencyKey: `countries-${process.pid}-${Date.now()}-${serial++}`,
      expectedTotal: json<{ quote: { totalMinor: number } }>(q).quote.totalMinor,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { email, mail: await latestMail(t.db, email, "order-confirmation") };
}

describe("the server takes only addresses that fit their country", () => {
  it.each([
    [{ country: "Untied States" }, "country", ADDRESS_MESSAGES.countryUnknown],
    [{ country: "Narnia" }, "country", ADDRESS_MESSAGES.countryUnknown],
    [{ province: "Narnia" }, "province", ADDRESS_MESSAGES.stateUnknown],
    [{ zip: "ABCDE" }, "zip", ADDRESS_MESSAGES.zipUS],
  ])("refuses %o with the field's message and saves nothing", async (change, field, message) => {
    const before = await t.db.order.count();
    const res = await quote({ address: { ...US_ADDRESS, ...change } });
    expect(res.statusCode).toBe(400);
    const body = json<{ message: string; issues?: { path: string; message: string }[] }>(res);
    expect(body.message).toBe(message);
    expect(body.issues).toContainEqual({ path: `address.${field}`, message });
    expect(await t.db.order.count()).toBe(before);
  });

  it("refuses a Japanese postal code that is not 7 digits", async () => {
    const res = await quote({ address: { ...JP_ADDRESS, zip: "1000001x" } });
    expect(res.statusCode).toBe(400);
    expect(json<{ message: string }>(res).message).toContain(ADDRESS_MESSAGES.zipJP);
  });

  it("estimates shipping for the reader's store before an address, and for the country chosen", async () => {
    // Express to the US is $25.00, abroad $45.00 (tables.ts).
    expect(expressShipping(await quote({ language: "en-US" }))).toBe("25.00");
    expect(expressShipping(await quote({ language: "en-US", country: "GB" }))).toBe("45.00");
    expect((await quote({ country: "XX" })).statusCode).toBe(400);
  });

  it("stores full-width digits and hyphens as ASCII, the prefecture by its romaji", async () => {
    const { email } = await order(JP_ADDRESS, "ja-JP");
    const stored = await t.db.order.findFirstOrThrow({ where: { email } });
    expect(stored).toMatchObject({ shipZip: "150-0002", shipProvince: "Tokyo", shipCountry: "JP" });
  });
});

describe("the order mail lays the address out by its country", () => {
  it("Japanese: family name first with 様, 〒 then prefecture, city and street; date, delivery and support", async () => {
    const { mail } = await order(JP_ADDRESS, "ja-JP");
    expect(mail.text).toContain("佐藤 花子 様\n〒150-0002\n東京都 渋谷区\n渋谷1-2-3\n日本");
    expect(mail.text).toMatch(/ご注文日: \d{4}年\d{1,2}月\d{1,2}日/);
    expect(mail.text).toContain("お届け予定: 発送後2〜4営業日");
    expect(mail.text).toContain(`${PUBLIC_URL}/contact`);
  });

  it("a US address in a Japanese mail stays in Western order, without 〒", async () => {
    const { mail } = await order(US_ADDRESS, "ja-JP");
    expect(mail.text).toContain("500 Howard Street\nSan Francisco, CA 94105\nアメリカ合衆国");
    expect(mail.text).not.toContain("〒");
  });

  it("English: given name first, the date, the delivery estimate and the contact page", async () => {
    const { mail } = await order(US_ADDRESS, "en-US");
    expect(mail.text).toContain("Ada Lovelace\n500 Howard Street\nSan Francisco, CA 94105\nUnited States");
    expect(mail.text).toMatch(/Order date: [A-Z][a-z]+ \d{1,2}, \d{4}/);
    expect(mail.text).toContain("Estimated delivery: 3–5 business days after dispatch");
    expect(mail.text).toContain(`${PUBLIC_URL}/contact`);
  });
});
