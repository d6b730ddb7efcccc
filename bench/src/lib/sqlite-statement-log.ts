// Loaded into the server process with `--import` when a bench wants the SQL a request runs on
// SQLite: every statement better-sqlite3 executes is appended to BENCH_SQL_LOG as one JSON line
// ({sql, args}), so that the bench can ask SQLite for its plan (EXPLAIN QUERY PLAN) with the same
// values. better-sqlite3 is CommonJS, so the server's import gets the same module and prototypes.
import { appendFileSync } from "node:fs";
import Database from "better-sqlite3";

const file = process.env.BENCH_SQL_LOG;

/** Values as JSON can carry them (a Buffer or a bigint becomes null or text; plans do not depend on them). */
const plain = (v: unknown): unknown =>
  typeof v === "bigint" ? Number(v) : v === null || ["string", "number"].includes(typeof v) ? v : null;

if (file) {
  const probe = new Database(":memory:");
  const statementProto = Object.getPrototypeOf(probe.prepare("SELECT 1")) as Record<
    string,
    (...args: unknown[]) => unknown
  >;
  probe.close();
  for (const method of ["run", "get", "all", "iterate"]) {
    const original = statementProto[method];
    if (typeof original !== "function") continue;
    statementProto[method] = function (this: { source: string }, ...args: unknown[]) {
      // Bound once with bind() (the statement cache), or given here.
      const given = args.length === 1 && Array.isArray(args[0]) ? args[0] : args;
      appendFileSync(file, `${JSON.stringify({ sql: this.source, args: given.map(plain) })}\n`);
      return original.apply(this, args);
    };
  }
  const bind = statementProto.bind;
  if (typeof bind === "function") {
    statementProto.bind = function (this: { source: string }, ...args: unknown[]) {
      const given = args.length === 1 && Array.isArray(args[0]) ? args[0] : args;
      appendFileSync(file, `${JSON.stringify({ sql: this.source, args: given.map(plain), bound: true })}\n`);
      return bind.apply(this, args);
    };
  }
}
