// The audit trail's query: its filters from the page's URL, turned into `audit.list`'s input,
// read in cursor pages (newest first).
import { useInfiniteQuery } from "@tanstack/react-query";
import { cursorPages } from "../../../lib/admin/cursor-pages.ts";
import type { Filters } from "../../../lib/admin/list-state.ts";
import { type AdminInputs, useAdminTRPC, useAdminTRPCClient } from "../../../lib/admin/trpc.ts";

export const AUDIT_FILTERS = ["actor", "kind", "entityType", "entityId", "from", "to"] as const;
export type AuditFilter = (typeof AUDIT_FILTERS)[number];

const PAGE = 50;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `operator`, or a member's number; anything else is not an actor. */
export function actorOf(value: string | undefined): "operator" | number | undefined | null {
  if (!value) return undefined;
  if (value.toLowerCase() === "operator") return "operator";
  return /^[1-9]\d{0,9}$/.test(value) && Number(value) <= 2_147_483_647 ? Number(value) : null;
}

/** The start of a calendar day (`2026-01-31`) in the reader's time zone, as an instant; `days` later. */
export function dayStart(value: string | undefined, days = 0): string | undefined {
  const m = value ? DAY.exec(value) : null;
  if (!m) return undefined;
  const date = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + days);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

type ListInput = NonNullable<AdminInputs["audit"]["list"]>;

/** The list's input for the filters in the URL: the end date counts whole (up to the next day). */
export function auditInput(filters: Filters<AuditFilter>): Omit<ListInput, "cursor"> {
  const actor = actorOf(filters.actor);
  const from = dayStart(filters.from);
  const to = dayStart(filters.to, 1);
  return {
    limit: PAGE,
    ...(actor != null ? { actor } : {}),
    ...(filters.kind ? { kind: filters.kind } : {}),
    ...(filters.entityType ? { entityType: filters.entityType } : {}),
    ...(filters.entityId ? { entityId: filters.entityId } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  };
}

export function useAuditList(filters: Filters<AuditFilter>) {
  const trpc = useAdminTRPC();
  const client = useAdminTRPCClient();
  const input = auditInput(filters);
  return useInfiniteQuery(
    cursorPages(trpc.audit.list.infiniteQueryKey(input), (cursor) =>
      client.audit.list.query({ ...input, ...(cursor ? { cursor } : {}) }),
    ),
  );
}
