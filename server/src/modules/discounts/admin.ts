// The admin's discount codes: the list (search, status, uses and the sales each touched, per
// currency), one code, its creation, saves and disabling, and the code templates (the newsletter's
// welcome code). Every write happens at the version the member opened (`version`, moved by each
// write), so a save from a page opened before someone else's is refused, never written over it;
// each writes its audit row, before and after, in its own transaction.
import {
  amountToMinor,
  CATALOGUE_CURRENCIES,
  type CatalogueCurrency,
  type DiscountDisableInput,
  type DiscountFields,
  type DiscountKind,
  type DiscountListInput,
  type DiscountStatus,
  type DiscountTemplateInput,
  DISCOUNT_ADMIN_MESSAGES as M,
  ZDiscountListInput,
} from "@vela/shared/admin";
import type { Prisma } from "../../db/client.ts";
import type { Deps } from "../../deps.ts";
import { AppError } from "../../errors.ts";
import { type Actor, record } from "../audit/service.ts";

type Db = Deps["db"] | Prisma.TransactionClient;

const codeSelect = {
  id: true,
  code: true,
  kind: true,
  percentOff: true,
  email: true,
  combinable: true,
  usageLimit: true,
  perCustomerLimit: true,
  usedCount: true,
  subscriberId: true,
  createdAt: true,
  updatedAt: true,
  startsAt: true,
  expiresAt: true,
  disabledAt: true,
  version: true,
  currencies: { select: { currencyCode: true, amountOff: true, minimumSubtotal: true } },
} as const satisfies Prisma.DiscountCodeSelect;

type CodeRow = Prisma.DiscountCodeGetPayload<{ select: typeof codeSelect }>;

/** A code's terms in one currency as the form shows them: decimal text, "" for none. */
export interface CurrencyTermsText {
  amountOff: string;
  minimum: string;
}

/** The sales a code touched in one currency: the orders that used it, their totals and discounts. */
export interface DiscountSales {
  currencyCode: string;
  orders: number;
  /** The orders' totals, minor units. */
  total: number;
  /** What the code took off them, minor units. */
  discount: number;
}

export interface DiscountView {
  id: number;
  code: string;
  kind: DiscountKind;
  percentOff: number | null;
  currencies: Record<CatalogueCurrency, CurrencyTermsText>;
  startsAt: string | null;
  endsAt: string | null;
  usageLimit: number | null;
  perCustomerLimit: number | null;
  combinable: boolean;
  status: DiscountStatus;
  /** Used as often as its overall limit allows. */
  usedUp: boolean;
  timesUsed: number;
  /** Issued to one subscriber from a template (bound to their email). */
  issuedTo: string | null;
  sales: DiscountSales[];
  version: number;
  createdAt: string;
  updatedAt: string | null;
}

export interface DiscountListPage {
  discounts: DiscountView[];
  nextCursor: number | null;
}

const minorToText = (amount: number | null | undefined, currency: CatalogueCurrency): string => {
  if (amount === null || amount === undefined) return "";
  return currency === "JPY" ? String(amount) : (amount / 100).toFixed(2);
};

export function statusOf(
  row: Pick<CodeRow, "disabledAt" | "startsAt" | "expiresAt">,
  now: Date,
): DiscountStatus {
  if (row.disabledAt) return "disabled";
  if (row.startsAt && row.startsAt > now) return "scheduled";
  if (row.expiresAt && row.expiresAt <= now) return "expired";
  return "active";
}

function viewOf(row: CodeRow, sales: DiscountSales[], now: Date): DiscountView {
  const currencies = Object.fromEntries(
    CATALOGUE_CURRENCIES.map((c) => {
      const t = row.currencies.find((x) => x.currencyCode === c);
      return [c, { amountOff: minorToText(t?.amountOff, c), minimum: minorToText(t?.minimumSubtotal, c) }];
    }),
  ) as Record<CatalogueCurrency, CurrencyTermsText>;
  return {
    id: row.id,
    code: row.code,
    kind: row.kind === "AMOUNT" ? "AMOUNT" : "PERCENT",
    percentOff: row.kind === "AMOUNT" ? null : row.percentOff,
    currencies,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.expiresAt?.toISOString() ?? null,
    usageLimit: row.usageLimit,
    perCustomerLimit: row.perCustomerLimit,
    combinable: row.combinable,
    status: statusOf(row, now),
    usedUp: row.usageLimit !== null && row.usedCount >= row.usageLimit,
    timesUsed: row.usedCount,
    issuedTo: row.subscriberId !== null ? row.email : null,
    sales,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt?.toISOString() ?? null,
  };
}

/** The orders each code was used on, their totals and the discount, per currency. */
async function salesOf(db: Db, ids: number[]): Promise<Map<number, DiscountSales[]>> {
  const out = new Map<number, DiscountSales[]>();
  if (ids.length === 0) return out;
  const rows = await db.discountRedemption.findMany({
    where: { discountCodeId: { in: ids } },
    select: {
      discountCodeId: true,
      amount: true,
      order: { select: { currencyCode: true, totalAmount: true } },
    },
  });
  for (const r of rows) {
    const list = out.get(r.discountCodeId) ?? [];
    let s = list.find((x) => x.currencyCode === r.order.currencyCode);
    if (!s) {
      s = { currencyCode: r.order.currencyCode, orders: 0, total: 0, discount: 0 };
      list.push(s);
    }
    s.orders += 1;
    s.total += r.order.totalAmount;
    s.discount += r.amount;
    out.set(r.discountCodeId, list);
  }
  for (const list of out.values()) list.sort((a, b) => a.currencyCode.localeCompare(b.currencyCode));
  return out;
}

function statusWhere(status: DiscountStatus | undefined, now: Date): Prisma.DiscountCodeWhereInput {
  switch (status) {
    case "disabled":
      return { disabledAt: { not: null } };
    case "scheduled":
      return { disabledAt: null, startsAt: { gt: now } };
    case "expired":
      return {
        disabledAt: null,
        expiresAt: { lte: now },
        OR: [{ startsAt: null }, { startsAt: { lte: now } }],
      };
    case "active":
      return {
        disabledAt: null,
        AND: [
          { OR: [{ startsAt: null }, { startsAt: { lte: now } }] },
          { OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] },
        ],
      };
    default:
      return {};
  }
}

/** Newest first, searched by part of the code, filtered by status, in pages (`nextCursor`: the last id). */
export async function listDiscounts(
  deps: Pick<Deps, "db" | "clock">,
  raw: DiscountListInput,
): Promise<DiscountListPage> {
  const input = ZDiscountListInput.parse(raw);
  const now = deps.clock.now();
  const q = input.q?.toUpperCase();
  const rows = await deps.db.discountCode.findMany({
    where: {
      ...statusWhere(input.status, now),
      ...(q ? { code: { contains: q } } : {}),
      ...(input.cursor ? { id: { lt: input.cursor } } : {}),
    },
    orderBy: { id: "desc" },
    take: input.limit + 1,
    select: codeSelect,
  });
  const page = rows.slice(0, input.limit);
  const sales = await salesOf(
    deps.db,
    page.map((r) => r.id),
  );
  return {
    discounts: page.map((r) => viewOf(r, sales.get(r.id) ?? [], now)),
    nextCursor: rows.length > input.limit ? (page.at(-1)?.id ?? null) : null,
  };
}

const notFound = () => new AppError("NOT_FOUND", M.discountNotFound);
const stale = () => new AppError("CONFLICT", M.staleVersion, { reason: "staleVersion" });
const codeTaken = () =>
  new AppError("CONFLICT", M.codeTaken, { issues: [{ path: "code", message: M.codeTaken }] });
const isUniqueViolation = (err: unknown) => (err as { code?: unknown } | null)?.code === "P2002";

export async function discountForStaff(deps: Pick<Deps, "db" | "clock">, id: number): Promise<DiscountView> {
  const row = await deps.db.discountCode.findUnique({ where: { id }, select: codeSelect });
  if (!row) throw notFound();
  const sales = await salesOf(deps.db, [id]);
  return viewOf(row, sales.get(id) ?? [], deps.clock.now());
}

/** The fields as columns and per-currency rows (minor units). */
function columnsOf(input: DiscountFields) {
  const currencies = CATALOGUE_CURRENCIES.map((c) => {
    const t = input.currencies[c];
    return {
      currencyCode: c,
      amountOff: input.kind === "AMOUNT" && t.amountOff !== null ? amountToMinor(t.amountOff, c) : null,
      minimumSubtotal: t.minimum !== null ? amountToMinor(t.minimum, c) : null,
    };
  }).filter((t) => t.amountOff !== null || t.minimumSubtotal !== null);
  return {
    data: {
      code: input.code,
      kind: input.kind,
      percentOff: input.kind === "PERCENT" ? (input.percentOff ?? 0) : 0,
      combinable: input.combinable,
      usageLimit: input.usageLimit,
      perCustomerLimit: input.perCustomerLimit,
      startsAt: input.startsAt ? new Date(input.startsAt) : null,
      expiresAt: input.endsAt ? new Date(input.endsAt) : null,
    },
    currencies,
  };
}

/** What the audit row keeps of a code: its rules, not its uses. */
function snapshotOf(row: CodeRow): Record<string, unknown> {
  return {
    code: row.code,
    kind: row.kind,
    percentOff: row.percentOff,
    currencies: Object.fromEntries(
      [...row.currencies]
        .sort((a, b) => a.currencyCode.localeCompare(b.currencyCode))
        .map((c) => [c.currencyCode, { amountOff: c.amountOff, minimum: c.minimumSubtotal }]),
    ),
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.expiresAt?.toISOString() ?? null,
    usageLimit: row.usageLimit,
    perCustomerLimit: row.perCustomerLimit,
    combinable: row.combinable,
    disabled: row.disabledAt !== null,
  };
}

function changes(before: Record<string, unknown>, after: Record<string, unknown>) {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const k of Object.keys(after)) {
    if (JSON.stringify(before[k]) !== JSON.stringify(after[k])) {
      b[k] = before[k];
      a[k] = after[k];
    }
  }
  return { before: b, after: a };
}

export async function createDiscount(
  deps: Pick<Deps, "db" | "clock">,
  actor: Actor,
  input: DiscountFields,
): Promise<DiscountView> {
  const { data, currencies } = columnsOf(input);
  const now = deps.clock.now();
  try {
    const id = await deps.db.$transaction(async (tx) => {
      const row = await tx.discountCode.create({
        data: { ...data, createdAt: now, updatedAt: now, currencies: { create: currencies } },
        select: codeSelect,
      });
      await record(tx, deps, actor, {
        kind: "discount.created",
        entityType: "DiscountCode",
        entityId: row.id,
        after: { version: row.version, ...snapshotOf(row) },
      });
      return row.id;
    });
    return discountForStaff(deps, id);
  } catch (err) {
    if (isUniqueViolation(err)) throw codeTaken();
    throw err;
  }
}

export async function updateDiscount(
  deps: Pick<Deps, "db" | "clock">,
  actor: Actor,
  input: DiscountFields & { discountId: number; version: number },
): Promise<DiscountView> {
  const { data, currencies } = columnsOf(input);
  const now = deps.clock.now();
  try {
    await deps.db.$transaction(async (tx) => {
      const before = await tx.discountCode.findUnique({
        where: { id: input.discountId },
        select: codeSelect,
      });
      if (!before) throw notFound();
      // The version first: a save from an older page changes nothing, whatever else it says.
      const moved = await tx.discountCode.updateMany({
        where: { id: input.discountId, version: input.version },
        data: { ...data, updatedAt: now, version: { increment: 1 } },
      });
      if (moved.count === 0) throw stale();
      await tx.discountCodeCurrency.deleteMany({ where: { discountCodeId: input.discountId } });
      if (currencies.length)
        await tx.discountCodeCurrency.createMany({
          data: currencies.map((c) => ({ ...c, discountCodeId: input.discountId })),
        });
      const after = await tx.discountCode.findUniqueOrThrow({
        where: { id: input.discountId },
        select: codeSelect,
      });
      const diff = changes(snapshotOf(before), snapshotOf(after));
      await record(tx, deps, actor, {
        kind: "discount.updated",
        entityType: "DiscountCode",
        entityId: input.discountId,
        before: { version: before.version, ...diff.before },
        after: { version: after.version, ...diff.after },
      });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw codeTaken();
    throw err;
  }
  return discountForStaff(deps, input.discountId);
}

/** Disables (refused at checkout from now on) or enables a code, at the version opened. */
export async function setDiscountDisabled(
  deps: Pick<Deps, "db" | "clock">,
  actor: Actor,
  input: DiscountDisableInput,
): Promise<DiscountView> {
  const now = deps.clock.now();
  await deps.db.$transaction(async (tx) => {
    const before = await tx.discountCode.findUnique({
      where: { id: input.discountId },
      select: { disabledAt: true, version: true },
    });
    if (!before) throw notFound();
    if (before.version !== input.version) throw stale();
    if ((before.disabledAt !== null) === input.disabled)
      throw new AppError("CONFLICT", input.disabled ? M.alreadyDisabled : M.alreadyEnabled);
    const moved = await tx.discountCode.updateMany({
      where: { id: input.discountId, version: input.version },
      data: { disabledAt: input.disabled ? now : null, updatedAt: now, version: { increment: 1 } },
    });
    if (moved.count === 0) throw stale();
    await record(tx, deps, actor, {
      kind: input.disabled ? "discount.disabled" : "discount.enabled",
      entityType: "DiscountCode",
      entityId: input.discountId,
      before: { version: before.version, disabled: before.disabledAt !== null },
      after: { version: before.version + 1, disabled: input.disabled },
    });
  });
  return discountForStaff(deps, input.discountId);
}

// ---------------------------------------------------------------------------------------------
// Templates

export interface DiscountTemplateView {
  key: string;
  percentOff: number;
  validDays: number;
  usageLimit: number;
  combinable: boolean;
  /** Codes issued from it so far (the newsletter's: one per confirmed subscriber). */
  issued: number;
  version: number;
  updatedAt: string;
}

const templateSelect = {
  key: true,
  percentOff: true,
  validDays: true,
  usageLimit: true,
  combinable: true,
  version: true,
  updatedAt: true,
} as const satisfies Prisma.DiscountTemplateSelect;

export async function listTemplates(deps: Pick<Deps, "db">): Promise<{ templates: DiscountTemplateView[] }> {
  const rows = await deps.db.discountTemplate.findMany({ orderBy: { id: "asc" }, select: templateSelect });
  // Only the newsletter issues codes from a template today: its codes carry the subscriber.
  const issued = await deps.db.discountCode.count({ where: { subscriberId: { not: null } } });
  return {
    templates: rows.map((t) => ({ ...t, issued, updatedAt: t.updatedAt.toISOString() })),
  };
}

/** A template's rules, at the version opened; codes issued before keep theirs. */
export async function updateTemplate(
  deps: Pick<Deps, "db" | "clock">,
  actor: Actor,
  input: DiscountTemplateInput,
): Promise<{ templates: DiscountTemplateView[] }> {
  const now = deps.clock.now();
  await deps.db.$transaction(async (tx) => {
    const before = await tx.discountTemplate.findUnique({
      where: { key: input.key },
      select: templateSelect,
    });
    if (!before) throw new AppError("NOT_FOUND", M.templateNotFound);
    const { key, version, ...rules } = input;
    const moved = await tx.discountTemplate.updateMany({
      where: { key, version },
      data: { ...rules, updatedAt: now, version: { increment: 1 } },
    });
    if (moved.count === 0) throw stale();
    const { updatedAt: _u, key: _k, ...was } = before;
    const diff = changes(was, { ...rules, version: before.version + 1 });
    await record(tx, deps, actor, {
      kind: "discount-template.updated",
      entityType: "DiscountTemplate",
      entityId: key,
      before: { version: before.version, ...diff.before },
      after: { version: before.version + 1, ...diff.after },
    });
  });
  return listTemplates(deps);
}
