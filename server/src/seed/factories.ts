// Factories shared by the seed and the tests, so demo data and test data cannot drift apart.
import { BRAND, handle as brandHandle } from "@vela/shared";
import { hashPassword } from "../auth/password.ts";
import type { Prisma } from "../db/client.ts";
import { productImageName } from "../modules/media/product-images.ts";
import { type ProductColour, variantColour } from "../modules/media/product-looks.ts";

/** The client or a transaction of it: the fixtures loader writes a whole file in one transaction. */
type Db = Prisma.TransactionClient;

export interface VariantSpec {
  title: string;
  usd: number;
  jpy: number;
  compareAtUsd?: number;
  available?: boolean;
  /** The variant's name in other languages than en-US, keyed by language (ja-JP). */
  translations?: Record<string, { title: string }>;
}

export interface ProductSpec {
  /** Without the brand prefix, e.g. "one-xr-glasses". */
  handle: string;
  title: string;
  type: "glasses" | "accessories" | "packs";
  description?: string;
  images?: number;
  variants: VariantSpec[];
  /** Title (without the brand name, as above) and description in other languages, keyed by language. */
  translations?: Record<string, { title: string; description: string }>;
}

const productTranslations = (spec: ProductSpec) =>
  Object.entries(spec.translations ?? {}).map(([language, t]) => ({
    language,
    title: `${BRAND.name} ${t.title}`,
    description: t.description,
  }));

const variantTranslations = (v: VariantSpec) =>
  Object.entries(v.translations ?? {}).map(([language, t]) => ({ language, title: t.title }));

/** A product's numbered picture; a variant of a colour has the picture drawn in that colour. */
export const productImageUrl = (fullHandle: string, n: number, colour?: ProductColour | null): string =>
  `/images/products/${productImageName(fullHandle, n, colour)}.svg`;

/** A product as it is stored: the whole handle and title, each variant's SKU. */
export interface ProductRecordSpec {
  handle: string;
  title: string;
  type: string;
  description?: string | undefined;
  images?: number | undefined;
  position?: number | undefined;
  translations?: { language: string; title: string; description: string }[];
  variants: {
    title: string;
    sku: string;
    usd: number;
    jpy: number;
    compareAtUsd?: number | undefined;
    available?: boolean | undefined;
    inventory?: number | undefined;
    translations?: { language: string; title: string }[];
  }[];
}

export async function createProductRecord(db: Db, spec: ProductRecordSpec) {
  const { handle, title } = spec;
  const imageCount = spec.images ?? 1;
  return db.product.create({
    data: {
      handle,
      title,
      description: spec.description ?? "",
      productType: spec.type,
      position: spec.position ?? 0,
      translations: { create: spec.translations ?? [] },
      images: {
        create: Array.from({ length: imageCount }, (_, i) => ({
          url: productImageUrl(handle, i + 1),
          altText: `${title}, view ${i + 1}`,
          position: i,
        })),
      },
      variants: {
        create: spec.variants.map((v, i) => ({
          title: v.title,
          sku: v.sku,
          available: v.available ?? true,
          ...(v.inventory === undefined ? {} : { inventory: v.inventory }),
          imageUrl: productImageUrl(handle, 1, variantColour(v.title)),
          imageAlt: `${title}, ${v.title}`,
          position: i,
          translations: { create: v.translations ?? [] },
          prices: {
            create: [
              { currencyCode: "USD", amount: v.usd, compareAtAmount: v.compareAtUsd ?? null },
              { currencyCode: "JPY", amount: v.jpy, compareAtAmount: null },
            ],
          },
        })),
      },
    },
    include: { variants: { include: { prices: true }, orderBy: { position: "asc" } } },
  });
}

/** A product of the catalogue file: the brand is added to its handle and title. */
export async function createProduct(db: Db, spec: ProductSpec, position = 0) {
  const handle = brandHandle(spec.handle);
  return createProductRecord(db, {
    handle,
    title: `${BRAND.name} ${spec.title}`,
    type: spec.type,
    description: spec.description,
    images: spec.images,
    position,
    translations: productTranslations(spec),
    variants: spec.variants.map((v, i) => ({
      ...v,
      sku: `${handle}-${i + 1}`.toUpperCase(),
      translations: variantTranslations(v),
    })),
  });
}

export type CreatedProduct = Awaited<ReturnType<typeof createProduct>>;

/**
 * Writes the spec's translations onto a product made before they existed (or changes them):
 * variants are matched by position. Upserts, so a second run changes nothing.
 */
export async function upsertProductTranslations(
  db: Db,
  spec: ProductSpec,
  product: { id: number; variants: { id: number; position: number }[] },
): Promise<void> {
  for (const t of productTranslations(spec)) {
    await db.productTranslation.upsert({
      where: { productId_language: { productId: product.id, language: t.language } },
      create: { productId: product.id, ...t },
      update: { title: t.title, description: t.description },
    });
  }
  for (const [i, v] of spec.variants.entries()) {
    const variant = product.variants.find((x) => x.position === i);
    if (!variant) continue;
    for (const t of variantTranslations(v)) {
      await db.productVariantTranslation.upsert({
        where: { variantId_language: { variantId: variant.id, language: t.language } },
        create: { variantId: variant.id, ...t },
        update: { title: t.title },
      });
    }
  }
}

export interface CustomerSpec {
  email: string;
  firstName?: string;
  lastName?: string;
  /** Omit for an invited customer who has not chosen a password yet. */
  password?: string;
  /** A precomputed hash, to spare tests an argon2 run per customer. */
  passwordHash?: string;
  phone?: string | null;
  acceptsMarketing?: boolean;
  createdAt?: Date;
  /**
   * When the address was proven. A seeded or loaded customer with a password counts as proven
   * (the operator vouches for the address) unless this is null; an invited one is proven by its
   * activation link.
   */
  emailVerifiedAt?: Date | null;
}

export async function createCustomer(db: Db, spec: CustomerSpec) {
  const passwordHash = spec.passwordHash ?? (spec.password ? await hashPassword(spec.password) : null);
  return db.customer.create({
    data: {
      email: spec.email.toLowerCase(),
      firstName: spec.firstName ?? "Test",
      lastName: spec.lastName ?? "Customer",
      phone: spec.phone ?? null,
      acceptsMarketing: spec.acceptsMarketing ?? false,
      passwordHash,
      passwordChangedAt: passwordHash ? (spec.createdAt ?? new Date()) : null,
      emailVerifiedAt:
        spec.emailVerifiedAt !== undefined
          ? spec.emailVerifiedAt
          : passwordHash
            ? (spec.createdAt ?? new Date())
            : null,
      ...(spec.createdAt ? { createdAt: spec.createdAt } : {}),
    },
  });
}

export interface AddressSpec {
  firstName?: string;
  lastName?: string;
  company?: string | null;
  address1?: string;
  address2?: string | null;
  city?: string;
  province?: string;
  country?: string;
  zip?: string;
  phone?: string | null;
}

export async function createAddress(db: Db, customerId: number, spec: AddressSpec = {}, makeDefault = false) {
  const address = await db.address.create({
    data: {
      customerId,
      firstName: spec.firstName ?? "Test",
      lastName: spec.lastName ?? "Customer",
      company: spec.company ?? null,
      address1: spec.address1 ?? "1 Market Street",
      address2: spec.address2 ?? null,
      city: spec.city ?? "San Francisco",
      province: spec.province ?? "CA",
      country: spec.country ?? "United States",
      zip: spec.zip ?? "94105",
      phone: spec.phone ?? null,
    },
  });
  if (makeDefault)
    await db.customer.update({ where: { id: customerId }, data: { defaultAddressId: address.id } });
  return address;
}

export interface OrderLineSpec {
  product: CreatedProduct;
  variantIndex?: number;
  quantity: number;
}

export interface OrderSpec {
  customerId: number;
  orderNumber: number;
  id?: number;
  processedAt: Date;
  financialStatus: string;
  fulfillmentStatus: string | null;
  currencyCode: "USD" | "JPY";
  lines: OrderLineSpec[];
  tracking?: { company: string; number: string; url: string }[];
  shipTo?: AddressSpec;
}

/** An order whose lines copy the title, variant title, price and image of the moment. */
export async function createOrder(db: Db, spec: OrderSpec) {
  let subtotal = 0;
  const lineItems = spec.lines.map((line, position) => {
    const variant = line.product.variants[line.variantIndex ?? 0];
    if (!variant) throw new Error(`No variant ${line.variantIndex ?? 0} on ${line.product.handle}`);
    const price = variant.prices.find((p) => p.currencyCode === spec.currencyCode);
    if (!price) throw new Error(`No ${spec.currencyCode} price on ${variant.sku}`);
    subtotal += price.amount * line.quantity;
    return {
      position,
      title: line.product.title,
      variantTitle: variant.title,
      quantity: line.quantity,
      unitPriceAmount: price.amount,
      originalTotalAmount: price.amount * line.quantity,
      imageUrl: variant.imageUrl,
      imageAlt: variant.imageAlt,
      productHandle: line.product.handle,
      variantId: variant.id,
    };
  });
  const shipping =
    spec.currencyCode === "JPY" ? (subtotal >= 10_000 ? 0 : 800) : subtotal >= 10_000 ? 0 : 995;
  const tax = Math.round(subtotal * (spec.currencyCode === "JPY" ? 0.1 : 0.0825));
  const a = spec.shipTo ?? {};
  return db.order.create({
    data: {
      ...(spec.id ? { id: spec.id } : {}),
      customerId: spec.customerId,
      orderNumber: spec.orderNumber,
      processedAt: spec.processedAt,
      // Placed when it was processed: the admin lists orders by createdAt.
      createdAt: spec.processedAt,
      financialStatus: spec.financialStatus,
      fulfillmentStatus: spec.fulfillmentStatus,
      currencyCode: spec.currencyCode,
      subtotalAmount: subtotal,
      shippingAmount: shipping,
      taxAmount: tax,
      totalAmount: subtotal + shipping + tax,
      shipName: `${a.firstName ?? "Test"} ${a.lastName ?? "Customer"}`,
      shipAddress1: a.address1 ?? "1 Market Street",
      shipAddress2: a.address2 ?? null,
      shipCity: a.city ?? "San Francisco",
      shipProvince: a.province ?? "CA",
      shipZip: a.zip ?? "94105",
      shipCountry: a.country ?? "United States",
      shipPhone: a.phone ?? null,
      lineItems: { create: lineItems },
      tracking: { create: (spec.tracking ?? []).map((t, position) => ({ ...t, position })) },
    },
  });
}
