import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";

const adapterFactory = new PrismaBetterSqlite3({ url: "file:/tmp/t1.db" });
const scratch = new PrismaBetterSqlite3({ url: "file:/tmp/scratch.db" });
const _opts = {
  schemaPath: "/work/main/prisma/schema.prisma",
  migrationsDir: "/work/main/prisma/migrations",
  adapterFactory,
  scratch,
  log: () => {},
};
