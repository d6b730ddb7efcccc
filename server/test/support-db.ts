// A fresh database for each test app, on the engine the run is for: a copy of the migrated and
// seeded SQLite template file (test/global-setup.ts), or a PostgreSQL database made from the
// migrated and seeded template database (test/global-setup-postgres.ts) with CREATE DATABASE
// ... TEMPLATE, dropped again when the app closes.
import { copyFileSync } from "node:fs";
import path from "node:path";
import type { SqlDriverAdapter } from "@prisma/driver-adapter-utils";
import { postgresAdapterFactory } from "../src/db/postgres.ts";

let counter = 0;
let admin: Promise<SqlDriverAdapter> | undefined;

/** The engine this run tests: set by the global set-up of the run's vitest project. */
export const testEngine = (): "sqlite" | "postgresql" =>
  process.env.VELA_TEST_PG_SERVER ? "postgresql" : "sqlite";

/** The URL of database `name` on the server of `url`. */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

function adminConnection(server: string): Promise<SqlDriverAdapter> {
  admin ??= postgresAdapterFactory(server, { poolSize: 2 }).connect();
  return admin;
}

export interface TestDatabase {
  url: string;
  /** Removes the database (PostgreSQL); SQLite copies go with the run's folder. */
  drop(): Promise<void>;
}

export async function freshTestDatabase(label = "t"): Promise<TestDatabase> {
  const server = process.env.VELA_TEST_PG_SERVER;
  const template = process.env.VELA_TEST_PG_TEMPLATE;
  if (server && template) {
    const name = `${template}_${label}_${process.pid}_${counter++}`.toLowerCase().replace(/[^a-z0-9_]/g, "_");
    const conn = await adminConnection(server);
    await conn.executeScript(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
    return {
      url: withDatabase(server, name),
      drop: () => conn.executeScript(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
    };
  }
  const dir = process.env.VELA_TEST_DB_DIR;
  if (!dir)
    throw new Error("VELA_TEST_DB_DIR is not set: run the tests through vitest (test/global-setup.ts)");
  const file = path.join(dir, `${label}-${process.pid}-${Date.now()}-${counter++}.db`);
  copyFileSync(path.join(dir, "template.db"), file);
  return { url: `file:${file}`, drop: async () => {} };
}
