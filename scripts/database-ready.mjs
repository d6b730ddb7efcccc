// Whether `npm start` can serve at once: every migration the build ships is applied and the store
// has data. Two reads straight through the engine's driver (the same statements as /readyz,
// server/src/db/readiness.ts), instead of a second process that loads Prisma's schema engine
// (about a second of CPU) to find nothing to do. Anything it cannot tell (no file yet, no
// migrations table, the database unreachable) answers false, and start.mjs prepares the database
// the long way (cli.js prepare: migrate, seed when empty).
import { existsSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const APPLIED = `SELECT "migration_name" FROM "_prisma_migrations" WHERE "finished_at" IS NOT NULL AND "rolled_back_at" IS NULL`;
// Seeded unless both are empty (seed/demo.ts, isEmpty).
const SEEDED = `SELECT CASE WHEN EXISTS (SELECT 1 FROM "Product") OR EXISTS (SELECT 1 FROM "Customer") THEN 1 ELSE 0 END AS "seeded"`;

/** The migrations a build ships for an engine: the folders that hold a migration.sql. */
function shipped(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(path.join(dir, e.name, "migration.sql")))
    .map((e) => e.name);
}

function judge(names, applied, seeded) {
  const done = new Set(applied);
  return names.every((n) => done.has(n)) && Number(seeded) === 1;
}

/**
 * @param {string} root the repository
 * @param {string} url DATABASE_URL as the server reads it (`file:` relative to the repository)
 * @returns {Promise<boolean>}
 */
export async function databaseIsReady(root, url) {
  const require = createRequire(path.join(root, "server/package.json"));
  try {
    if (url.startsWith("file:")) {
      const file = url.slice("file:".length);
      const full = path.isAbsolute(file) ? file : path.resolve(root, file);
      if (!existsSync(full)) return false;
      const Database = require("better-sqlite3");
      const db = new Database(full, { readonly: true, fileMustExist: true });
      try {
        const applied = db
          .prepare(APPLIED)
          .all()
          .map((r) => r.migration_name);
        const { seeded } = db.prepare(SEEDED).get();
        return judge(shipped(path.join(root, "prisma/migrations")), applied, seeded);
      } finally {
        db.close();
      }
    }
    if (/^postgres(ql)?:\/\//.test(url)) {
      const pg = require("pg");
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
      await client.connect();
      try {
        const applied = (await client.query(APPLIED)).rows.map((r) => r.migration_name);
        const { seeded } = (await client.query(SEEDED)).rows[0];
        return judge(shipped(path.join(root, "prisma/postgres/migrations")), applied, seeded);
      } finally {
        await client.end();
      }
    }
  } catch {
    return false;
  }
  return false;
}
