// The PostgreSQL run of the server suite (vitest.postgres.config.ts): a server from
// TEST_DATABASE_URL (its role needs CREATEDB), or else a throwaway cluster started here from the
// machine's PostgreSQL binaries and removed at the end. One template database is migrated and
// seeded; each test app gets its own copy (test/support-db.ts).

import { standaloneDeps } from "../src/cli/standalone-deps.ts";
import { loadConfig } from "../src/config.ts";
import { migrateDatabase } from "../src/db/migrate.ts";
import { postgresAdapterFactory } from "../src/db/postgres.ts";
import { startThrowawayCluster } from "../src/db/postgres-cluster.ts";
import { seedDatabase } from "../src/seed/demo.ts";
import { withDatabase } from "./support-db.ts";

export default async function setup(): Promise<() => Promise<void>> {
  const given = process.env.TEST_DATABASE_URL;
  const cluster = given ? null : await startThrowawayCluster();
  const server = given ?? cluster?.url;
  if (!server) {
    throw new Error("no PostgreSQL for the PostgreSQL run: set TEST_DATABASE_URL or install postgresql");
  }
  const template = `vela_test_${process.pid}_${Date.now()}`;
  const url = withDatabase(server, template);
  await migrateDatabase(url);
  const deps = standaloneDeps(
    loadConfig({ NODE_ENV: "test", DATABASE_URL: url, SESSION_SECRET: "t".repeat(43) }),
  );
  await seedDatabase(deps);
  await deps.db.$disconnect();
  // Test workers are started after this and inherit the environment.
  process.env.VELA_TEST_PG_SERVER = server;
  process.env.VELA_TEST_PG_TEMPLATE = template;
  return async () => {
    if (cluster) {
      cluster.stop();
      return;
    }
    // A server we were given: remove the template and whatever copies a failed test left.
    const conn = await postgresAdapterFactory(server, { poolSize: 1 }).connect();
    try {
      const rows = await conn.queryRaw({
        sql: "SELECT datname FROM pg_database WHERE datname LIKE $1",
        args: [`${template}%`],
        argTypes: [{ scalarType: "string", arity: "scalar" }],
      });
      for (const [name] of rows.rows)
        await conn.executeScript(`DROP DATABASE IF EXISTS "${String(name)}" WITH (FORCE)`);
    } finally {
      await conn.dispose();
    }
  };
}
