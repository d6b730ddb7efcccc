// The audit trail: `record` writes one row inside the caller's transaction, so a change and its
// row commit together or not at all; `list` reads them newest first, in cursor pages. Nothing
// here updates or deletes a row (and the database refuses both: the migration's triggers).
import type { AuditListInput } from "@vela/shared/admin";
import { ZAuditListInput } from "@vela/shared/admin";
import type { Prisma } from "../../db/client.ts";
import type { Deps } from "../../deps.ts";

/**
 * Who made a change: a signed-in member of staff (from an address), the operator's command line,
 * or a customer acting on their own order (a return request: `customerId` null for a guest with
 * the shipping mail's link, `email` the order's).
 */
export type Actor =
  | { type: "staff"; staffId: number; email: string; ip: string | null }
  | { type: "operator" }
  | { type: "customer"; customerId: number | null; email: string; ip: string | null };

export const OPERATOR: Actor = { type: "operator" };

export interface AuditEventInput {
  /** `area.event`, e.g. `staff.created` */
  kind: string;
  entityType: string;
  entityId: string | number;
  /** The entity's relevant fields before and after; omitted where there is none. Never a secret. */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

type Tx = Pick<Prisma.TransactionClient, "auditEvent">;

export async function record(
  tx: Tx,
  deps: Pick<Deps, "clock">,
  actor: Actor,
  event: AuditEventInput,
): Promise<void> {
  await tx.auditEvent.create({
    data: {
      createdAt: deps.clock.now(),
      actorType: actor.type,
      actorId: actor.type === "staff" ? actor.staffId : actor.type === "customer" ? actor.customerId : null,
      actorLabel: actor.type === "operator" ? "operator" : actor.email,
      ip: actor.type === "operator" ? null : actor.ip,
      kind: event.kind,
      entityType: event.entityType,
      entityId: String(event.entityId),
      before: event.before ? JSON.stringify(event.before) : null,
      after: event.after ? JSON.stringify(event.after) : null,
    },
  });
}

export interface AuditEventRow {
  id: number;
  createdAt: string;
  actor:
    | { type: "staff"; staffId: number | null; label: string }
    | { type: "operator"; label: string }
    | { type: "customer"; customerId: number | null; label: string };
  ip: string | null;
  kind: string;
  entityType: string;
  entityId: string;
  before: unknown;
  after: unknown;
}

const parse = (text: string | null): unknown => (text === null ? null : JSON.parse(text));

/** Newest first; `nextCursor` is the id to pass as `cursor` for the page after, null on the last page. */
export async function list(
  deps: Pick<Deps, "db">,
  raw: AuditListInput,
): Promise<{ events: AuditEventRow[]; nextCursor: number | null }> {
  const input = ZAuditListInput.parse(raw);
  const where: Prisma.AuditEventWhereInput = {
    ...(input.actor === "operator"
      ? { actorType: "operator" }
      : input.actor !== undefined
        ? { actorType: "staff", actorId: input.actor }
        : {}),
    ...(input.kind ? { kind: input.kind } : {}),
    ...(input.entityType ? { entityType: input.entityType } : {}),
    ...(input.entityId ? { entityId: input.entityId } : {}),
    ...(input.from || input.to
      ? {
          createdAt: {
            ...(input.from ? { gte: new Date(input.from) } : {}),
            ...(input.to ? { lt: new Date(input.to) } : {}),
          },
        }
      : {}),
    ...(input.cursor ? { id: { lt: input.cursor } } : {}),
  };
  const rows = await deps.db.auditEvent.findMany({
    where,
    orderBy: { id: "desc" },
    take: input.limit + 1,
  });
  const page = rows.slice(0, input.limit);
  return {
    events: page.map((r) => ({
      id: r.id,
      createdAt: r.createdAt.toISOString(),
      actor:
        r.actorType === "staff"
          ? { type: "staff" as const, staffId: r.actorId, label: r.actorLabel }
          : r.actorType === "customer"
            ? { type: "customer" as const, customerId: r.actorId, label: r.actorLabel }
            : { type: "operator" as const, label: r.actorLabel },
      ip: r.ip,
      kind: r.kind,
      entityType: r.entityType,
      entityId: r.entityId,
      before: parse(r.before),
      after: parse(r.after),
    })),
    nextCursor: rows.length > input.limit ? (page.at(-1)?.id ?? null) : null,
  };
}

export const audit = { record, list };
