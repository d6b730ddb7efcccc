import { type Db, engineOfClient } from "./client.ts";

/**
 * After rows were written with explicit ids (the demo orders keep their numbers), moves each
 * PostgreSQL id sequence past the largest id of its table, so the next row the database numbers
 * does not collide. SQLite's AUTOINCREMENT already counts from the largest id: nothing to do.
 */
export async function syncIdSequences(db: Db): Promise<void> {
  if (engineOfClient(db) !== "postgresql") return;
  await db.$executeRawUnsafe(`
    DO $$
    DECLARE r record;
    BEGIN
      FOR r IN
        SELECT s.oid::regclass::text AS seq, t.oid::regclass::text AS tbl, a.attname AS col
          FROM pg_class s
          JOIN pg_depend d ON d.objid = s.oid AND d.deptype = 'a'
          JOIN pg_class t ON t.oid = d.refobjid
          JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = d.refobjsubid
         WHERE s.relkind = 'S'
      LOOP
        EXECUTE format('SELECT setval(%L, COALESCE((SELECT max(%I) FROM %s), 0) + 1, false)', r.seq, r.col, r.tbl);
      END LOOP;
    END $$`);
}
