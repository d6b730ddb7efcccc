// The database engines a benchmark run measures: SQLite always, PostgreSQL beside it when one is
// at hand (the server of BENCH_DATABASE_URL, whose role needs CREATEDB, or else a throwaway
// cluster from the machine's PostgreSQL binaries, the one the test suite uses). Each suite run
// gets a new database of its own, migrated and seeded as `npm start` does it.
import { rmSync } from "node:fs";
import path from "node:path";
import { postgresAdapterFactory } from "../../../server/src/db/postgres.ts";
import { startThrowawayCluster } from "../../../server/src/db/postgres-cluster.ts";
import type { Engine } from "./report.ts";
import { prepareDatabase, prepareDatabaseUrl, scratchDir } from "./server-process.ts";

export interface BenchDatabase {
  engine: Engine;
  url: string;
  /** Removes the database (the SQLite file's folder, or the PostgreSQL database). */
  drop(): Promise<void>;
}

/** Makes a new database for one suite run on one engine. */
export type DatabaseMaker = (label: string) => Promise<BenchDatabase>;

export function sqliteDatabase(label: string): Promise<BenchDatabase> {
  const dir = scratchDir(label);
  const file = path.join(dir, "store.db");
  prepareDatabase(file);
  return Promise.resolve({
    engine: "sqlite",
    url: `file:${file}`,
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  });
}

export interface PostgresForBench {
  /** The server's URL (any database name; each suite gets its own database on it). */
  server: string;
  database: DatabaseMaker;
  /** Stops and removes a throwaway cluster; leaves a given server as it was. */
  close(): Promise<void>;
}

let serial = 0;

/** PostgreSQL for this run, or null (with the reason) when there is none. */
export async function postgresForBench(): Promise<PostgresForBench | { none: string }> {
  const given = process.env.BENCH_DATABASE_URL;
  const cluster = given ? null : await startThrowawayCluster();
  const server = given ?? cluster?.url;
  if (!server) return { none: "no BENCH_DATABASE_URL and no PostgreSQL binaries on this machine" };
  const admin = await postgresAdapterFactory(server, { poolSize: 1 }).connect();
  const made: string[] = [];
  return {
    server,
    async database(label) {
      const name = `vela_bench_${process.pid}_${label}_${serial++}`.replace(/[^a-z0-9_]/g, "_");
      made.push(name);
      const url = new URL(server);
      url.pathname = `/${name}`;
      // prepare creates the database when the server lacks it, then migrates and seeds it.
      prepareDatabaseUrl(url.toString());
      return {
        engine: "postgresql",
        url: url.toString(),
        drop: () => admin.executeScript(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
      };
    },
    async close() {
      if (given) {
        for (const name of made) await admin.executeScript(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      }
      await admin.dispose();
      cluster?.stop();
    },
  };
}
