// A store at a real size, for measuring: products (with Japanese names, variants, prices in both
// currencies and stock), customers with addresses, and orders with their lines, written on top of
// the seeded store in batches (`createMany`, so SQLite and PostgreSQL alike). Deterministic: the
// same counts write the same rows, so two runs measure the same store. `npm run db:populate`.
import { hashPassword } from "../auth/password.ts";
import type { Db } from "../db/client.ts";
import { syncIdSequences } from "../db/sequences.ts";
import { reindexSearch } from "../modules/search/reindex.ts";

export interface PopulateCounts {
  orders: number;
  customers: number;
  products: number;
}

export const POPULATE_DEFAULTS: PopulateCounts = { orders: 100_000, customers: 20_000, products: 500 };

/** Every populated customer signs in with this password (one hash, shared: 20,000 hashes would take minutes). */
export const POPULATED_PASSWORD = "populated-password";

/** Rows per statement: well under SQLite's 32,766 bound parameters for the widest table (orders, ~25 columns). */
const BATCH = 1_000;
/** A tenth of the orders are guests'. */
const GUEST_SHARE = 0.1;

const FIRST_NAMES = [
  "Ada",
  "Grace",
  "Alan",
  "Hedy",
  "Linus",
  "Margaret",
  "Ken",
  "Barbara",
  "Dennis",
  "Frances",
];
const MORE_FIRST = [
  "Hanako",
  "Taro",
  "Yuki",
  "Sam",
  "Noor",
  "Ines",
  "Omar",
  "Lena",
  "Ravi",
  "Mei",
  "Aiko",
  "Kenji",
];
const LAST_NAMES = ["Lovelace", "Hopper", "Turing", "Lamarr", "Torvalds", "Hamilton", "Thompson", "Liskov"];
const MORE_LAST = [
  "Sato",
  "Suzuki",
  "Tanaka",
  "Chen",
  "Haddad",
  "Garcia",
  "Novak",
  "Okafor",
  "Ito",
  "Watanabe",
];
const FIRSTS = [...FIRST_NAMES, ...MORE_FIRST];
const LASTS = [...LAST_NAMES, ...MORE_LAST];

/** Words product names are made of, each with its Japanese. */
const PRODUCT_WORDS: readonly (readonly [string, string])[] = [
  ["Aurora", "オーロラ"],
  ["Nimbus", "ニンバス"],
  ["Orbit", "オービット"],
  ["Prism", "プリズム"],
  ["Horizon", "ホライズン"],
  ["Comet", "コメット"],
  ["Vista", "ビスタ"],
  ["Lumen", "ルーメン"],
  ["Zenith", "ゼニス"],
  ["Echo", "エコー"],
];
const KINDS: readonly { type: string; en: string; ja: string; usd: number }[] = [
  { type: "glasses", en: "XR Glasses", ja: "XRグラス", usd: 39_900 },
  { type: "accessories", en: "Travel Case", ja: "トラベルケース", usd: 2_900 },
  { type: "accessories", en: "USB-C Adapter", ja: "USB-Cアダプター", usd: 4_900 },
  { type: "accessories", en: "Prescription Frame", ja: "度付きフレーム", usd: 5_900 },
  { type: "packs", en: "Starter Pack", ja: "スターターパック", usd: 44_900 },
];
const COLOURS: readonly (readonly [string, string])[] = [
  ["Black", "ブラック"],
  ["Silver", "シルバー"],
  ["Blue", "ブルー"],
];
const FINANCIAL = ["PAID", "PAID", "PAID", "PAID", "AUTHORIZED", "PARTIALLY_REFUNDED", "REFUNDED", "VOIDED"];
const FULFILMENT = ["FULFILLED", "FULFILLED", "FULFILLED", "UNFULFILLED", "PARTIALLY_FULFILLED", null];
const US_PLACES = [
  ["San Francisco", "CA", "94105"],
  ["New York", "NY", "10001"],
  ["Austin", "TX", "73301"],
  ["Seattle", "WA", "98101"],
] as const;
const JP_PLACES = [
  ["千代田区", "Tokyo", "100-0001"],
  ["大阪市北区", "Osaka", "530-0001"],
  ["札幌市中央区", "Hokkaido", "060-0001"],
] as const;

/** A deterministic pseudo-random sequence (mulberry32). */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type PopulateProgress = (
  phase: "products" | "customers" | "orders",
  done: number,
  total: number,
) => void;

export interface PopulateSummary extends PopulateCounts {
  variants: number;
  lines: number;
  ms: number;
}

async function nextId(
  db: Db,
  table: "product" | "productVariant" | "customer" | "order" | "address",
): Promise<number> {
  const delegate = db[table] as unknown as {
    aggregate(args: object): Promise<{ _max: { id: number | null } }>;
  };
  const { _max } = await delegate.aggregate({ _max: { id: true } });
  return (_max.id ?? 0) + 1;
}

/**
 * Writes `counts` more products, customers and orders into a migrated (and usually seeded) store.
 * Ids are given explicitly, so each batch is one statement and lines can name their order; the
 * PostgreSQL sequences are moved past them at the end.
 */
export async function populate(
  db: Db,
  counts: PopulateCounts,
  onProgress: PopulateProgress = () => {},
  now: Date = new Date(),
): Promise<PopulateSummary> {
  const started = performance.now();
  const next = random(20_261_127 + counts.orders + counts.customers * 7 + counts.products * 13);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const base = now.getTime();
  const twoYears = 2 * 365 * 86_400_000;

  // The products, in the seeded catalogue's shape: an English title and description, a Japanese
  // translation, one to three colour variants, a price in each currency and stock.
  const image = await db.productVariant.findFirst({ orderBy: { id: "asc" }, select: { imageUrl: true } });
  const imageUrl = image?.imageUrl ?? "/images/products/placeholder.svg";
  const firstProduct = await nextId(db, "product");
  const firstVariant = await nextId(db, "productVariant");
  const positionBase = ((await db.product.aggregate({ _max: { position: true } }))._max.position ?? 0) + 1;
  const variants: {
    id: number;
    title: string;
    handle: string;
    productTitle: string;
    usd: number;
    jpy: number;
  }[] = [];
  let variantId = firstVariant;
  for (let start = 0; start < counts.products; start += BATCH) {
    const size = Math.min(BATCH, counts.products - start);
    const products = [];
    const translations = [];
    const productVariants = [];
    const prices = [];
    const variantTranslations = [];
    for (let i = start; i < start + size; i++) {
      const id = firstProduct + i;
      const [word, wordJa] = pick(PRODUCT_WORDS);
      const kind = pick(KINDS);
      const title = `${word} ${kind.en} ${i + 1}`;
      const handle = `${word}-${kind.en}-${i + 1}`.toLowerCase().replace(/[^a-z0-9]+/g, "-");
      products.push({
        id,
        handle,
        title,
        description: `The ${word} ${kind.en}, number ${i + 1} of the populated catalogue. Light, clear and made to last.`,
        productType: kind.type,
        position: positionBase + i,
      });
      translations.push({
        productId: id,
        language: "ja-JP",
        title: `${wordJa} ${kind.ja} ${i + 1}`,
        description: `${wordJa}${kind.ja}（第${i + 1}号）。軽く、見やすく、長く使えます。`,
      });
      const colours = 1 + Math.floor(next() * COLOURS.length);
      for (let c = 0; c < colours; c++) {
        const [colour, colourJa] = COLOURS[c] as readonly [string, string];
        const usd = kind.usd + Math.floor(next() * 20) * 500;
        // Yen prices include tax; about 150 yen to the dollar, rounded to 100 yen.
        const jpy = Math.round(((usd / 100) * 150 * 1.1) / 100) * 100;
        productVariants.push({
          id: variantId,
          productId: id,
          title: colour,
          sku: `POP-${id}-${c + 1}`,
          imageUrl,
          imageAlt: `${title} (${colour})`,
          position: c,
          inventory: Math.floor(next() * 80),
        });
        variantTranslations.push({ variantId, language: "ja-JP", title: colourJa });
        prices.push(
          { variantId, currencyCode: "USD", amount: usd },
          { variantId, currencyCode: "JPY", amount: jpy },
        );
        variants.push({ id: variantId, title: colour, handle, productTitle: title, usd, jpy });
        variantId++;
      }
    }
    await db.$transaction([
      db.product.createMany({ data: products }),
      db.productTranslation.createMany({ data: translations }),
      db.productVariant.createMany({ data: productVariants }),
      db.productVariantTranslation.createMany({ data: variantTranslations }),
      db.variantPrice.createMany({ data: prices }),
    ]);
    onProgress("products", start + size, counts.products);
  }
  if (variants.length === 0) {
    // No new products: orders take the seeded catalogue's variants.
    const seeded = await db.productVariant.findMany({
      select: { id: true, title: true, product: { select: { handle: true, title: true } }, prices: true },
      orderBy: { id: "asc" },
    });
    for (const v of seeded) {
      const usd = v.prices.find((p) => p.currencyCode === "USD")?.amount ?? 10_000;
      const jpy = v.prices.find((p) => p.currencyCode === "JPY")?.amount ?? 16_500;
      variants.push({
        id: v.id,
        title: v.title,
        handle: v.product.handle,
        productTitle: v.product.title,
        usd,
        jpy,
      });
    }
  }

  // The customers: one shared password hash, two thirds with a default address.
  const passwordHash = await hashPassword(POPULATED_PASSWORD);
  const firstCustomer = await nextId(db, "customer");
  const firstAddress = await nextId(db, "address");
  const customers: { id: number; name: string; email: string; locale: string }[] = [];
  let addressId = firstAddress;
  for (let start = 0; start < counts.customers; start += BATCH) {
    const size = Math.min(BATCH, counts.customers - start);
    const rows = [];
    const addresses = [];
    for (let i = start; i < start + size; i++) {
      const id = firstCustomer + i;
      const first = pick(FIRSTS);
      const last = pick(LASTS);
      const email = `${first}.${last}.${id}@populated.example`.toLowerCase();
      const locale = next() < 0.3 ? "ja-JP" : "en-US";
      const since = new Date(base - twoYears - 86_400_000 + Math.floor(next() * 86_400_000));
      rows.push({
        id,
        firstName: first,
        lastName: last,
        email,
        locale,
        passwordHash,
        emailVerifiedAt: since,
        createdAt: since,
        updatedAt: since,
      });
      customers.push({ id, name: `${first} ${last}`, email, locale });
      if (next() < 0.66) {
        const japan = locale === "ja-JP";
        const [city, province, zip] = japan ? pick(JP_PLACES) : pick(US_PLACES);
        addresses.push({
          id: addressId,
          customerId: id,
          firstName: first,
          lastName: last,
          address1: japan ? `1-${1 + (i % 9)}-${1 + (i % 20)}` : `${100 + (i % 900)} Market Street`,
          city,
          province,
          zip,
          country: japan ? "JP" : "US",
        });
        addressId++;
      }
    }
    const [low, high] = [firstCustomer + start, firstCustomer + start + size - 1];
    await db.$transaction([
      db.customer.createMany({ data: rows }),
      db.address.createMany({ data: addresses }),
      // Each new customer's address is its default: one statement for the batch (the same SQL on both engines).
      db.$executeRaw`UPDATE "Customer" SET "defaultAddressId" = (SELECT MIN(a."id") FROM "Address" a WHERE a."customerId" = "Customer"."id") WHERE "id" >= ${low} AND "id" <= ${high}`,
    ]);
    onProgress("customers", start + size, counts.customers);
  }

  // The orders: over two years, a tenth by guests, one to three lines each.
  const firstOrder = await nextId(db, "order");
  const firstNumber =
    ((await db.order.aggregate({ _max: { orderNumber: true } }))._max.orderNumber ?? 1000) + 1;
  let lines = 0;
  for (let start = 0; start < counts.orders; start += BATCH) {
    const size = Math.min(BATCH, counts.orders - start);
    const orders = [];
    const orderLines = [];
    for (let i = start; i < start + size; i++) {
      const id = firstOrder + i;
      const guest = customers.length === 0 || next() < GUEST_SHARE;
      const customer = guest ? undefined : pick(customers);
      const guestFirst = pick(FIRSTS);
      const guestLast = pick(LASTS);
      const locale = customer?.locale ?? (next() < 0.3 ? "ja-JP" : "en-US");
      const japan = locale === "ja-JP";
      const currency = japan ? "JPY" : "USD";
      const at = new Date(base - Math.floor(((counts.orders - i) / Math.max(1, counts.orders)) * twoYears));
      const lineCount = 1 + Math.floor(next() * 3);
      let subtotal = 0;
      for (let l = 0; l < lineCount; l++) {
        const v = pick(variants);
        const quantity = 1 + Math.floor(next() * 2);
        const unit = japan ? v.jpy : v.usd;
        subtotal += unit * quantity;
        const fulfilment = FULFILMENT[i % FULFILMENT.length];
        orderLines.push({
          orderId: id,
          position: l,
          title: v.productTitle,
          variantTitle: v.title,
          quantity,
          fulfilledQuantity: fulfilment === "FULFILLED" ? quantity : 0,
          unitPriceAmount: unit,
          originalTotalAmount: unit * quantity,
          imageUrl,
          imageAlt: v.productTitle,
          productHandle: v.handle,
          variantId: v.id,
        });
      }
      lines += lineCount;
      const shipping = 800; // standard: ¥800 in Japan, $8.00 in the United States
      const tax = japan ? Math.floor((subtotal * 10) / 110) : Math.round(subtotal * 0.0725);
      const [city, province, zip] = japan ? pick(JP_PLACES) : pick(US_PLACES);
      const financialStatus = pick(FINANCIAL);
      orders.push({
        id,
        orderNumber: firstNumber + i,
        customerId: customer?.id ?? null,
        email: customer?.email ?? `${guestFirst}.${guestLast}.guest${id}@populated.example`.toLowerCase(),
        locale,
        shippingMethod: "STANDARD",
        processedAt: at,
        createdAt: at,
        financialStatus,
        fulfillmentStatus: pick(FULFILMENT),
        currencyCode: currency,
        subtotalAmount: subtotal,
        shippingAmount: shipping,
        taxAmount: tax,
        totalAmount: subtotal + shipping + (japan ? 0 : tax),
        shipName: customer?.name ?? `${guestFirst} ${guestLast}`,
        shipAddress1: japan ? "1-2-3" : "500 Howard Street",
        shipCity: city,
        shipProvince: province,
        shipZip: zip,
        shipCountry: japan ? "JP" : "US",
      });
    }
    await db.$transaction([
      db.order.createMany({ data: orders }),
      db.orderLineItem.createMany({ data: orderLines }),
    ]);
    onProgress("orders", start + size, counts.orders);
  }
  await syncIdSequences(db);
  // The store's search finds the new products too, as it finds the seeded ones.
  if (counts.products > 0) await reindexSearch(db);
  return {
    ...counts,
    variants: variantId - firstVariant,
    lines,
    ms: Math.round(performance.now() - started),
  };
}
