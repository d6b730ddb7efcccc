// The admin's customers area: search, a customer's page (profile, addresses, orders, sign-in
// state), and the three things staff may do to an account: send the password-reset link the
// customer's own "forgot password" sends, disable sign-in (ending every session and link), and
// enable it again. Staff never see or set a password. Each action writes its audit row in the
// transaction of the change.
import { type Money, returnNumber, toMoney } from "@vela/shared";
import {
  CUSTOMER_ADMIN_MESSAGES,
  CUSTOMER_ORDERS_SHOWN,
  type CustomerSearchInput,
  ZCustomerSearchInput,
} from "@vela/shared/admin";
import { Prisma } from "../../db/client.ts";
import type { Deps } from "../../deps.ts";
import { AppError } from "../../errors.ts";
import { mailResetLink } from "../account/service.ts";
import { voidAllTokens } from "../account/tokens.ts";
import { type Actor, record } from "../audit/service.ts";

/** A row of the customer list. */
export interface CustomerListItem {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  createdAt: string;
  disabled: boolean;
  emailVerified: boolean;
  orders: number;
}

const listSelect = {
  id: true,
  email: true,
  firstName: true,
  lastName: true,
  createdAt: true,
  disabledAt: true,
  emailVerifiedAt: true,
  _count: { select: { orders: true } },
} satisfies Prisma.CustomerSelect;

type ListRow = Prisma.CustomerGetPayload<{ select: typeof listSelect }>;

const toListItem = (row: ListRow): CustomerListItem => ({
  id: row.id,
  email: row.email,
  firstName: row.firstName,
  lastName: row.lastName,
  createdAt: row.createdAt.toISOString(),
  disabled: row.disabledAt !== null,
  emailVerified: row.emailVerifiedAt !== null,
  orders: row._count.orders,
});

/** `!` escapes LIKE's wildcards, so that "100%" or "first_last" match themselves. */
const likePattern = (word: string) => `%${word.replace(/[!%_]/g, "!$&")}%`;

/**
 * One word of the search: in the email, the first or the last name, or the two names written
 * together without a space ("山田太郎", "janedoe"). One LIKE over the fields joined by spaces (a
 * word has no space, so it never matches across two of them): half the time of one LIKE per field.
 * Lower-cased on both sides: the same statement on both engines (SQLite's lower() folds ASCII
 * letters only; PostgreSQL's, every letter). A substring cannot use an index: at 20,000 customers
 * a search that matches little reads them all in about 10 ms on SQLite and 25 ms on PostgreSQL
 * (docs/admin.md, "Customers").
 */
function wordMatches(word: string): Prisma.Sql {
  const fields = Prisma.sql`"email" || ' ' || "firstName" || ' ' || "lastName" || ' ' || "lastName" || "firstName" || ' ' || "firstName" || "lastName"`;
  return Prisma.sql`lower(${fields}) LIKE ${likePattern(word)} ESCAPE '!'`;
}

/**
 * Newest first (by id: the order accounts were made in), in cursor pages: `nextCursor` is the
 * last id of the page, null on the last page. Every word of `q` must match (wordMatches).
 */
export async function searchCustomers(
  deps: Pick<Deps, "db">,
  raw: CustomerSearchInput,
): Promise<{ customers: CustomerListItem[]; nextCursor: number | null }> {
  const input = ZCustomerSearchInput.parse(raw);
  const words = (input.q ?? "").toLowerCase().split(/\s+/).filter(Boolean);
  let rows: ListRow[];
  if (words.length === 0) {
    rows = await deps.db.customer.findMany({
      where: input.cursor ? { id: { lt: input.cursor } } : {},
      orderBy: { id: "desc" },
      take: input.limit + 1,
      select: listSelect,
    });
  } else {
    const conditions = [
      ...words.map(wordMatches),
      ...(input.cursor ? [Prisma.sql`"id" < ${input.cursor}`] : []),
    ];
    const ids = await deps.db.$queryRaw<{ id: number | bigint }[]>`
      SELECT "id" FROM "Customer" WHERE ${Prisma.join(conditions, " AND ")}
      ORDER BY "id" DESC LIMIT ${input.limit + 1}`;
    rows = await deps.db.customer.findMany({
      where: { id: { in: ids.map((r) => Number(r.id)) } },
      orderBy: { id: "desc" },
      select: listSelect,
    });
  }
  const page = rows.slice(0, input.limit);
  return {
    customers: page.map(toListItem),
    nextCursor: rows.length > input.limit ? (page.at(-1)?.id ?? null) : null,
  };
}

export interface CustomerAddressView {
  id: number;
  isDefault: boolean;
  firstName: string;
  lastName: string;
  company: string | null;
  address1: string;
  address2: string | null;
  city: string;
  province: string;
  zip: string;
  country: string;
  phone: string | null;
}

export interface CustomerOrderView {
  number: number;
  processedAt: string;
  total: Money;
  refunded: Money;
  financialStatus: string;
  fulfillmentStatus: string | null;
}

/** A return of one of the customer's orders (however it was asked for: signed in or by the mail's link). */
export interface CustomerReturnView {
  id: number;
  /** R<order number>-<position>, as the customer is told */
  number: string;
  orderNumber: number;
  status: string;
  reason: string;
  requestedAt: string;
  refunded: Money;
}

/** What the store knows of the customer's sign-in; never a password, hash, token or link. */
export interface CustomerSignInState {
  /** false for an invited customer who has not chosen a password yet */
  passwordSet: boolean;
  emailVerifiedAt: string | null;
  disabledAt: string | null;
  /** null before the first sign-in recorded (the column is newer than some accounts) */
  lastSignInAt: string | null;
  /** sessions still within their idle and absolute lifetimes */
  activeSessions: number;
  /**
   * Until when sign-in is refused to browsers that never signed in to the account, because of
   * failed attempts (the per-account counter; a browser that signed in before counts apart).
   */
  lockedOutUntil: string | null;
  /** When the newest reset link still outstanding stops working, if there is one. */
  resetLinkValidUntil: string | null;
}

export interface CustomerAdminDetail {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  locale: string;
  acceptsMarketing: boolean;
  createdAt: string;
  addresses: CustomerAddressView[];
  orders: { total: number; latest: CustomerOrderView[] };
  returns: { total: number; latest: CustomerReturnView[] };
  signIn: CustomerSignInState;
}

const detailSelect = {
  id: true,
  email: true,
  firstName: true,
  lastName: true,
  phone: true,
  locale: true,
  acceptsMarketing: true,
  createdAt: true,
  passwordHash: true,
  emailVerifiedAt: true,
  disabledAt: true,
  lastSignInAt: true,
  defaultAddressId: true,
  addresses: {
    orderBy: { id: "asc" },
    select: {
      id: true,
      firstName: true,
      lastName: true,
      company: true,
      address1: true,
      address2: true,
      city: true,
      province: true,
      zip: true,
      country: true,
      phone: true,
    },
  },
} satisfies Prisma.CustomerSelect;

const orderSelect = {
  orderNumber: true,
  processedAt: true,
  currencyCode: true,
  totalAmount: true,
  refundedAmount: true,
  financialStatus: true,
  fulfillmentStatus: true,
} satisfies Prisma.OrderSelect;

const returnSelect = {
  id: true,
  position: true,
  status: true,
  reason: true,
  requestedAt: true,
  refundedAmount: true,
  order: { select: { orderNumber: true, currencyCode: true } },
} satisfies Prisma.ReturnSelect;

const notFound = () => new AppError("NOT_FOUND", CUSTOMER_ADMIN_MESSAGES.customerNotFound);

/**
 * A customer's page. The orders are the account's (guest orders join it only once proven); the
 * returns are those of its orders. The orders and returns areas hold the rest of each.
 */
export async function getCustomer(
  deps: Pick<Deps, "db" | "clock" | "config" | "limiter">,
  customerId: number,
): Promise<CustomerAdminDetail> {
  const now = deps.clock.now();
  const row = await deps.db.customer.findUnique({ where: { id: customerId }, select: detailSelect });
  if (!row) throw notFound();
  const idleSince = new Date(now.getTime() - deps.config.sessionIdleSeconds * 1000);
  const [orders, total, returns, returnTotal, activeSessions, resetLink, lockout] = await Promise.all([
    deps.db.order.findMany({
      where: { customerId },
      orderBy: [{ processedAt: "desc" }, { id: "desc" }],
      take: CUSTOMER_ORDERS_SHOWN,
      select: orderSelect,
    }),
    deps.db.order.count({ where: { customerId } }),
    deps.db.return.findMany({
      where: { order: { customerId } },
      orderBy: [{ requestedAt: "desc" }, { id: "desc" }],
      take: CUSTOMER_ORDERS_SHOWN,
      select: returnSelect,
    }),
    deps.db.return.count({ where: { order: { customerId } } }),
    deps.db.session.count({
      where: { customerId, expiresAt: { gt: now }, lastSeenAt: { gt: idleSince } },
    }),
    deps.db.accountToken.findFirst({
      where: { customerId, kind: "RESET", usedAt: null, voidedAt: null, expiresAt: { gt: now } },
      orderBy: { issuedAt: "desc" },
      select: { expiresAt: true },
    }),
    deps.limiter.store.peek(`login:account:${row.email}`, now),
  ]);
  const locked = lockout && lockout.count >= deps.limiter.rules.loginAccount.limit;
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    locale: row.locale,
    acceptsMarketing: row.acceptsMarketing,
    createdAt: row.createdAt.toISOString(),
    addresses: row.addresses.map((a) => ({ ...a, isDefault: a.id === row.defaultAddressId })),
    orders: {
      total,
      latest: orders.map((o) => ({
        number: o.orderNumber,
        processedAt: o.processedAt.toISOString(),
        total: toMoney(o.totalAmount, o.currencyCode),
        refunded: toMoney(o.refundedAmount, o.currencyCode),
        financialStatus: o.financialStatus,
        fulfillmentStatus: o.fulfillmentStatus,
      })),
    },
    returns: {
      total: returnTotal,
      latest: returns.map((r) => ({
        id: r.id,
        number: returnNumber(r.order.orderNumber, r.position),
        orderNumber: r.order.orderNumber,
        status: r.status,
        reason: r.reason,
        requestedAt: r.requestedAt.toISOString(),
        refunded: toMoney(r.refundedAmount, r.order.currencyCode),
      })),
    },
    signIn: {
      passwordSet: row.passwordHash !== null,
      emailVerifiedAt: row.emailVerifiedAt?.toISOString() ?? null,
      disabledAt: row.disabledAt?.toISOString() ?? null,
      lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
      activeSessions,
      lockedOutUntil: locked ? new Date(lockout.resetAt).toISOString() : null,
      resetLinkValidUntil: resetLink?.expiresAt.toISOString() ?? null,
    },
  };
}

/**
 * The reset link of "forgot password" (the same token, mail and limits: account/service.ts),
 * in the customer's language. Unlike the customer's own request the answer says what happened:
 * refused while disabled (409), within 5 minutes of the last link (409) or over the address's
 * limit of reset mails (429); then nothing is issued and the link already sent stays valid.
 */
export async function sendPasswordReset(
  deps: Deps,
  actor: Actor,
  customerId: number,
): Promise<{ to: string; locale: string; expiresAt: string }> {
  const outcome = await mailResetLink(deps, { id: customerId }, (tx, issued) =>
    record(tx, deps, actor, {
      kind: "customer.password-reset-sent",
      entityType: "Customer",
      entityId: customerId,
      after: { to: issued.to, expiresAt: issued.expiresAt.toISOString() },
    }),
  );
  if (outcome.sent)
    return { to: outcome.to, locale: outcome.locale, expiresAt: outcome.expiresAt.toISOString() };
  switch (outcome.reason) {
    case "unknown":
      throw notFound();
    case "disabled":
      throw new AppError("CONFLICT", CUSTOMER_ADMIN_MESSAGES.customerDisabled);
    case "too-soon":
      throw new AppError("CONFLICT", CUSTOMER_ADMIN_MESSAGES.resetTooSoon);
    case "over-limit":
      throw new AppError("TOO_MANY_REQUESTS", CUSTOMER_ADMIN_MESSAGES.resetOverLimit);
  }
}

/**
 * Ends every session and voids every outstanding link (reset, activation, email change, order
 * claim); until enabled, sign-in answers as for a wrong password, no reset mail goes out and no
 * link works (account/service.ts, account/tokens.ts). Disabling a disabled customer changes
 * nothing and writes no row: of two staff disabling at once, one does it.
 */
export async function disableCustomer(deps: Deps, actor: Actor, customerId: number): Promise<void> {
  await deps.db.$transaction(async (tx) => {
    const now = deps.clock.now();
    const { count } = await tx.customer.updateMany({
      where: { id: customerId, disabledAt: null },
      data: { disabledAt: now },
    });
    if (count === 0) {
      if (!(await tx.customer.count({ where: { id: customerId } }))) throw notFound();
      return;
    }
    const sessions = await tx.session.deleteMany({ where: { customerId } });
    const links = await tx.accountToken.count({ where: { customerId, usedAt: null, voidedAt: null } });
    await voidAllTokens(tx, deps, customerId);
    await record(tx, deps, actor, {
      kind: "customer.disabled",
      entityType: "Customer",
      entityId: customerId,
      before: { disabled: false },
      after: { disabled: true, sessionsEnded: sessions.count, linksVoided: links },
    });
  });
}

/** Sign-in works again (with the password the customer had); the links voided stay void. */
export async function enableCustomer(deps: Deps, actor: Actor, customerId: number): Promise<void> {
  await deps.db.$transaction(async (tx) => {
    const row = await tx.customer.findUnique({ where: { id: customerId }, select: { disabledAt: true } });
    if (!row) throw notFound();
    if (!row.disabledAt) return;
    const { count } = await tx.customer.updateMany({
      where: { id: customerId, disabledAt: row.disabledAt },
      data: { disabledAt: null },
    });
    if (count === 0) return;
    await record(tx, deps, actor, {
      kind: "customer.enabled",
      entityType: "Customer",
      entityId: customerId,
      before: { disabled: true, disabledAt: row.disabledAt.toISOString() },
      after: { disabled: false },
    });
  });
}
