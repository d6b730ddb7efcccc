// Building blocks of the fuzz test (reliability/fuzz.test.ts): which targets exist, how an
// arbitrary request to one of them looks, and a digest of the database to prove that a
// refused request changed nothing.
import { createHash } from "node:crypto";
import diagnostics from "node:diagnostics_channel";
import { toGid } from "@vela/shared";
import type Database from "better-sqlite3";
import fc from "fast-check";
import type { FastifyInstance } from "fastify";

// ---------------------------------------------------------------------------------------------
// Targets

export interface RouteInfo {
  method: string;
  url: string;
}

/**
 * Records every route of every Fastify instance created while it listens. Fastify publishes
 * each new instance on the `fastify.initialization` diagnostics channel before any plugin or
 * route is registered, so an onRoute hook added there sees all of them, plugins included,
 * without a hand-written list and without changing buildApp.
 */
export function recordRoutes(): { routes: RouteInfo[]; stop(): void } {
  const routes: RouteInfo[] = [];
  const onInit = (message: unknown): void => {
    const { fastify } = message as { fastify: FastifyInstance };
    fastify.addHook("onRoute", (opts) => {
      const methods = Array.isArray(opts.method) ? opts.method : [opts.method];
      for (const method of methods) routes.push({ method: String(method).toUpperCase(), url: opts.url });
    });
  };
  diagnostics.subscribe("fastify.initialization", onInit);
  return { routes, stop: () => diagnostics.unsubscribe("fastify.initialization", onInit) };
}

/** The subset of JSON Schema that zod's toJSONSchema produces for our inputs. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
}

export interface ProcedureInfo {
  name: string;
  type: "query" | "mutation" | "subscription";
  /** The input's JSON Schema (zod's own export); undefined for procedures without input. */
  schema: JsonSchema | undefined;
}

interface ProcedureLike {
  _def: { type: string; inputs?: unknown[] };
}

interface JsonSchemaExporter {
  toJSONSchema(params: { unrepresentable: "any"; io: "input" }): unknown;
}

const hasExporter = (x: unknown): x is JsonSchemaExporter =>
  typeof x === "object" && x !== null && typeof (x as { toJSONSchema?: unknown }).toJSONSchema === "function";

/**
 * Every procedure of a tRPC router, with its input schema when the input is a zod schema
 * (several chained inputs are merged; an input we cannot describe becomes "anything").
 */
export function listProcedures(procedures: Record<string, unknown>): ProcedureInfo[] {
  return Object.entries(procedures).map(([name, p]) => {
    const def = (p as ProcedureLike)._def;
    const inputs = def.inputs ?? [];
    let schema: JsonSchema | undefined;
    for (const input of inputs) {
      let part: JsonSchema = {};
      try {
        if (hasExporter(input))
          part = input.toJSONSchema({ unrepresentable: "any", io: "input" }) as JsonSchema;
      } catch {
        part = {};
      }
      schema = schema ? mergeSchemas(schema, part) : part;
    }
    return { name, type: def.type as ProcedureInfo["type"], schema };
  });
}

function mergeSchemas(a: JsonSchema, b: JsonSchema): JsonSchema {
  if (a.properties && b.properties) {
    return {
      ...a,
      properties: { ...a.properties, ...b.properties },
      required: [...(a.required ?? []), ...(b.required ?? [])],
    };
  }
  return { allOf: [a, b] };
}

/** Word tokens of a path or a procedure name: "releaseNotes.app" -> release, note, releasenote, app. */
function tokens(text: string): Set<string> {
  const out = new Set<string>();
  for (const part of text.split(/[^A-Za-z0-9]+/)) {
    if (!part) continue;
    const words = [part, ...part.split(/(?=[A-Z])/)];
    for (const w of words) out.add(w.toLowerCase().replace(/s$/, ""));
  }
  out.delete("api");
  out.delete("");
  return out;
}

/**
 * The procedures a REST path most likely adapts (most shared words with the path; queries for
 * GET, mutations otherwise), so that its bodies and query strings often carry the right keys.
 * Only a hint for the generator: when nothing matches, every procedure's schema is used.
 */
export function schemaHints(route: RouteInfo, procedures: ProcedureInfo[]): JsonSchema[] {
  const routeTokens = tokens(route.url);
  const wantQuery = route.method === "GET" || route.method === "HEAD";
  let best = 0;
  let hits: ProcedureInfo[] = [];
  for (const p of procedures) {
    let score = 0;
    for (const t of tokens(p.name)) if (routeTokens.has(t)) score += 1;
    if (score > 0 && (p.type === "query") === wantQuery) score += 0.5;
    if (score > best) {
      best = score;
      hits = [p];
    } else if (score === best && score > 0) hits.push(p);
  }
  const pick = best >= 1 ? hits : procedures;
  return pick.map((p) => p.schema).filter((s): s is JsonSchema => s !== undefined);
}

// ---------------------------------------------------------------------------------------------
// Values seen in the database (ids, handles, slugs, emails ...), so that some generated
// inputs name things that exist and get past "not found" into the deeper code.

export type Pools = Map<string, unknown[]>;

const POOL_COLUMNS =
  /^(id|handle|slug|orderNumber|sku|model|version|code|email|language|platform|cartId|customerId|productId|variantId|orderId)$/;

/**
 * How a table's rows are put in a stable order: by rowid, or by the first column (its key) for a
 * table made WITHOUT ROWID (the search index's FTS5 shadow tables).
 */
function rowOrder(db: Database.Database, table: string): string {
  const row = db.prepare("SELECT sql FROM sqlite_master WHERE name = ?").get(table) as
    | { sql?: string }
    | undefined;
  return /WITHOUT\s+ROWID/i.test(row?.sql ?? "") ? "1" : "rowid";
}

export function readPools(db: Database.Database): Pools {
  const pools: Pools = new Map();
  const add = (key: string, value: unknown): void => {
    const list = pools.get(key) ?? [];
    if (list.length < 400 && !list.includes(value)) list.push(value);
    pools.set(key, list);
  };
  const tables = db
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '\\_%' ESCAPE '\\'",
    )
    .all() as { name: string }[];
  for (const { name: table } of tables) {
    const columns = (db.prepare(`PRAGMA table_info("${table}")`).all() as { name: string }[])
      .map((c) => c.name)
      .filter((c) => POOL_COLUMNS.test(c));
    if (!columns.length) continue;
    const sql = `SELECT ${columns.map((c) => `"${c}"`).join(", ")} FROM "${table}" ORDER BY ${rowOrder(db, table)} DESC LIMIT 40`;
    for (const row of db.prepare(sql).all() as Record<string, unknown>[]) {
      for (const [column, value] of Object.entries(row)) {
        if (value === null || value === undefined) continue;
        const v = typeof value === "bigint" ? Number(value) : value;
        add(column, v);
        if (column === "id") {
          // "cartId" finds Cart.id, "lineId" CartLine.id ...; "id" finds everything.
          add(`${table.charAt(0).toLowerCase()}${table.slice(1)}Id`, v);
          add("id", toGid(table, String(v)));
          add("id", String(v));
        }
      }
    }
  }
  const lines = pools.get("cartLineId");
  if (lines) pools.set("lineId", lines);
  return pools;
}

function poolFor(pools: Pools, key: string): unknown[] {
  if (pools.has(key)) return pools.get(key) ?? [];
  const lower = key.toLowerCase();
  for (const [k, v] of pools) if (k.toLowerCase() === lower) return v;
  if (/email/i.test(key)) return pools.get("email") ?? [];
  if (/id$/i.test(key)) return pools.get("id") ?? [];
  return [];
}

// ---------------------------------------------------------------------------------------------
// Values

/** A string "\u0001raw:1e999" in a value is written into the JSON text as the bare token 1e999. */
const RAW = "\u0001raw:";
const RAW_TOKEN = /"\\u0001raw:(?:[^"\\]|\\.)*"/g;

export function toJsonText(value: unknown): string | undefined {
  const text = JSON.stringify(value);
  return text?.replace(RAW_TOKEN, (literal) => (JSON.parse(literal) as string).slice(RAW.length));
}

/** Deep nesting, as raw JSON text: JSON.stringify itself would overflow the stack on it. */
const nested = (depth: number, asArray: boolean): string =>
  `${RAW}${(asArray ? "[" : '{"a":').repeat(depth)}1${(asArray ? "]" : "}").repeat(depth)}`;

/** Keys that have hurt JavaScript servers before. JSON.parse makes them own properties. */
const PROTO_OBJECTS: unknown[] = [
  JSON.parse('{"__proto__":{"isAdmin":true,"customerId":1}}'),
  JSON.parse('{"constructor":{"prototype":{"isAdmin":true}}}'),
  JSON.parse('{"prototype":{"polluted":1},"toString":"x","valueOf":1,"hasOwnProperty":null}'),
];

export const PROTO_KEYS = [
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "hasOwnProperty",
  "__defineGetter__",
];

const STRANGE_STRINGS = [
  "",
  " ",
  "NaN",
  "Infinity",
  "-Infinity",
  "-0",
  "1e308",
  "1e-400",
  "null",
  "undefined",
  "true",
  "0x1f",
  "0b11",
  "1_000",
  "١٢٣",
  "１２３",
  "%00",
  "%",
  "\u0000",
  "\ud800",
  "\udfff\ud800",
  "\u202e\u202d",
  "e\u0301\u0301\u0301",
  "../../etc/passwd",
  "..\\..\\windows",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  '"; DROP TABLE "Customer"; --',
  "\u0024{7*7}{{7*7}}",
  "💥".repeat(60),
  "9".repeat(400),
  "gid://vela/Order/",
  "gid://vela/Order/-1",
  "gid://vela/Order/1e3",
  "gid://other/Order/1",
  "demo@vela.test",
  "DEMO@VELA.TEST ",
  "a@b",
  "@",
];

const STRANGE_RAW_NUMBERS = [
  "-0",
  "1e308",
  "-1e308",
  "1e999",
  "-1e999",
  "1e-400",
  "9007199254740993",
  "18446744073709551616",
  "0.1e1",
  "1E2",
  "5e-324",
  "123456789012345678901234567890",
];

/** Values that are wrong almost everywhere: odd numbers, odd strings, huge, deep, unicode. */
export const weird: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.constantFrom<unknown>(...STRANGE_STRINGS), weight: 4 },
  { arbitrary: fc.constantFrom(...STRANGE_RAW_NUMBERS).map((n) => `${RAW}${n}`), weight: 2 },
  {
    arbitrary: fc.constantFrom<unknown>(
      0,
      -1,
      1.5,
      2 ** 31,
      2 ** 53,
      -(2 ** 53),
      Number.MAX_VALUE,
      Number.MIN_VALUE,
      true,
      false,
      null,
      [],
      {},
      [null],
      { "": "" },
    ),
    weight: 3,
  },
  { arbitrary: fc.constantFrom(...PROTO_OBJECTS), weight: 1 },
  { arbitrary: fc.string({ unit: "binary", maxLength: 40 }), weight: 2 },
  { arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }), weight: 2 },
  { arbitrary: fc.integer(), weight: 1 },
  { arbitrary: fc.double(), weight: 1 },
  {
    // Up to just under and just over the 64 KiB body limit.
    arbitrary: fc
      .constantFrom(256, 4_000, 20_000, 63_000, 70_000)
      .chain((n) => fc.constantFrom("x", "é", "😀", "\\").map((c) => c.repeat(Math.ceil(n / c.length)))),
    weight: 1,
  },
  {
    arbitrary: fc.tuple(fc.constantFrom(50, 1_000, 10_000), fc.boolean()).map(([d, arr]) => nested(d, arr)),
    weight: 1,
  },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 2 },
);

interface GenContext {
  pools: Pools;
  key: string | undefined;
  depth: number;
}

function typeList(schema: JsonSchema): string[] {
  if (schema.type === undefined) return [];
  return Array.isArray(schema.type) ? schema.type : [schema.type];
}

function stringFor(schema: JsonSchema, ctx: GenContext): fc.Arbitrary<unknown> {
  const maxLength = Math.min(schema.maxLength ?? 40, 300);
  const minLength = Math.min(schema.minLength ?? 0, maxLength);
  const options: fc.Arbitrary<unknown>[] = [];
  if (schema.pattern) {
    let re: RegExp | undefined;
    try {
      re = new RegExp(schema.pattern);
    } catch {
      re = undefined;
    }
    if (re) options.push(fc.stringMatching(re).filter((s) => s.length <= (schema.maxLength ?? 1e6)));
  } else {
    options.push(fc.string({ minLength, maxLength, unit: "grapheme" }));
    options.push(fc.string({ minLength, maxLength }));
  }
  if (ctx.key && /email/i.test(ctx.key)) options.push(fc.emailAddress());
  if (ctx.key === "password") options.push(fc.constant("demo-password"));
  return fc.oneof(...options);
}

function numberFor(schema: JsonSchema, integer: boolean): fc.Arbitrary<unknown> {
  const step = integer ? 1 : 0;
  const lo =
    schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + step : -1e6);
  const hi = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - step : 1e6);
  const min = Math.max(lo, -Number.MAX_SAFE_INTEGER);
  const max = Math.min(hi, Number.MAX_SAFE_INTEGER);
  if (min > max) return fc.constant(min);
  if (integer) {
    const smallMin = Math.min(Math.max(min, -(2 ** 31)), max);
    const smallMax = Math.max(Math.min(max, 2 ** 31 - 1), smallMin);
    return fc.oneof(fc.integer({ min: smallMin, max: smallMax }), fc.constantFrom(min, max));
  }
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/** A value that matches the schema most of the time (with the key's pool mixed in). */
export function valueFor(schema: JsonSchema | undefined, ctx: GenContext): fc.Arbitrary<unknown> {
  const base = valueFromSchema(schema, ctx);
  const pool = ctx.key ? poolFor(ctx.pools, ctx.key) : [];
  if (!pool.length) return base;
  return fc.oneof({ arbitrary: base, weight: 2 }, { arbitrary: fc.constantFrom(...pool), weight: 1 });
}

function valueFromSchema(schema: JsonSchema | undefined, ctx: GenContext): fc.Arbitrary<unknown> {
  if (!schema || ctx.depth > 6) return fc.jsonValue({ maxDepth: 2 });
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches?.length)
    return fc.oneof(...branches.map((b) => valueFor(b, { ...ctx, depth: ctx.depth + 1 })));
  if (schema.allOf?.length) {
    const props = schema.allOf.find((s) => s.properties);
    return valueFromSchema(props ?? schema.allOf[0], ctx);
  }
  const types = typeList(schema);
  if (!types.length && schema.properties) types.push("object");
  if (!types.length) return fc.jsonValue({ maxDepth: 2 });
  return fc.oneof(
    ...types.map((type): fc.Arbitrary<unknown> => {
      switch (type) {
        case "string":
          return stringFor(schema, ctx);
        case "integer":
          return numberFor(schema, true);
        case "number":
          return numberFor(schema, false);
        case "boolean":
          return fc.boolean();
        case "null":
          return fc.constant(null);
        case "array": {
          const maxLength = Math.min(schema.maxItems ?? 5, 5);
          const minLength = Math.min(schema.minItems ?? 0, maxLength);
          return fc.array(valueFor(schema.items, { ...ctx, depth: ctx.depth + 1 }), { minLength, maxLength });
        }
        default:
          return objectFor(schema, ctx);
      }
    }),
  );
}

function objectFor(schema: JsonSchema, ctx: GenContext): fc.Arbitrary<unknown> {
  const props = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const entries = Object.entries(props).map(([key, sub]) => {
    const arb = valueFor(sub, { ...ctx, key, depth: ctx.depth + 1 });
    return [key, required.has(key) ? arb : fc.option(arb, { nil: undefined, freq: 2 })] as const;
  });
  if (!entries.length)
    return fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 });
  return fc.record(Object.fromEntries(entries)).map((o) => {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(o)) if (v !== undefined) out[k] = v;
    return out;
  });
}

// ---------------------------------------------------------------------------------------------
// Mutations of a plausible value: right key names, wrong contents.

type Op = "replace" | "delete" | "addKey" | "wrap" | "stringify" | "nullify" | "whole";

interface Slot {
  parent: Record<string, unknown> | unknown[];
  key: string | number;
}

function slots(value: unknown, out: Slot[] = [], depth = 0): Slot[] {
  if (depth > 8 || value === null || typeof value !== "object") return out;
  if (Array.isArray(value)) {
    value.forEach((v, i) => {
      out.push({ parent: value, key: i });
      slots(v, out, depth + 1);
    });
  } else {
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      out.push({ parent: value as Record<string, unknown>, key: k });
      slots(v, out, depth + 1);
    }
  }
  return out;
}

function setSlot(slot: Slot, value: unknown): void {
  if (Array.isArray(slot.parent)) slot.parent[slot.key as number] = value;
  else
    Object.defineProperty(slot.parent, slot.key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
}

export function mutate(value: unknown, op: Op, pick: number, replacement: unknown, newKey: string): unknown {
  const copy: unknown = value === undefined ? undefined : JSON.parse(JSON.stringify(value));
  if (op === "whole" || copy === null || typeof copy !== "object") return replacement;
  const all = slots(copy);
  const objects = [copy, ...all.map((s) => (s.parent as Record<string, unknown>)[s.key as never])].filter(
    (v): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v),
  );
  const slot = all.length ? all[pick % all.length] : undefined;
  switch (op) {
    case "replace":
      if (slot) setSlot(slot, replacement);
      return copy;
    case "nullify":
      if (slot) setSlot(slot, null);
      return copy;
    case "stringify":
      if (slot) {
        const current = (slot.parent as Record<string, unknown>)[slot.key as never];
        setSlot(slot, typeof current === "string" ? Number(current) : (JSON.stringify(current) ?? ""));
      }
      return copy;
    case "wrap":
      if (slot) setSlot(slot, [(slot.parent as Record<string, unknown>)[slot.key as never]]);
      return [copy];
    case "delete":
      if (slot && !Array.isArray(slot.parent)) delete slot.parent[slot.key as string];
      else if (slot && Array.isArray(slot.parent)) slot.parent.splice(slot.key as number, 1);
      return copy;
    case "addKey": {
      const target = objects[pick % Math.max(1, objects.length)];
      if (target)
        Object.defineProperty(target, newKey, {
          value: replacement,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      return copy;
    }
  }
}

/** Arbitrary JSON bodies and inputs for a schema: plausible, mutated, weird, or any JSON at all. */
export function inputFor(schemas: JsonSchema[], pools: Pools): fc.Arbitrary<unknown> {
  const plausible: fc.Arbitrary<unknown> = schemas.length
    ? fc.oneof(...schemas.map((s) => valueFor(s, { pools, key: undefined, depth: 0 })))
    : fc.constant(undefined);
  const keyNames = [...new Set(schemas.flatMap((s) => Object.keys(s.properties ?? {})))];
  const newKey = fc.oneof(fc.constantFrom(...PROTO_KEYS, ...keyNames, "extra"), fc.string({ maxLength: 12 }));
  const mutated = fc
    .tuple(
      plausible,
      fc.constantFrom<Op>(
        "replace",
        "replace",
        "replace",
        "delete",
        "addKey",
        "wrap",
        "stringify",
        "nullify",
        "whole",
      ),
      fc.nat(),
      weird,
      newKey,
    )
    .map(([v, op, pick, w, k]) => mutate(v, op, pick, w, k));
  return fc.oneof(
    { arbitrary: plausible, weight: 3 },
    { arbitrary: mutated, weight: 5 },
    { arbitrary: weird, weight: 1 },
    { arbitrary: fc.jsonValue(), weight: 2 },
    { arbitrary: fc.constant(undefined), weight: 1 },
  );
}

// ---------------------------------------------------------------------------------------------
// Query strings

/** encodeURIComponent, except that a lone surrogate becomes its (invalid) three UTF-8-style bytes. */
export function enc(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return s.replace(/[\s\S]/gu, (ch) => {
      const cu = ch.charCodeAt(0);
      if (ch.length === 1 && cu >= 0xd800 && cu <= 0xdfff) {
        const bytes = [0xed, 0xa0 | ((cu >> 6) & 0x1f), 0x80 | (cu & 0x3f)];
        return bytes.map((b) => `%${b.toString(16).toUpperCase()}`).join("");
      }
      return encodeURIComponent(ch);
    });
  }
}

function scalarText(v: unknown): string {
  if (typeof v === "string") return v.startsWith(RAW) ? v.slice(RAW.length) : v;
  if (v === undefined) return "";
  return typeof v === "object" ? (toJsonText(v) ?? "") : String(v);
}

/** Broken percent-encodings and separators that query and path parsers have tripped on. */
export const BROKEN_ENCODINGS = [
  "%",
  "%zz",
  "%E0%A4%A",
  "%C0%AF",
  "%FF%FE",
  "%00",
  "%2F..%2F",
  "%25",
  "%u0041",
  "%ED%A0%80",
];

/** A query string (without "?") from a value: an object's keys, arrays as repeated or comma-joined. */
export function queryFor(schemas: JsonSchema[], pools: Pools): fc.Arbitrary<string> {
  const fromValue = fc.tuple(inputFor(schemas, pools), fc.boolean()).map(([value, repeat]) => {
    if (value === null || typeof value !== "object" || Array.isArray(value))
      return `q=${enc(scalarText(value))}`;
    const parts: string[] = [];
    for (const [k, v] of Object.entries(value)) {
      if (Array.isArray(v)) {
        if (repeat) for (const item of v) parts.push(`${enc(k)}=${enc(scalarText(item))}`);
        else parts.push(`${enc(k)}=${enc(v.map(scalarText).join(","))}`);
      } else parts.push(`${enc(k)}=${enc(scalarText(v))}`);
    }
    return parts.join("&");
  });
  const keyNames = [...new Set(schemas.flatMap((s) => Object.keys(s.properties ?? {})))];
  const key = fc.oneof(
    fc.constantFrom(...keyNames, ...PROTO_KEYS, "input", "batch", "a[b]", "a.b"),
    fc.string({ maxLength: 10 }),
  );
  const loose = fc
    .array(fc.tuple(key, fc.oneof(weird.map(scalarText), fc.string({ maxLength: 20 }))), { maxLength: 6 })
    .map((pairs) => pairs.map(([k, v]) => `${enc(k)}=${enc(v)}`).join("&"));
  const broken = fc
    .tuple(fc.constantFrom(...keyNames, "q", "x"), fc.constantFrom(...BROKEN_ENCODINGS))
    .map(([k, v]) => `${enc(k)}=${v}&${v}=${v}&&=&${v}`);
  const tooMany = fc
    .constantFrom(...keyNames, "k")
    .map((k) => Array.from({ length: 1500 }, (_, i) => `${enc(k)}=${i}`).join("&"));
  return fc.oneof(
    { arbitrary: fromValue, weight: 6 },
    { arbitrary: loose, weight: 3 },
    { arbitrary: broken, weight: 1 },
    { arbitrary: tooMany, weight: 1 },
    { arbitrary: fc.constant(""), weight: 1 },
  );
}

/** A path parameter: a value from the database, a strange one, or a broken encoding. */
export function paramFor(name: string, pools: Pools): fc.Arbitrary<string> {
  const pool = poolFor(pools, name).map((v) => enc(String(v)));
  const options: fc.Arbitrary<string>[] = [
    weird.map((w) => enc(scalarText(w)).slice(0, 400)),
    fc.string({ unit: "grapheme", minLength: 1, maxLength: 30 }).map(enc),
    fc.constantFrom(
      ...BROKEN_ENCODINGS,
      "..",
      ".",
      "%2e%2e",
      "a%2Fb",
      "x".repeat(250),
      "-1",
      "0",
      "1e3",
      "0x10",
    ),
    fc.integer({ min: -5, max: 100_000 }).map(String),
  ];
  if (pool.length) options.unshift(fc.constantFrom(...pool), fc.constantFrom(...pool));
  return fc.oneof(...options).filter((s) => s.length > 0);
}

// ---------------------------------------------------------------------------------------------
// Database digest

/** One hash per table, over every row of every table (blobs by length and hash). */
export function digestDatabase(db: Database.Database, tables: string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const table of tables) {
    const h = createHash("sha1");
    let rows = 0;
    for (const row of db
      .prepare(`SELECT * FROM "${table}" ORDER BY ${rowOrder(db, table)}`)
      .raw()
      .iterate() as Iterable<unknown[]>) {
      rows += 1;
      for (const cell of row) {
        if (Buffer.isBuffer(cell)) h.update(cell);
        else h.update(`${typeof cell}:${String(cell)}`);
        h.update("\u0000");
      }
      h.update("\u0001");
    }
    out.set(table, `${rows}:${h.digest("hex")}`);
  }
  return out;
}

/**
 * The tables whose rows are the store's data. RateLimitCounter is left out: counting a refused
 * attempt (a wrong password, a bogus token) is what the limits are for.
 */
export function tablesOf(db: Database.Database): string[] {
  return (
    db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'RateLimitCounter' ORDER BY name",
      )
      .all() as {
      name: string;
    }[]
  ).map((t) => t.name);
}

export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((n) => before.get(n) !== after.get(n));
}

/** A small seeded PRNG (mulberry32) for shuffling the request order reproducibly. */
export function shuffle<T>(items: T[], seed: number): T[] {
  let a = seed >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Requests

export type Session = "in" | "out" | "junk";

export interface FuzzRequest {
  /** What is being fuzzed: "trpc account.login" or "POST /api/account/login". */
  target: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  session: Session;
}

const session: fc.Arbitrary<Session> = fc.oneof(
  { arbitrary: fc.constant<Session>("in"), weight: 10 },
  { arbitrary: fc.constant<Session>("out"), weight: 8 },
  { arbitrary: fc.constant<Session>("junk"), weight: 2 },
);

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "QUERY"];

/** Origin headers: mostly same-origin (so the request reaches validation), sometimes none or foreign. */
function originHeaders(origin: string, method: string): fc.Arbitrary<Record<string, string>> {
  const foreign = fc.constantFrom<Record<string, string>>(
    { origin: "https://evil.test" },
    { origin: "null" },
    { origin: origin.replace("https:", "http:") },
    { origin: `${origin}.evil.test` },
    { origin, "sec-fetch-site": "cross-site" },
    { "sec-fetch-site": "same-site" },
    { origin: "not a url" },
  );
  return fc.oneof(
    { arbitrary: fc.constant({ origin }), weight: UNSAFE.has(method) ? 16 : 6 },
    { arbitrary: fc.constant({ origin, "sec-fetch-site": "same-origin" }), weight: 1 },
    { arbitrary: fc.constant({}), weight: 2 },
    { arbitrary: foreign, weight: 1 },
  );
}

const INVALID_JSON = [
  "{",
  "nul",
  '{"a":}',
  "\ufeff{}",
  "[1,]",
  "{'a':1}",
  "\u0000",
  '{"a":1}garbage',
  "NaN",
  "1e999",
  '"unterminated',
  "{}{}",
  " ",
  "",
];

const OTHER_TYPES: [string, string][] = [
  ["text/plain", '{"email":"demo@vela.test"}'],
  ["application/x-www-form-urlencoded", "email=demo%40vela.test&password=x"],
  [
    "multipart/form-data; boundary=x",
    '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n',
  ],
  ["application/octet-stream", "\u0000\u0001\u0002"],
  ["application/json; charset=utf-16", '{"a":1}'],
  ["application/json;charset=utf-8", "{}"],
  ["APPLICATION/JSON", "{}"],
  ["application/json-patch+json", "[]"],
  ["application/csp-report", "{}"],
  ["", "{}"],
  ["application/json, text/plain", "{}"],
];

/** A body: JSON text of an arbitrary input mostly, else broken JSON or another content type. */
export function bodyFor(input: fc.Arbitrary<unknown>): fc.Arbitrary<{ type?: string; payload?: string }> {
  const json = input.map((v) => {
    const payload = toJsonText(v);
    return payload === undefined ? {} : { type: "application/json", payload };
  });
  return fc.oneof(
    { arbitrary: json, weight: 12 },
    {
      arbitrary: fc
        .oneof(fc.constantFrom(...INVALID_JSON), fc.string({ unit: "binary", maxLength: 30 }))
        .map((payload) => ({
          type: "application/json",
          payload,
        })),
      weight: 1,
    },
    { arbitrary: fc.constantFrom(...OTHER_TYPES).map(([type, payload]) => ({ type, payload })), weight: 1 },
    { arbitrary: fc.constant({ type: "application/json" }), weight: 1 },
  );
}

function request(
  target: string,
  method: string,
  url: string,
  s: Session,
  origin: Record<string, string>,
  body: { type?: string; payload?: string } | undefined,
): FuzzRequest {
  const headers: Record<string, string> = { ...origin };
  if (body?.type !== undefined) headers["content-type"] = body.type;
  return {
    target,
    method,
    url,
    headers,
    session: s,
    ...(body?.payload !== undefined ? { payload: body.payload } : {}),
  };
}

/** Requests to one tRPC procedure: single and batched, the right method mostly, broken inputs too. */
export function procedureRequests(
  p: ProcedureInfo,
  all: ProcedureInfo[],
  pools: Pools,
  origin: string,
): fc.Arbitrary<FuzzRequest> {
  const target = `trpc ${p.name}`;
  const input = inputFor(p.schema ? [p.schema] : [], pools);
  const names = all.map((q) => q.name);
  const others = fc.array(
    fc.oneof(fc.constantFrom(...names), fc.constant(p.name), fc.string({ maxLength: 12 })),
    {
      minLength: 1,
      maxLength: 11,
    },
  );
  const method = p.type === "mutation" ? "POST" : "GET";
  const wrong = p.type === "mutation" ? "GET" : "POST";
  const asQuery = (v: unknown): string => {
    const text = toJsonText(v);
    return text === undefined ? "" : `?input=${enc(text)}`;
  };
  const single = fc
    .tuple(
      session,
      originHeaders(origin, method),
      method === "GET" ? input.map((v) => ({ v })) : bodyFor(input),
    )
    .map(([s, o, x]) =>
      "v" in x
        ? request(target, "GET", `/trpc/${p.name}${asQuery(x.v)}`, s, o, undefined)
        : request(target, "POST", `/trpc/${p.name}`, s, o, x),
    );
  const batch = fc
    .tuple(session, originHeaders(origin, method), others, fc.array(input, { minLength: 1, maxLength: 12 }))
    .map(([s, o, rest, inputs]) => {
      const path = [p.name, ...rest].map(enc).join(",");
      const body: Record<string, unknown> = {};
      inputs.forEach((v, i) => {
        if (v !== undefined) body[String(i)] = v;
      });
      const text = toJsonText(body) ?? "{}";
      return method === "GET"
        ? request(target, "GET", `/trpc/${path}?batch=1&input=${enc(text)}`, s, o, undefined)
        : request(target, "POST", `/trpc/${path}?batch=1`, s, o, { type: "application/json", payload: text });
    });
  const brokenQuery = fc
    .tuple(
      session,
      fc.oneof(
        fc.constantFrom(...INVALID_JSON).map(enc),
        fc.constantFrom(...BROKEN_ENCODINGS),
        fc.string({ maxLength: 20 }).map(enc),
        fc.constant("1&input=2"),
      ),
      fc.constantFrom("?input=", "?batch=1&input=", "?batch=x&input=", "?batch=1&"),
    )
    .map(([s, text, prefix]) =>
      request(target, "GET", `/trpc/${p.name}${prefix}${text}`, s, { origin }, undefined),
    );
  const wrongMethod = fc
    .tuple(
      session,
      originHeaders(origin, wrong),
      input,
      bodyFor(input),
      fc.constantFrom(wrong, "PUT", "DELETE", "PATCH", "OPTIONS", "QUERY", "TRACE"),
    )
    .map(([s, o, v, body, m]) =>
      m === "GET"
        ? request(target, "GET", `/trpc/${p.name}${asQuery(v)}`, s, o, undefined)
        : request(target, m, `/trpc/${p.name}`, s, o, body),
    );
  return fc.oneof(
    { arbitrary: single, weight: 12 },
    { arbitrary: batch, weight: 4 },
    { arbitrary: brokenQuery, weight: 1 },
    { arbitrary: wrongMethod, weight: 1 },
  );
}

/** Requests to one REST (or other) route: random path parameters, query strings and bodies. */
export function routeRequests(
  route: RouteInfo,
  hints: JsonSchema[],
  pools: Pools,
  origin: string,
): fc.Arbitrary<FuzzRequest> {
  const target = `${route.method} ${route.url}`;
  const segments = route.url.split("/").map((seg): fc.Arbitrary<string> => {
    if (seg.startsWith(":")) return paramFor(seg.slice(1).replace(/\(.*$/, ""), pools);
    if (seg === "*")
      return fc.array(paramFor("path", pools), { maxLength: 4 }).map((parts) => parts.join("/"));
    return fc.constant(seg);
  });
  const path = fc.tuple(...segments).map((parts) => parts.join("/"));
  const method = fc.oneof(
    { arbitrary: fc.constant(route.method), weight: 12 },
    { arbitrary: fc.constantFrom(...METHODS), weight: 1 },
  );
  const input = inputFor(hints, pools);
  return fc
    .tuple(method, path, fc.option(queryFor(hints, pools), { freq: 3 }), session, fc.nat())
    .chain(([m, p, q, s, n]) =>
      fc
        .tuple(
          originHeaders(origin, m),
          (m !== "GET" && m !== "HEAD") || n % 20 === 0
            ? fc.option(bodyFor(input), { freq: 8 })
            : fc.constant(null),
        )
        .map(([o, body]) => request(target, m, `${p}${q ? `?${q}` : ""}`, s, o, body ?? undefined)),
    );
}
