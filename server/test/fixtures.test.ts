// The fixtures loader (npm run db:seed -- --fixtures <file.json>): a good file loads everything,
// a bad one names the path of each bad field and loads nothing.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fixturesJsonSchema } from "@vela/shared/fixtures";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT_DIR } from "../src/config.ts";
import { FIXTURES_SCHEMA_FILE, FixturesError, loadFixtures } from "../src/seed/fixtures.ts";
import { createTestApp, DEMO_CUSTOMER, json, type TestApp } from "./helpers.ts";

const EXAMPLE = JSON.parse(readFileSync(path.join(ROOT_DIR, "prisma/fixtures.example.json"), "utf8"));

/** Every table a fixtures file writes to. */
async function counts(t: TestApp) {
  const db = t.db;
  return {
    products: await db.product.count(),
    variants: await db.productVariant.count(),
    prices: await db.variantPrice.count(),
    customers: await db.customer.count(),
    addresses: await db.address.count(),
    orders: await db.order.count(),
    lineItems: await db.orderLineItem.count(),
    tracking: await db.trackingInfo.count(),
    carts: await db.cart.count(),
    cartLines: await db.cartLine.count(),
    tokens: await db.accountToken.count(),
    outbox: await db.emailOutbox.count(),
  };
}

async function problemsOf(t: TestApp, input: unknown): Promise<string[]> {
  try {
    await loadFixtures(t.deps, input);
  } catch (err) {
    if (err instanceof FixturesError) return err.problems;
    throw err;
  }
  throw new Error("the fixtures were loaded");
}

const address = {
  firstName: "Mina",
  lastName: "Sato",
  address1: "2-4-1 Marunouchi",
  city: "Chiyoda-ku",
  province: "Tokyo",
  country: "Japan",
  zip: "100-0005",
};
const product = {
  handle: "vela-rollback-test-glasses",
  title: "Vela Rollback Test Glasses",
  type: "glasses",
  variants: [{ title: "Standard", sku: "ROLLBACK-1", usd: 1000, jpy: 1500 }],
};
const order = {
  number: 77_001,
  processedAt: "2026-05-01T12:00:00Z",
  financialStatus: "PAID",
  currency: "USD",
  lines: [{ sku: "ROLLBACK-1", quantity: 1 }],
};
/** A good file with one customer; each bad case changes one field of it. */
const customer = (over: Record<string, unknown> = {}) => ({
  email: "bad-case@example.com",
  password: "a-good-password",
  firstName: "Bad",
  lastName: "Case",
  addresses: [address],
  orders: [order],
  ...over,
});

describe("loadFixtures: a good file", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("loads the example file: products, customers with a password or invited, addresses, orders, carts", async () => {
    const before = await counts(t);
    const summary = await loadFixtures(t.deps, EXAMPLE);
    expect(summary).toEqual({
      products: 2,
      customers: 2,
      invited: 1,
      addresses: 2,
      orders: 3,
      carts: ["fixture-cart-ada", "fixture-guest-cart"],
    });
    const after = await counts(t);
    expect(after.products - before.products).toBe(2);
    expect(after.variants - before.variants).toBe(3);
    expect(after.lineItems - before.lineItems).toBe(4);
    expect(after.tracking - before.tracking).toBe(1);
    expect(after.cartLines - before.cartLines).toBe(2);

    const ada = await t.db.customer.findUniqueOrThrow({
      where: { email: "ada@example.com" },
      include: { defaultAddress: true, addresses: true },
    });
    // The store's argon2id settings (auth/password.ts).
    expect(ada.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(ada.createdAt.toISOString()).toBe("2025-01-15T09:00:00.000Z");
    expect(ada.acceptsMarketing).toBe(true);
    expect(ada.addresses).toHaveLength(2);
    expect(ada.defaultAddress?.city).toBe("London");
  });

  it("the customer with a password signs in and sees their orders, statuses as written, lines as bought", async () => {
    const cookie = await t.login("ada@example.com", "ada-password");
    const res = await t.api("GET", "/api/account/orders", { cookie });
    expect(res.statusCode).toBe(200);
    const nodes = json<{ orders: { edges: { node: Record<string, never> }[] } }>(res).orders.edges.map(
      (e) => e.node as Record<string, unknown>,
    );
    expect(nodes.map((n) => [n.orderNumber, n.financialStatus, n.fulfillmentStatus])).toEqual([
      [9003, "ON_HOLD", "AWAITING_PICKUP"],
      [9002, "PENDING", null],
      [9001, "PAID", "FULFILLED"],
    ]);
    const first = nodes[2] as {
      trackingInfo: unknown[];
      totalPrice: { amount: string; currencyCode: string };
      lineItems: { edges: { node: { title: string; quantity: number; variant: { title: string } } }[] };
    };
    expect(first.trackingInfo).toEqual([
      {
        company: "Royal Mail",
        number: "RM123456785GB",
        url: "https://www.royalmail.com/track-your-item#/tracking-results/RM123456785GB",
      },
    ]);
    expect(first.lineItems.edges.map((e) => [e.node.title, e.node.variant.title, e.node.quantity])).toEqual([
      ["Vela Fixture XR Glasses", "Prescription", 1],
      ["Vela Fixture Cable", "1 m", 2],
    ]);
    // The snapshot keeps the price of the moment: a later price change leaves the order alone.
    await t.db.variantPrice.updateMany({
      where: { variant: { sku: "FIXTURE-GLASSES-RX" } },
      data: { amount: 1 },
    });
    const again = json<{ orders: { edges: { node: { totalPrice: unknown } }[] } }>(
      await t.api("GET", "/api/account/orders", { cookie }),
    );
    expect(again.orders.edges[2]?.node.totalPrice).toEqual(first.totalPrice);
    const jpy = nodes[1] as { totalPrice: { currencyCode: string }; shippingAddress: { city: string } };
    expect(jpy.totalPrice.currencyCode).toBe("JPY");
    expect(jpy.shippingAddress.city).toBe("Chiyoda-ku");
  });

  it("the invited customer has no password, an activation token and the activation email", async () => {
    const grace = await t.db.customer.findUniqueOrThrow({
      where: { email: "grace@example.com" },
      include: { tokens: true },
    });
    expect(grace.passwordHash).toBeNull();
    expect(grace.tokens.map((k) => k.kind)).toEqual(["ACTIVATION"]);
    const mail = await t.db.emailOutbox.findFirstOrThrow({ where: { to: "grace@example.com" } });
    expect(mail.kind).toBe("account-activation");
    expect(mail.text).toMatch(
      new RegExp(`/account/activate\\?customerId=${grace.id}&token=[A-Za-z0-9_-]{43}`),
    );
  });

  it("writes the carts with their owner, currency and lines", async () => {
    const ada = await t.db.cart.findUniqueOrThrow({
      where: { id: "fixture-cart-ada" },
      include: { customer: true, lines: { include: { variant: true } } },
    });
    expect(ada.customer?.email).toBe("ada@example.com");
    expect(ada.currencyCode).toBe("USD");
    expect(ada.lines.map((l) => [l.variant.sku, l.quantity])).toEqual([["FIXTURE-GLASSES-STD", 1]]);
    const guest = await t.db.cart.findUniqueOrThrow({
      where: { id: "fixture-guest-cart" },
      include: { lines: { include: { variant: true } } },
    });
    expect(guest.customerId).toBeNull();
    expect(guest.currencyCode).toBe("JPY");
    expect(guest.lines.map((l) => [l.variant.sku, l.quantity])).toEqual([["VELA-FIXTURE-CABLE-1", 2]]);
  });

  it("refers to the store's own catalogue by handle or SKU", async () => {
    const summary = await loadFixtures(t.deps, {
      customers: [
        customer({
          email: "catalogue@example.com",
          orders: [
            {
              ...order,
              number: 77_500,
              lines: [
                { handle: "vela-pro-xr-glasses", variant: "Prescription-ready", quantity: 1 },
                { sku: "VELA-ONE-XR-GLASSES-1", quantity: 1 },
              ],
            },
          ],
        }),
      ],
      carts: [{ customer: "catalogue@example.com", lines: [{ handle: "vela-one-neckband", quantity: 3 }] }],
    });
    expect(summary.orders).toBe(1);
    expect(summary.carts[0]).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });
});

describe("loadFixtures: a bad file names each bad field and loads nothing", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const cases: [string, unknown, string][] = [
    [
      "a missing address field",
      { customers: [customer({ addresses: [address, { ...address, zip: undefined }] })] },
      "customers[0].addresses[1].zip: Required",
    ],
    [
      "an invalid email",
      { customers: [customer({ email: "not-an-email" })] },
      "customers[0].email: Enter a valid email address",
    ],
    [
      "a password shorter than the store allows",
      { customers: [customer({ password: "short" })] },
      "customers[0].password: Password must be at least 8 characters",
    ],
    [
      "a status that is not text",
      { products: [product], customers: [customer({ orders: [{ ...order, financialStatus: 3 }] })] },
      "customers[0].orders[0].financialStatus: Invalid input: expected string, received number",
    ],
    [
      "a date that is not ISO 8601",
      { products: [product], customers: [customer({ orders: [{ ...order, processedAt: "yesterday" }] })] },
      "customers[0].orders[0].processedAt: Invalid ISO datetime",
    ],
    ["an unknown field", { products: [{ ...product, colour: "red" }] }, "products[0].colour: Unknown field"],
    [
      "a line with neither sku nor handle",
      { products: [product], customers: [customer({ orders: [{ ...order, lines: [{ quantity: 1 }] }] })] },
      "customers[0].orders[0].lines[0]: Give either sku, or handle (with an optional variant title)",
    ],
    [
      "a SKU the store does not have (after the file's own product was written)",
      {
        products: [product],
        customers: [
          customer({
            orders: [
              {
                ...order,
                lines: [
                  { sku: "ROLLBACK-1", quantity: 1 },
                  { sku: "NOPE", quantity: 1 },
                ],
              },
            ],
          }),
        ],
      },
      "customers[0].orders[0].lines[1].sku: no product variant has SKU NOPE",
    ],
    [
      "a variant title the product does not have",
      {
        products: [product],
        customers: [
          customer({
            orders: [{ ...order, lines: [{ handle: product.handle, variant: "Gold", quantity: 1 }] }],
          }),
        ],
      },
      "customers[0].orders[0].lines[0].variant: vela-rollback-test-glasses has no variant Gold",
    ],
    [
      "two default addresses",
      {
        customers: [
          customer({
            addresses: [
              { ...address, default: true },
              { ...address, default: true },
            ],
          }),
        ],
      },
      "customers[0].addresses[1].default: Only one default address",
    ],
    [
      "an email twice in the file",
      { products: [product], customers: [customer(), customer({ orders: [] })] },
      "customers[1].email: bad-case@example.com is already used at customers[0].email",
    ],
    [
      "an email that already has an account",
      { products: [product], customers: [customer({ email: DEMO_CUSTOMER.email })] },
      "customers[0].email: a customer with this email already exists",
    ],
    [
      "an order number that exists",
      { products: [product], customers: [customer({ orders: [{ ...order, number: 1001 }] })] },
      "customers[0].orders[0].number: order 1001 already exists",
    ],
    [
      "a product handle that exists",
      {
        products: [
          {
            ...product,
            handle: "vela-one-xr-glasses",
            variants: [{ ...product.variants[0], sku: "NEW-SKU" }],
          },
        ],
      },
      "products[0].handle: a product with this handle already exists",
    ],
    [
      "a cart of a customer the store does not have",
      {
        products: [product],
        customers: [customer()],
        carts: [{ customer: "nobody@example.com", lines: [] }],
      },
      "carts[0].customer: no customer has this email",
    ],
    [
      "an unavailable variant in a cart",
      { carts: [{ lines: [{ handle: "vela-one-xr-glasses-classic", quantity: 1 }] }] },
      "carts[0].lines[0]: VELA-ONE-XR-GLASSES-CLASSIC-1 is not available",
    ],
    [
      "a cart quantity over the store's limit",
      { carts: [{ lines: [{ sku: "VELA-ONE-XR-GLASSES-1", quantity: 100 }] }] },
      "carts[0].lines[0].quantity: Too big: expected number to be <=99",
    ],
    ["a file that is not an object", [], "(file): Invalid input: expected object, received array"],
  ];

  it.each(cases)("%s", async (_name, input, problem) => {
    const before = await counts(t);
    expect(await problemsOf(t, input)).toContain(problem);
    expect(await counts(t)).toEqual(before);
  });

  it("reports every problem of a file at once", async () => {
    const problems = await problemsOf(t, {
      customers: [
        customer({
          email: "x",
          addresses: [{ ...address, city: undefined }],
          orders: [{ ...order, currency: "EUR" }],
        }),
      ],
    });
    expect(problems).toEqual([
      "customers[0].email: Enter a valid email address",
      "customers[0].addresses[0].city: Required",
      'customers[0].orders[0].currency: Invalid option: expected one of "USD"|"JPY"',
    ]);
  });
});

describe("loadFixtures: the text rules of the store's forms", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("refuses control and direction-override characters in every text the store shows or mails", async () => {
    const before = await counts(t);
    const LINE = "Must be one line without control or direction-override characters";
    const problems = await problemsOf(t, {
      products: [
        {
          ...product,
          title: "Glasses\u001b[31m",
          description: "Fine\nwith lines, not with \u202egnimaerts",
          variants: [{ ...product.variants[0], title: "Std\u0007" }],
        },
      ],
      customers: [
        customer({
          firstName: "Ada\u001b]0;x\u0007",
          orders: [
            {
              ...order,
              financialStatus: "PAID\r\nX-Injected: 1",
              lines: [{ handle: "vela-one-xr-glasses\u0000", quantity: 1 }],
              tracking: [{ company: "UPS\u009b", number: "1Z\u2066", url: "https://x.test/a" }],
            },
          ],
        }),
      ],
    });
    expect(problems).toEqual([
      `products[0].title: ${LINE}`,
      "products[0].description: Must not contain control or direction-override characters",
      `products[0].variants[0].title: ${LINE}`,
      "customers[0].firstName: First name must be a single line without control characters",
      `customers[0].orders[0].financialStatus: ${LINE}`,
      `customers[0].orders[0].lines[0].handle: ${LINE}`,
      `customers[0].orders[0].tracking[0].company: ${LINE}`,
      `customers[0].orders[0].tracking[0].number: ${LINE}`,
    ]);
    expect(await counts(t)).toEqual(before);
  });
});

describe("the documented example (docs/fixtures.md)", () => {
  it("loads into the seeded store as it is written", async () => {
    const doc = readFileSync(path.join(ROOT_DIR, "docs", "fixtures.md"), "utf8");
    const block = /# Seeding your own data[\s\S]*?```json\n([\s\S]*?)```/.exec(doc)?.[1];
    expect(block).toBeDefined();
    const t = await createTestApp();
    try {
      const summary = await loadFixtures(t.deps, JSON.parse(block ?? ""));
      expect(summary).toMatchObject({ customers: 2, invited: 1, orders: 1 });
    } finally {
      await t.close();
    }
  });
});

describe("the published JSON Schema", () => {
  it(`${FIXTURES_SCHEMA_FILE} is generated from the zod schemas (npm run db:fixtures-schema)`, () => {
    const published = JSON.parse(readFileSync(path.join(ROOT_DIR, FIXTURES_SCHEMA_FILE), "utf8"));
    expect(published).toEqual(fixturesJsonSchema());
  });

  it("the example file names it and needs every kind of record it describes", () => {
    expect(EXAMPLE.$schema).toBe("./fixtures.schema.json");
    expect(Object.keys(fixturesJsonSchema().properties as object).sort()).toEqual(
      ["$schema", ...Object.keys(EXAMPLE).filter((k) => k !== "$schema")].sort(),
    );
  });
});
