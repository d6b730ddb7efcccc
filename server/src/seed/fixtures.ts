// Loads a fixtures file (packages/shared/src/fixtures.ts) into the store: all of it in one
// transaction, or nothing. Every problem is reported with the path of its field in the file.
import { randomBytes } from "node:crypto";
import {
  type FixtureCustomer,
  type FixtureProductRef,
  fixturePath,
  type ParsedFixtures,
  parseFixtures,
} from "@vela/shared/fixtures";
import { hashPassword } from "../auth/password.ts";
import type { Prisma } from "../db/client.ts";
import type { Deps } from "../deps.ts";
import { inviteCustomerIn } from "../modules/account/service.ts";
import { rebuildSearchIndexIn } from "../modules/search/reindex.ts";
import {
  type CreatedProduct,
  createAddress,
  createCustomer,
  createOrder,
  createProductRecord,
} from "./factories.ts";

/** The published JSON Schema of a fixtures file (`npm run db:fixtures-schema`), kept in step by a test. */
export const FIXTURES_SCHEMA_FILE = "prisma/fixtures.schema.json";

type Tx = Prisma.TransactionClient;
type Path = (string | number)[];

/** A fixtures file that cannot be loaded: one `path: message` line per problem. Nothing was written. */
export class FixturesError extends Error {
  constructor(readonly problems: string[]) {
    super(`the fixtures were not loaded:\n${problems.map((p) => `  ${p}`).join("\n")}`);
    this.name = "FixturesError";
  }
}

export interface FixturesSummary {
  products: number;
  customers: number;
  invited: number;
  addresses: number;
  orders: number;
  /** The ids of the carts, in file order (a cart without an id in the file gets a random one). */
  carts: string[];
}

/** Writing a large file takes longer than Prisma's default five seconds for a transaction. */
const TRANSACTION_TIMEOUT_MS = 120_000;

const variantSkus = (handle: string, variants: { sku?: string | undefined }[]) =>
  variants.map((v, i) => v.sku ?? `${handle}-${i + 1}`.toUpperCase());

/** Problems that the file shows by itself: the same email, handle, SKU, order number or cart id twice. */
function duplicatesInFile(data: ParsedFixtures): string[] {
  const problems: string[] = [];
  const seen = new Map<string, string>();
  const once = (kind: string, value: string, path: Path) => {
    const key = `${kind}\u0000${value}`;
    const first = seen.get(key);
    if (first) problems.push(`${fixturePath(path)}: ${value} is already used at ${first}`);
    else seen.set(key, fixturePath(path));
  };
  for (const [p, product] of (data.products ?? []).entries()) {
    once("handle", product.handle, ["products", p, "handle"]);
    for (const [v, sku] of variantSkus(product.handle, product.variants).entries()) {
      once("sku", sku, ["products", p, "variants", v, "sku"]);
    }
  }
  for (const [c, customer] of (data.customers ?? []).entries()) {
    once("email", customer.email.toLowerCase(), ["customers", c, "email"]);
    let defaults = 0;
    for (const [a, address] of (customer.addresses ?? []).entries()) {
      if (address.default && ++defaults > 1) {
        problems.push(
          `${fixturePath(["customers", c, "addresses", a, "default"])}: Only one default address`,
        );
      }
    }
    for (const [o, order] of (customer.orders ?? []).entries()) {
      once("order", String(order.number), ["customers", c, "orders", o, "number"]);
    }
  }
  for (const [k, cart] of (data.carts ?? []).entries()) {
    if (cart.id) once("cart", cart.id, ["carts", k, "id"]);
  }
  return problems;
}

/** Problems against what the store holds already. */
async function conflictsWithStore(tx: Tx, data: ParsedFixtures): Promise<string[]> {
  const problems: string[] = [];
  for (const [p, product] of (data.products ?? []).entries()) {
    if (await tx.product.findUnique({ where: { handle: product.handle }, select: { id: true } })) {
      problems.push(`${fixturePath(["products", p, "handle"])}: a product with this handle already exists`);
    }
    for (const [v, sku] of variantSkus(product.handle, product.variants).entries()) {
      if (await tx.productVariant.findUnique({ where: { sku }, select: { id: true } })) {
        problems.push(
          `${fixturePath(["products", p, "variants", v, "sku"])}: a variant with SKU ${sku} already exists`,
        );
      }
    }
  }
  for (const [c, customer] of (data.customers ?? []).entries()) {
    const email = customer.email.toLowerCase();
    if (await tx.customer.findUnique({ where: { email }, select: { id: true } })) {
      problems.push(`${fixturePath(["customers", c, "email"])}: a customer with this email already exists`);
    }
    for (const [o, order] of (customer.orders ?? []).entries()) {
      if (await tx.order.findUnique({ where: { orderNumber: order.number }, select: { id: true } })) {
        problems.push(
          `${fixturePath(["customers", c, "orders", o, "number"])}: order ${order.number} already exists`,
        );
      }
    }
  }
  for (const [k, cart] of (data.carts ?? []).entries()) {
    if (cart.id && (await tx.cart.findUnique({ where: { id: cart.id }, select: { id: true } }))) {
      problems.push(`${fixturePath(["carts", k, "id"])}: a cart with this id already exists`);
    }
  }
  return problems;
}

const productInclude = {
  variants: { include: { prices: true }, orderBy: { position: "asc" } },
} as const satisfies Prisma.ProductInclude;

/** Finds the variant a line names, in the store or among the products of this file (written by now). */
async function resolveRef(
  tx: Tx,
  ref: FixtureProductRef,
  path: Path,
  problems: string[],
): Promise<{ product: CreatedProduct; variantIndex: number } | null> {
  if (ref.sku !== undefined) {
    const variant = await tx.productVariant.findUnique({
      where: { sku: ref.sku },
      select: { id: true, product: { include: productInclude } },
    });
    if (!variant) {
      problems.push(`${fixturePath([...path, "sku"])}: no product variant has SKU ${ref.sku}`);
      return null;
    }
    return {
      product: variant.product,
      variantIndex: variant.product.variants.findIndex((v) => v.id === variant.id),
    };
  }
  const product = await tx.product.findUnique({
    where: { handle: ref.handle ?? "" },
    include: productInclude,
  });
  if (!product) {
    problems.push(`${fixturePath([...path, "handle"])}: no product has handle ${ref.handle}`);
    return null;
  }
  if (ref.variant === undefined) return { product, variantIndex: 0 };
  const variantIndex = product.variants.findIndex((v) => v.title === ref.variant);
  if (variantIndex < 0) {
    problems.push(`${fixturePath([...path, "variant"])}: ${ref.handle} has no variant ${ref.variant}`);
    return null;
  }
  return { product, variantIndex };
}

function priced(
  line: { product: CreatedProduct; variantIndex: number },
  currency: string,
  path: Path,
  problems: string[],
): boolean {
  const variant = line.product.variants[line.variantIndex];
  if (variant?.prices.some((p) => p.currencyCode === currency)) return true;
  problems.push(`${fixturePath(path)}: ${variant?.sku ?? line.product.handle} has no ${currency} price`);
  return false;
}

async function writeCustomer(
  tx: Tx,
  deps: Deps,
  customer: FixtureCustomer,
  passwordHash: string | undefined,
  path: Path,
  problems: string[],
  summary: FixturesSummary,
): Promise<void> {
  const email = customer.email.toLowerCase();
  const createdAt = customer.createdAt ? new Date(customer.createdAt) : undefined;
  let customerId: number;
  if (passwordHash) {
    const created = await createCustomer(tx, {
      email,
      passwordHash,
      firstName: customer.firstName,
      lastName: customer.lastName,
      phone: customer.phone ?? null,
      acceptsMarketing: customer.acceptsMarketing ?? false,
      ...(createdAt ? { createdAt } : {}),
    });
    customerId = created.id;
  } else {
    // The activation token and email of `npm run customers -- invite`.
    ({ customerId } = await inviteCustomerIn(tx, deps, {
      email,
      firstName: customer.firstName,
      lastName: customer.lastName,
    }));
    await tx.customer.update({
      where: { id: customerId },
      data: {
        phone: customer.phone ?? null,
        acceptsMarketing: customer.acceptsMarketing ?? false,
        ...(createdAt ? { createdAt } : {}),
      },
    });
    summary.invited++;
  }
  summary.customers++;

  const addresses = customer.addresses ?? [];
  const defaultIndex = Math.max(
    0,
    addresses.findIndex((a) => a.default),
  );
  for (const [a, { default: _default, ...address }] of addresses.entries()) {
    await createAddress(tx, customerId, address, a === defaultIndex);
    summary.addresses++;
  }

  for (const [o, order] of (customer.orders ?? []).entries()) {
    const orderPath = [...path, "orders", o];
    const lines = [];
    for (const [l, line] of order.lines.entries()) {
      const linePath = [...orderPath, "lines", l];
      const found = await resolveRef(tx, line, linePath, problems);
      if (found && priced(found, order.currency, linePath, problems))
        lines.push({ ...found, quantity: line.quantity });
    }
    if (lines.length !== order.lines.length) continue;
    await createOrder(tx, {
      customerId,
      orderNumber: order.number,
      processedAt: new Date(order.processedAt),
      financialStatus: order.financialStatus,
      fulfillmentStatus: order.fulfillmentStatus ?? null,
      currencyCode: order.currency,
      lines,
      tracking: order.tracking ?? [],
      shipTo: order.shippingAddress ?? addresses[defaultIndex] ?? {},
    });
    summary.orders++;
  }
}

/**
 * Loads `input` (parsed JSON of a fixtures file) into the store. Throws FixturesError, having
 * written nothing, when any field is invalid, names something that does not exist, or
 * duplicates what the file or the store already has.
 */
export async function loadFixtures(deps: Deps, input: unknown): Promise<FixturesSummary> {
  const parsed = parseFixtures(input);
  if (!parsed.ok) throw new FixturesError(parsed.problems);
  const data = parsed.data;
  const inFile = duplicatesInFile(data);
  if (inFile.length) throw new FixturesError(inFile);

  // argon2 is slow on purpose: hash before the transaction, so it holds the write lock only to write.
  const customers = data.customers ?? [];
  const hashes = await Promise.all(customers.map((c) => (c.password ? hashPassword(c.password) : undefined)));

  return deps.db.$transaction(
    async (tx) => {
      const conflicts = await conflictsWithStore(tx, data);
      if (conflicts.length) throw new FixturesError(conflicts);
      const summary: FixturesSummary = {
        products: 0,
        customers: 0,
        invited: 0,
        addresses: 0,
        orders: 0,
        carts: [],
      };
      const problems: string[] = [];

      const productCount = await tx.product.count();
      for (const [p, product] of (data.products ?? []).entries()) {
        const skus = variantSkus(product.handle, product.variants);
        await createProductRecord(tx, {
          ...product,
          position: productCount + p,
          variants: product.variants.map((v, i) => ({ ...v, sku: skus[i] ?? v.title })),
        });
        summary.products++;
      }

      for (const [c, customer] of customers.entries()) {
        await writeCustomer(tx, deps, customer, hashes[c], ["customers", c], problems, summary);
      }

      for (const [k, cart] of (data.carts ?? []).entries()) {
        const path = ["carts", k];
        const currency = cart.currency ?? "USD";
        let customerId: number | null = null;
        if (cart.customer) {
          const owner = await tx.customer.findUnique({
            where: { email: cart.customer.toLowerCase() },
            select: { id: true },
          });
          if (!owner) problems.push(`${fixturePath([...path, "customer"])}: no customer has this email`);
          customerId = owner?.id ?? null;
        }
        const lines = new Map<number, number>();
        for (const [l, line] of cart.lines.entries()) {
          const linePath = [...path, "lines", l];
          const found = await resolveRef(tx, line, linePath, problems);
          if (!found || !priced(found, currency, linePath, problems)) continue;
          const variant = found.product.variants[found.variantIndex];
          if (!variant) continue;
          if (!variant.available) {
            problems.push(`${fixturePath(linePath)}: ${variant.sku} is not available`);
            continue;
          }
          if (lines.has(variant.id)) {
            problems.push(`${fixturePath(linePath)}: ${variant.sku} is already in this cart`);
            continue;
          }
          lines.set(variant.id, line.quantity);
        }
        const id = cart.id ?? randomBytes(16).toString("base64url");
        await tx.cart.create({
          data: {
            id,
            customerId,
            currencyCode: currency,
            lines: { create: [...lines].map(([variantId, quantity]) => ({ variantId, quantity })) },
          },
        });
        summary.carts.push(id);
      }

      if (problems.length) throw new FixturesError(problems);
      // The file's products are found by the search from the same commit on.
      if (summary.products > 0) await rebuildSearchIndexIn(tx);
      return summary;
    },
    { timeout: TRANSACTION_TIMEOUT_MS, maxWait: TRANSACTION_TIMEOUT_MS },
  );
}
