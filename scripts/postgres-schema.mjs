// Derives prisma/postgres/schema.prisma from prisma/schema.prisma, the one source of truth for
// the models. Prisma 7 binds a schema and its generated client to one provider, so PostgreSQL
// needs its own schema file, client and migration history (docs/decisions/009-postgresql.md).
// The derivation is mechanical: the provider, and the output folder of the second client.
// Every model, field and attribute is copied as written; Prisma's own PostgreSQL types
// (text, integer, timestamp(3), bytea, boolean) are what the SQLite types map to.
//
// `node scripts/postgres-schema.mjs` writes the file; `--check` exits 1 when it is out of step.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const SOURCE = path.join(root, "prisma/schema.prisma");
export const TARGET = path.join(root, "prisma/postgres/schema.prisma");

const HEADER = `// GENERATED from prisma/schema.prisma by scripts/postgres-schema.mjs (npm run db:generate).
// Do not edit: change prisma/schema.prisma and run the script again; a test fails while this
// file is out of step. PostgreSQL migrations: npm run db:migration:postgres -- <name>.

`;

/** The PostgreSQL schema text for a SQLite schema text. */
export function postgresSchema(source) {
  let providers = 0;
  let outputs = 0;
  const body = source
    .replace(/(datasource\s+db\s*\{[^}]*?provider\s*=\s*)"sqlite"/, (_m, head) => {
      providers++;
      return `${head}"postgresql"`;
    })
    .replace(
      /(generator\s+client\s*\{[^}]*?output\s*=\s*)"\.\.\/server\/src\/generated\/prisma"/,
      (_m, head) => {
        outputs++;
        return `${head}"../../server/src/generated/prisma-postgres"`;
      },
    );
  if (providers !== 1 || outputs !== 1) {
    throw new Error(
      "prisma/schema.prisma: expected one sqlite datasource and the client output ../server/src/generated/prisma",
    );
  }
  return HEADER + body;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const want = postgresSchema(readFileSync(SOURCE, "utf8"));
  if (process.argv.includes("--check")) {
    let have = "";
    try {
      have = readFileSync(TARGET, "utf8");
    } catch {}
    if (have !== want) {
      console.error("prisma/postgres/schema.prisma is out of step: run npm run db:generate");
      process.exit(1);
    }
  } else {
    writeFileSync(TARGET, want);
  }
}
