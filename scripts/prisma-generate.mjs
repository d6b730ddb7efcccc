// Runs `prisma generate` without the native schema engine, for both clients: SQLite's from
// prisma/schema.prisma and PostgreSQL's from prisma/postgres/schema.prisma, which is derived
// from it first (scripts/postgres-schema.mjs). The CLI tries to download that engine at
// start-up, and its host is unreachable here; pointing PRISMA_SCHEMA_ENGINE_BINARY at any
// existing file skips the download, and the `prisma-client` generator itself runs on
// WebAssembly (docs/decisions/001-prisma-without-native-engines.md).
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { postgresSchema, SOURCE, TARGET } from "./postgres-schema.mjs";

writeFileSync(TARGET, postgresSchema(readFileSync(SOURCE, "utf8")));

const require = createRequire(import.meta.url);
const cli = require.resolve("prisma/build/index.js");
for (const schema of ["prisma/schema.prisma", "prisma/postgres/schema.prisma"]) {
  const result = spawnSync(process.execPath, [cli, "generate", "--schema", schema], {
    stdio: "inherit",
    env: {
      ...process.env,
      PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? process.execPath,
      PRISMA_HIDE_UPDATE_MESSAGE: "1",
      CHECKPOINT_DISABLE: "1",
    },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
