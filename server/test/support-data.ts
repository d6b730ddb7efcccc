// Test data beyond the seed, built with the same factories, plus a session without a
// password round-trip (argon2 is the slow part, and login is rate limited per IP).
import { handle } from "@vela/shared";
import { createSession, SESSION_COOKIE } from "../src/auth/session.ts";
import { createAddress, createCustomer } from "../src/seed/factories.ts";
import { DEMO_CUSTOMER, SECOND_CUSTOMER, type TestApp } from "./helpers.ts";

let serial = 0;

/** A valid address body for POST /api/account/addresses (spec 000 §5). */
export const ADDRESS_INPUT = {
  firstName: "Mina",
  lastName: "Sato",
  company: "Vela Labs",
  address1: "2-4-1 Marunouchi",
  address2: "Floor 12",
  city: "Chiyoda-ku",
  province: "Tokyo",
  country: "JP",
  zip: "100-0005",
  phone: "+81 3 5555 0199",
} as const;

/** The session cookie header value for a new session of this customer. */
export async function sessionCookie(t: TestApp, customerId: number): Promise<string> {
  const { token } = await createSession(t.deps, customerId);
  return `${SESSION_COOKIE}=${token}`;
}

export interface TestCustomer {
  id: number;
  email: string;
  cookie: string;
  addressIds: number[];
}

/** A fresh customer with `addresses` saved addresses (the first is the default) and a session. */
export async function newCustomer(t: TestApp, opts: { addresses?: number } = {}): Promise<TestCustomer> {
  serial += 1;
  const email = `test-${process.pid}-${serial}@example.com`;
  const customer = await createCustomer(t.db, { email, firstName: "Test", lastName: `No${serial}` });
  const addressIds: number[] = [];
  for (let i = 0; i < (opts.addresses ?? 0); i++) {
    const a = await createAddress(t.db, customer.id, { address1: `${i + 1} Test Street` }, i === 0);
    addressIds.push(a.id);
  }
  return { id: customer.id, email, cookie: await sessionCookie(t, customer.id), addressIds };
}

export async function customerIdOf(t: TestApp, email: string): Promise<number> {
  const c = await t.db.customer.findUniqueOrThrow({ where: { email }, select: { id: true } });
  return c.id;
}

export const demoId = (t: TestApp): Promise<number> => customerIdOf(t, DEMO_CUSTOMER.email);
export const secondId = (t: TestApp): Promise<number> => customerIdOf(t, SECOND_CUSTOMER.email);

/** A product of the seeded catalogue with its variants and prices, as the order factory wants it. */
export function productByHandle(t: TestApp, rest: string) {
  return t.db.product.findUniqueOrThrow({
    where: { handle: handle(rest) },
    include: { variants: { include: { prices: true }, orderBy: { position: "asc" } } },
  });
}

/** Ids of available variants that have a USD price, and of the one unavailable variant. */
export async function catalogueVariants(t: TestApp): Promise<{ available: number[]; unavailable: number }> {
  const available = await t.db.productVariant.findMany({
    where: { available: true, prices: { some: { currencyCode: "USD" } } },
    select: { id: true },
    orderBy: { id: "asc" },
  });
  const unavailable = await t.db.productVariant.findFirstOrThrow({
    where: { available: false, product: { handle: handle("one-xr-glasses-classic") } },
    select: { id: true },
  });
  return { available: available.map((v) => v.id), unavailable: unavailable.id };
}

export const variantGid = (id: number): string => `gid://vela/ProductVariant/${id}`;

/** Row counts of everything a refused request must leave alone. */
export async function tableCounts(t: TestApp) {
  const [customers, addresses, carts, cartLines, sessions, tokens, outbox, orders] = await Promise.all([
    t.db.customer.count(),
    t.db.address.count(),
    t.db.cart.count(),
    t.db.cartLine.count(),
    t.db.session.count(),
    t.db.accountToken.count(),
    t.db.emailOutbox.count(),
    t.db.order.count(),
  ]);
  return { customers, addresses, carts, cartLines, sessions, tokens, outbox, orders };
}

/** Counts plus the content that a refused write could change without changing a count. */
export async function dbSnapshot(t: TestApp) {
  const [counts, customers, addresses, lines] = await Promise.all([
    tableCounts(t),
    t.db.customer.findMany({
      orderBy: { id: "asc" },
      select: {
        id: true,
        firstName: true,
        lastName: true,
        email: true,
        phone: true,
        acceptsMarketing: true,
        passwordHash: true,
        defaultAddressId: true,
      },
    }),
    t.db.address.findMany({ orderBy: { id: "asc" } }),
    t.db.cartLine.findMany({ orderBy: { id: "asc" }, select: { id: true, cartId: true, quantity: true } }),
  ]);
  return { counts, customers, addresses, lines };
}
