// Reads that skip Prisma's client. A Prisma call carries a fixed cost (its request pipeline and
// query interpreter, 40% of a profile request's CPU) that dwarfs a one-row read; the reads every
// signed-in request makes (the session, the profile) send their statement straight to the driver
// adapter Prisma itself uses: the same connection or pool, SQLite's statement cache and
// serialisation (client.ts), and the same statement reporting in tests. Each statement has a twin
// per engine (twinFor) answering one JSON text, parsed once, so both engines hand back the same values.
import type { ArgType, SqlDriverAdapter } from "@prisma/driver-adapter-utils";
import { type Db, type Prisma, twinFor } from "./client.ts";

/** The adapter a client connected through; cleared when Prisma disposes of it. */
export interface AdapterSlot {
  current?: SqlDriverAdapter;
}

const slots = new WeakMap<object, AdapterSlot>();

/** The slot a client's adapter factory fills on connect (createDb). */
export function newAdapterSlot(): AdapterSlot {
  return {};
}

/** Remembers `adapter` in `slot` until Prisma disposes of it. */
export function fillSlot(slot: AdapterSlot, adapter: SqlDriverAdapter): SqlDriverAdapter {
  slot.current = adapter;
  const dispose = adapter.dispose.bind(adapter);
  adapter.dispose = () => {
    if (slot.current === adapter) slot.current = undefined;
    return dispose();
  };
  return adapter;
}

export function registerSlot(db: object, slot: AdapterSlot): void {
  slots.set(db, slot);
}

export type DirectArg = string | number | Date;

const STRING: ArgType = { scalarType: "string", arity: "scalar" };
const INT: ArgType = { scalarType: "int", arity: "scalar" };
// The adapter writes a Date as Prisma writes it (SQLite: ISO text with +00:00), so comparisons
// with stored dates are the ones Prisma's own queries make.
const DATETIME: ArgType = { scalarType: "datetime", arity: "scalar" };
const UNKNOWN: ArgType = { scalarType: "unknown", arity: "scalar" };
const argType = (a: unknown): ArgType =>
  typeof a === "string" ? STRING : typeof a === "number" ? INT : a instanceof Date ? DATETIME : UNKNOWN;

/** The driver adapter a client's direct reads go to, connected (tests put failures there). */
export async function directAdapterOf(db: Db): Promise<SqlDriverAdapter> {
  const slot = slots.get(db);
  if (!slot) throw new Error("direct reads need a client made by createDb");
  if (!slot.current) await db.$connect();
  if (!slot.current) throw new Error("the database client did not connect");
  return slot.current;
}

/** The first row's first column of `sql` (one statement, the engine's own placeholders), or null. */
export async function readText(db: Db, sql: string, args: readonly unknown[]): Promise<string | null> {
  const slot = slots.get(db);
  if (!slot) throw new Error("direct reads need a client made by createDb");
  if (!slot.current) await db.$connect();
  const adapter = slot.current;
  if (!adapter) throw new Error("the database client did not connect");
  const result = await adapter.queryRaw({ sql, args: [...args], argTypes: args.map(argType) });
  const text = result.rows[0]?.[0];
  return typeof text === "string" ? text : null;
}

/** readText's answer parsed as JSON. */
export async function readJson<T>(db: Db, sql: string, args: DirectArg[]): Promise<T | null> {
  const text = await readText(db, sql, args);
  return text === null ? null : (JSON.parse(text) as T);
}

/** A Prisma.sql statement read directly: its text with the placeholders of the engine behind `db`. */
export function readSqlText(db: Db, statement: Prisma.Sql): Promise<string | null> {
  return readText(db, twinFor(db, { sqlite: statement.sql, postgresql: statement.text }), statement.values);
}
