import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { createMigration, applyMigrations } from "./src/db/schema-engine.ts";
const adapterFactory = new PrismaBetterSqlite3({ url: "file:/tmp/t1.db" });
const scratch = new PrismaBetterSqlite3({ url: "file:/tmp/scratch.db" });
const opts = { schemaPath: "/work/main/prisma/schema.prisma", migrationsDir: "/work/main/prisma/migrations", adapterFactory, scratch, log: ()=>{} };
console.log(await createMigration(opts, "init"));
console.log(await applyMigrations(opts));
console.log(await applyMigrations(opts));
