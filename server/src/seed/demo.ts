// The demo data: the catalogue, the demo customer with addresses and orders covering every
// status, a second customer (for permission tests) and an invited customer whose
// activation email waits in the outbox. Idempotent: what exists is left alone. In production
// only the catalogue and the content are seeded: no account, no order (seedDatabase).
import { readFileSync } from "node:fs";
import path from "node:path";
import {
  BRAND,
  FINANCIAL_STATUSES,
  FULFILLMENT_STATUSES,
  handle,
  isNamedProduct,
  productShortName,
} from "@vela/shared";
import { ROOT_DIR } from "../config.ts";
import type { Db } from "../db/client.ts";
import { syncIdSequences } from "../db/sequences.ts";
import type { Deps } from "../deps.ts";
import { inviteCustomer } from "../modules/account/service.ts";
import { seedBlog } from "../modules/blog/seed.ts";
import { seedStorefront } from "../modules/catalog/storefront-seed.ts";
import { seedFirmware } from "../modules/firmware/seed.ts";
import { seedGames } from "../modules/games/seed.ts";
import { seedReleaseNotes } from "../modules/release-notes/seed.ts";
import { reindexSearch } from "../modules/search/reindex.ts";
import { seedDemoOwner } from "../modules/staff/seed.ts";
import {
  type CreatedProduct,
  createAddress,
  createCustomer,
  createOrder,
  createProduct,
  type ProductSpec,
  upsertProductTranslations,
} from "./factories.ts";

export const DEMO_CUSTOMER = { email: `demo@${BRAND.domain}`, password: "demo-password" } as const;
export const SECOND_CUSTOMER = { email: `second@${BRAND.domain}`, password: "second-password" } as const;
export const INVITED_CUSTOMER = { email: `invited@${BRAND.domain}` } as const;
export const DEMO_ORDER_COUNT = 26;

type CatalogFileProduct = Omit<ProductSpec, "title" | "translations"> & {
  translations?: Record<string, { description: string }>;
};

/**
 * The catalogue file with each product's titles, in every language it has texts for, from the one
 * source of product names (packages/shared/src/storefront/product-names.ts).
 */
export function loadCatalog(): ProductSpec[] {
  const file = path.join(ROOT_DIR, "prisma/seed-data/catalog.json");
  const { products } = JSON.parse(readFileSync(file, "utf8")) as { products: CatalogFileProduct[] };
  return products.map((spec) => {
    if (!isNamedProduct(spec.handle)) throw new Error(`seed: no product name for ${spec.handle}`);
    const rest = spec.handle;
    const translations = Object.fromEntries(
      Object.entries(spec.translations ?? {}).map(([language, t]) => [
        language,
        { title: productShortName(rest, language), description: t.description },
      ]),
    );
    return { ...spec, title: productShortName(rest, "en-US"), translations };
  });
}

async function seedCatalog(db: Db): Promise<Map<string, CreatedProduct>> {
  const products = new Map<string, CreatedProduct>();
  const specs = loadCatalog();
  for (const [i, spec] of specs.entries()) {
    const existing = await db.product.findUnique({
      where: { handle: handle(spec.handle) },
      include: { variants: { include: { prices: true } } },
    });
    // A database seeded before the catalogue had translations gets them now.
    if (existing) await upsertProductTranslations(db, spec, existing);
    products.set(spec.handle, existing ?? (await createProduct(db, spec, i)));
  }
  return products;
}

const SF = {
  firstName: "Alex",
  lastName: "Rivera",
  company: null,
  address1: "500 Howard Street",
  address2: "Suite 300",
  city: "San Francisco",
  province: "CA",
  country: "United States",
  zip: "94105",
  phone: "+1 415 555 0100",
};
const TOKYO = {
  firstName: "Alex",
  lastName: "Rivera",
  company: "Vela Japan KK",
  address1: "1-2-3 Shibuya",
  address2: null,
  city: "Shibuya-ku",
  province: "Tokyo",
  country: "Japan",
  zip: "150-0002",
  phone: "+81 3 5555 0100",
};
const NYC = {
  firstName: "Alex",
  lastName: "Rivera",
  company: null,
  address1: "20 W 34th Street",
  address2: null,
  city: "New York",
  province: "NY",
  country: "United States",
  zip: "10001",
  phone: null,
};

/** The statuses of spec 000 §4 plus one the code does not know (shown raw) and a missing fulfilment. */
const FINANCIAL = [...FINANCIAL_STATUSES, "EXPIRED"];
const FULFILLMENT: (string | null)[] = [...FULFILLMENT_STATUSES, null];

async function seedDemoCustomer(db: Db, products: Map<string, CreatedProduct>): Promise<void> {
  if (await db.customer.findUnique({ where: { email: DEMO_CUSTOMER.email } })) return;
  const demo = await createCustomer(db, {
    email: DEMO_CUSTOMER.email,
    password: DEMO_CUSTOMER.password,
    firstName: "Alex",
    lastName: "Rivera",
    phone: "+1 415 555 0100",
    acceptsMarketing: true,
    createdAt: new Date("2024-03-14T10:00:00Z"),
  });
  await createAddress(db, demo.id, SF, true);
  await createAddress(db, demo.id, TOKYO);
  await createAddress(db, demo.id, NYC);

  const pick = (h: string): CreatedProduct => {
    const p = products.get(h);
    if (!p) throw new Error(`seed: unknown product ${h}`);
    return p;
  };
  const baskets = [
    [
      { product: pick("luma-pro-xr-glasses"), quantity: 1 },
      { product: pick("pro-mobile-dock"), quantity: 1 },
    ],
    [{ product: pick("one-xr-glasses"), quantity: 1 }],
    [
      { product: pick("pro-xr-glasses"), variantIndex: 1, quantity: 1 },
      { product: pick("lightning-hdmi-adapter"), quantity: 2 },
    ],
    [{ product: pick("luma-pro-ultimate-collection"), quantity: 1 }],
    [{ product: pick("usb-c-charging-adapter"), quantity: 3 }],
    [
      { product: pick("one-neckband"), quantity: 1 },
      { product: pick("one-lite-xr-glasses"), quantity: 1 },
    ],
    [{ product: pick("luma-ultra-xr-glasses"), quantity: 1 }],
    [{ product: pick("one-xr-glasses-classic"), quantity: 1 }],
  ];
  const newest = Date.parse("2026-11-01T09:30:00Z");
  for (let i = 0; i < DEMO_ORDER_COUNT; i++) {
    // i = 0 is the newest order; it is fulfilled with tracking so the demo shows it at once.
    const financialStatus = FINANCIAL[i % FINANCIAL.length] ?? "PAID";
    const fulfillmentStatus = i === 0 ? "FULFILLED" : (FULFILLMENT[(i * 3) % FULFILLMENT.length] ?? null);
    const jpy = i % 4 === 3;
    const trackable = fulfillmentStatus === "FULFILLED" || fulfillmentStatus === "PARTIALLY_FULFILLED";
    await createOrder(db, {
      id: 1001 + (DEMO_ORDER_COUNT - 1 - i),
      orderNumber: 1001 + (DEMO_ORDER_COUNT - 1 - i),
      customerId: demo.id,
      processedAt: new Date(newest - i * 9 * 86_400_000 - i * 3_600_000),
      financialStatus,
      fulfillmentStatus,
      currencyCode: jpy ? "JPY" : "USD",
      lines: baskets[i % baskets.length] ?? [],
      shipTo: jpy ? TOKYO : SF,
      tracking: trackable
        ? [
            jpy
              ? {
                  company: "Yamato Transport",
                  number: `4960-${1000 + i}-7788`,
                  url: `https://toi.kuronekoyamato.co.jp/cgi-bin/tneko?number=4960${1000 + i}7788`,
                }
              : {
                  company: "UPS",
                  number: `1Z999AA1${String(10_000_000 + i)}`,
                  url: `https://www.ups.com/track?tracknum=1Z999AA1${String(10_000_000 + i)}`,
                },
            {
              company: "USPS",
              number: `9400 1000 0000 0000 ${String(1000 + i)}`,
              url: `https://tools.usps.com/go/TrackConfirmAction?tLabels=940010000000000000${1000 + i}`,
            },
          ]
        : [],
    });
  }
}

async function seedSecondCustomer(db: Db, products: Map<string, CreatedProduct>): Promise<void> {
  if (await db.customer.findUnique({ where: { email: SECOND_CUSTOMER.email } })) return;
  const second = await createCustomer(db, {
    email: SECOND_CUSTOMER.email,
    password: SECOND_CUSTOMER.password,
    firstName: "Sam",
    lastName: "Chen",
  });
  await createAddress(db, second.id, { ...NYC, firstName: "Sam", lastName: "Chen" }, true);
  const glasses = products.get("one-lite-xr-glasses");
  if (!glasses) throw new Error("seed: catalogue missing");
  for (let i = 0; i < 3; i++) {
    await createOrder(db, {
      id: 2001 + i,
      orderNumber: 2001 + i,
      customerId: second.id,
      processedAt: new Date(Date.parse("2026-09-01T12:00:00Z") + i * 86_400_000),
      financialStatus: "PAID",
      fulfillmentStatus: "FULFILLED",
      currencyCode: "USD",
      lines: [{ product: glasses, quantity: 1 }],
      tracking: [
        { company: "UPS", number: `1Z999BB1${i}`, url: `https://www.ups.com/track?tracknum=1Z999BB1${i}` },
      ],
    });
  }
}

/**
 * Seeds the catalogue and the content (storefront helpers, firmware, release notes, games, blog,
 * promo codes) everywhere; the demo accounts with their orders and the invitation only outside
 * production, where their published passwords would let anyone in.
 */
export async function seedDatabase(deps: Deps): Promise<void> {
  const demo = deps.config.env !== "production";
  const products = await seedCatalog(deps.db);
  if (demo) {
    await seedDemoCustomer(deps.db, products);
    await seedSecondCustomer(deps.db, products);
  }
  await seedStorefront(deps.db);
  await seedFirmware(deps.db);
  await seedReleaseNotes(deps.db);
  await seedGames(deps.db);
  await seedBlog(deps.db);
  await seedPromoCodes(deps.db);
  // The search index holds the catalogue and the posts just written.
  await reindexSearch(deps.db);
  // The admin's demo owner (admin@vela.test, no second factor): never in production.
  if (demo) await seedDemoOwner(deps);
  if (demo && !(await deps.db.customer.findUnique({ where: { email: INVITED_CUSTOMER.email } }))) {
    await inviteCustomer(deps, { email: INVITED_CUSTOMER.email, firstName: "Jordan", lastName: "Lee" });
  }
  await syncIdSequences(deps.db);
}

/**
 * The store's standing promo codes beside the newsletter's welcome codes: an amount off orders
 * over a minimum, in each currency. Neither combines with another code (docs/checkout.md).
 */
export const PROMO_CODES = [
  { code: "SAVE20", amountOff: 2000, currencyCode: "USD", minimumSubtotal: 15_000 },
  { code: "SAVE3000", amountOff: 3000, currencyCode: "JPY", minimumSubtotal: 20_000 },
] as const;

async function seedPromoCodes(db: Db): Promise<void> {
  for (const p of PROMO_CODES) {
    const { code, currencyCode, amountOff, minimumSubtotal } = p;
    await db.discountCode.upsert({
      where: { code },
      create: {
        code,
        kind: "AMOUNT",
        percentOff: 0,
        combinable: false,
        usageLimit: null,
        currencies: { create: { currencyCode, amountOff, minimumSubtotal } },
      },
      update: {},
    });
  }
}

export async function isEmpty(db: Db): Promise<boolean> {
  return (await db.product.count()) === 0 && (await db.customer.count()) === 0;
}
