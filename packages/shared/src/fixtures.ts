import { z } from "zod";
import { CART_LINE_QUANTITY_MAX, CART_LINE_QUANTITY_MIN } from "./constants.ts";
import { ZAddressFields, ZAddressInput, ZPassword, ZPhone } from "./schemas.ts";
import { isMultiLineText, isNameText, isSingleLineText, TEXT_FIELD_MESSAGES } from "./text-rules.ts";

/**
 * The shape of a fixtures file: `npm run db:seed -- --fixtures <file.json>` loads customers
 * (with a password, or invited), their addresses and orders, products and carts, all in one
 * transaction. prisma/fixtures.schema.json is generated from these schemas
 * (`npm run db:fixtures-schema`) so that editors and other projects can check a file before
 * they load it. Amounts are in minor units (USD cents, JPY yen), as in the catalogue.
 */

const ZText = (max: number) => z.string().trim().min(1).max(max);
/** A line of text the store shows or mails (a title, a status, a tracking number): the forms' rule. */
const ZLine = (max: number) =>
  ZText(max).refine(isSingleLineText, "Must be one line without control or direction-override characters");
const ZMinorUnits = z.int().min(0).max(1_000_000_000);
const ZDateTime = z.iso.datetime({ offset: true });
const ZFixtureCurrency = z.enum(["USD", "JPY"]);
const ZFixtureEmail = z.email("Enter a valid email address").max(254);
const ZSku = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$/, "Letters, digits, '-', '_' and '.', at most 100");

/** A product variant named by its SKU, or by its product's handle (and variant title; the first variant when omitted). */
const productRef = {
  sku: ZSku.optional(),
  handle: ZLine(200).optional(),
  variant: ZLine(100).optional(),
};
const refOneOf = { oneOf: [{ required: ["sku"] }, { required: ["handle"] }] };
function checkRef(line: {
  sku?: string | undefined;
  handle?: string | undefined;
  variant?: string | undefined;
}) {
  return (line.sku === undefined) !== (line.handle === undefined) && !(line.sku && line.variant);
}
const REF_MESSAGE = "Give either sku, or handle (with an optional variant title)";

export const ZFixtureVariant = z.strictObject({
  title: ZLine(100),
  /** Defaults to `<HANDLE>-<n>` in capitals, as the catalogue's own. */
  sku: ZSku.optional(),
  available: z.boolean().optional(),
  /** Units in stock; the store's default when absent. */
  inventory: z.int().min(0).max(1_000_000).optional(),
  usd: ZMinorUnits,
  jpy: ZMinorUnits,
  compareAtUsd: ZMinorUnits.optional(),
});

export const ZFixtureProduct = z.strictObject({
  /** The whole handle as the store's URLs and API show it, e.g. "vela-test-glasses". */
  handle: z
    .string()
    .max(200)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Lowercase letters and digits joined by '-'"),
  title: ZLine(200),
  type: z.enum(["glasses", "accessories", "packs"]),
  description: z
    .string()
    .max(5000)
    .refine(isMultiLineText, "Must not contain control or direction-override characters")
    .optional(),
  images: z.int().min(1).max(10).optional(),
  variants: z.array(ZFixtureVariant).min(1).max(50),
});

export const ZFixtureAddress = ZAddressFields.extend({
  /** The customer's default address; the first address when none is marked. */
  default: z.boolean().optional(),
});

export const ZFixtureOrderLine = z
  .strictObject({ ...productRef, quantity: z.int().min(1).max(999) })
  .refine(checkRef, REF_MESSAGE)
  .meta(refOneOf);

export const ZFixtureTracking = z.strictObject({
  company: ZLine(100),
  number: ZLine(100),
  url: z
    .url()
    .max(500)
    .refine(isSingleLineText, "Must be one line without control or direction-override characters"),
});

export const ZFixtureOrder = z.strictObject({
  /** The order number customers see ("#1001"); unique in the store. */
  number: z.int().min(1).max(2_000_000_000),
  processedAt: ZDateTime,
  /** Any text: the statuses of spec 000 §4 are shown by name, others as they are. */
  financialStatus: ZLine(40),
  fulfillmentStatus: ZLine(40).nullable().optional(),
  currency: ZFixtureCurrency,
  lines: z.array(ZFixtureOrderLine).min(1).max(100),
  tracking: z.array(ZFixtureTracking).max(10).optional(),
  /** Defaults to the customer's default address. */
  shippingAddress: ZAddressInput.optional(),
});

export const ZFixtureCustomer = z.strictObject({
  email: ZFixtureEmail,
  /** Without a password the customer is invited: an activation email waits in the outbox. */
  password: ZPassword.optional(),
  firstName: ZText(100).refine(isNameText, TEXT_FIELD_MESSAGES.firstName),
  lastName: ZText(100).refine(isNameText, TEXT_FIELD_MESSAGES.lastName),
  phone: ZPhone.optional(),
  acceptsMarketing: z.boolean().optional(),
  createdAt: ZDateTime.optional(),
  addresses: z.array(ZFixtureAddress).max(50).optional(),
  orders: z.array(ZFixtureOrder).max(1000).optional(),
});

export const ZFixtureCartLine = z
  .strictObject({
    ...productRef,
    quantity: z.int().min(CART_LINE_QUANTITY_MIN).max(CART_LINE_QUANTITY_MAX),
  })
  .refine(checkRef, REF_MESSAGE)
  .meta(refOneOf);

export const ZFixtureCart = z.strictObject({
  /** The id the REST and tRPC cart paths take; a random one when omitted. */
  id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, "8 to 64 letters, digits, '-' or '_'")
    .optional(),
  /** Email of the customer the cart belongs to (in this file or already in the store); none for a guest's cart. */
  customer: ZFixtureEmail.optional(),
  currency: ZFixtureCurrency.optional(),
  lines: z.array(ZFixtureCartLine).max(100),
});

export const ZFixtures = z
  .strictObject({
    $schema: z.string().optional(),
    products: z.array(ZFixtureProduct).optional(),
    customers: z.array(ZFixtureCustomer).optional(),
    carts: z.array(ZFixtureCart).optional(),
  })
  .meta({ title: "Vela store fixtures", description: "Data for npm run db:seed -- --fixtures <file.json>" });

export type Fixtures = z.input<typeof ZFixtures>;
export type ParsedFixtures = z.output<typeof ZFixtures>;
export type FixtureCustomer = z.output<typeof ZFixtureCustomer>;
export type FixtureOrder = z.output<typeof ZFixtureOrder>;
export type FixtureProductRef = {
  sku?: string | undefined;
  handle?: string | undefined;
  variant?: string | undefined;
};

/** `customers[0].addresses[1].zip`: the path of a field as a person finds it in the file. */
export function fixturePath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const key of path) {
    if (typeof key === "number") out += `[${key}]`;
    else out += out ? `.${String(key)}` : String(key);
  }
  return out || "(file)";
}

/** One line per problem, `path: message`; a missing field says "Required", an unknown one "Unknown field". */
export function parseFixtures(
  input: unknown,
): { ok: true; data: ParsedFixtures } | { ok: false; problems: string[] } {
  const res = ZFixtures.safeParse(input, {
    error: (iss) => (iss.code === "invalid_type" && iss.input === undefined ? "Required" : undefined),
  });
  if (res.success) return { ok: true, data: res.data };
  const problems = res.error.issues.flatMap((iss) =>
    iss.code === "unrecognized_keys"
      ? iss.keys.map((key) => `${fixturePath([...iss.path, key])}: Unknown field`)
      : [`${fixturePath(iss.path)}: ${iss.message}`],
  );
  return { ok: false, problems };
}

/** The published JSON Schema of a fixtures file (what a person writes, before defaults and trimming). */
export function fixturesJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(ZFixtures, { io: "input", target: "draft-2020-12" });
}
