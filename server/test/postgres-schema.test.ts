// The PostgreSQL schema is derived from prisma/schema.prisma, never edited by hand, and its
// migration history leads to exactly that schema: a change to the models that was not carried
// over (npm run db:generate, npm run db:migration:postgres) fails here.
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT_DIR } from "../src/config.ts";
import { POSTGRES_MIGRATIONS_DIR, POSTGRES_SCHEMA_PATH, SCHEMA_PATH } from "../src/db/migrate.ts";

const read = (file: string) => readFileSync(file, "utf8");

describe("prisma/postgres/schema.prisma", () => {
  it("is what scripts/postgres-schema.mjs derives from prisma/schema.prisma", () => {
    const res = spawnSync(process.execPath, [path.join(ROOT_DIR, "scripts/postgres-schema.mjs"), "--check"], {
      encoding: "utf8",
    });
    expect(res.stderr).toBe("");
    expect(res.status).toBe(0);
  });

  it("differs from the SQLite schema only in provider, client output and its header", () => {
    const sqlite = read(SCHEMA_PATH).split("\n");
    const postgres = read(POSTGRES_SCHEMA_PATH).split("\n");
    const header = postgres.slice(0, postgres.length - sqlite.length);
    expect(header.join("\n")).toContain("GENERATED from prisma/schema.prisma");
    const changed = postgres
      .slice(header.length)
      .map((line, i) => [sqlite[i], line] as const)
      .filter(([a, b]) => a !== b);
    expect(changed).toEqual([
      [
        '  output       = "../server/src/generated/prisma"',
        '  output       = "../../server/src/generated/prisma-postgres"',
      ],
      ['  provider = "sqlite"', '  provider = "postgresql"'],
    ]);
  });

  it("is the schema the newest PostgreSQL migration leads to", () => {
    const folders = readdirSync(POSTGRES_MIGRATIONS_DIR, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort();
    expect(folders[0]).toMatch(/_init$/);
    const newest = folders.at(-1) ?? "";
    expect(
      read(path.join(POSTGRES_MIGRATIONS_DIR, newest, "schema.prisma")),
      "prisma/schema.prisma changed without a PostgreSQL migration: npm run db:migration:postgres -- <name>",
    ).toBe(read(POSTGRES_SCHEMA_PATH));
    expect(read(path.join(POSTGRES_MIGRATIONS_DIR, "migration_lock.toml"))).toContain(
      'provider = "postgresql"',
    );
  });
});
