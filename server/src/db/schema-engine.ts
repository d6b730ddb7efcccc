// Prisma's schema engine, run from its WebAssembly build (@prisma/schema-engine-wasm),
// so migrations are created and applied by Prisma itself on machines where the
// native engine binary cannot be downloaded. See docs/decisions/001-prisma-without-native-engines.md.
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import type { SqlDriverAdapter, SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import type { MigrationList, SchemaEngine } from "@prisma/schema-engine-wasm";
import { EXTERNAL_TABLES } from "./external-tables.ts";

const require = createRequire(import.meta.url);

type WasmBindings = typeof import("@prisma/schema-engine-wasm/schema_engine_bg");
type WasmExports = Record<string, unknown>;
// Node has WebAssembly; its types live in lib.dom, which the server does not load.
const { WebAssembly: Wasm } = globalThis as unknown as {
  WebAssembly: {
    instantiate(bytes: Uint8Array, imports: object): Promise<{ instance: { exports: WasmExports } }>;
  };
};

let bindings: Promise<WasmBindings> | undefined;

function loadBindings(): Promise<WasmBindings> {
  bindings ??= (async () => {
    const bg = (await import("@prisma/schema-engine-wasm/schema_engine_bg")) as WasmBindings & {
      __wbg_set_wasm(exports: WasmExports): void;
    };
    const wasmPath = path.join(
      path.dirname(require.resolve("@prisma/schema-engine-wasm/schema_engine_bg")),
      "schema_engine_bg.wasm",
    );
    const bytes = await readFile(wasmPath);
    const { instance } = await Wasm.instantiate(bytes, { "./schema_engine_bg.js": bg });
    bg.__wbg_set_wasm(instance.exports);
    (instance.exports as { __wbindgen_start?: () => void }).__wbindgen_start?.();
    return bg;
  })();
  return bindings;
}

export interface EngineOptions {
  schemaPath: string;
  migrationsDir: string;
  adapterFactory: SqlMigrationAwareDriverAdapterFactory;
  log?: (line: string) => void;
}

export interface OpenEngine {
  engine: SchemaEngine;
  /** Frees the engine and closes every connection it opened (else SQLite stays locked). */
  close(): Promise<void>;
}

export async function openSchemaEngine(opts: EngineOptions): Promise<OpenEngine> {
  const bg = await loadBindings();
  const schema = await readFile(opts.schemaPath, "utf8");
  const log = opts.log ?? (() => {});
  const inner = opts.adapterFactory;
  const opened: SqlDriverAdapter[] = [];
  const tracked: SqlMigrationAwareDriverAdapterFactory = {
    provider: inner.provider,
    adapterName: inner.adapterName,
    connect: async () => {
      const a = await inner.connect();
      opened.push(a);
      return a;
    },
    connectToShadowDb: async () => {
      const a = await inner.connectToShadowDb();
      opened.push(a);
      return a;
    },
  };
  const engine = await bg.SchemaEngine.new(
    { datamodels: [[path.basename(opts.schemaPath), schema]] },
    (message: string) => log(message),
    bindMigrationAwareSqlAdapterFactory(tracked),
  );
  return {
    engine,
    close: async () => {
      engine.free();
      await Promise.all(opened.map((a) => a.dispose().catch(() => {})));
    },
  };
}

const LOCKFILE = "migration_lock.toml";

export async function readMigrations(migrationsDir: string): Promise<MigrationList> {
  const lockContent = await readFile(path.join(migrationsDir, LOCKFILE), "utf8").catch(() => null);
  const entries = await readdir(migrationsDir, { withFileTypes: true }).catch(() => []);
  const dirs = await Promise.all(
    entries
      .filter((e) => e.isDirectory())
      .map(async (e) => {
        const content = await readFile(path.join(migrationsDir, e.name, "migration.sql"), "utf8").then(
          (value) => ({ tag: "ok" as const, value }),
          (err: Error) => ({ tag: "error" as const, value: err.message }),
        );
        return { path: e.name, migrationFile: { path: "migration.sql", content } };
      }),
  );
  dirs.sort((a, b) => a.path.localeCompare(b.path));
  return {
    baseDir: migrationsDir,
    lockfile: { path: LOCKFILE, content: lockContent },
    shadowDbInitScript: "",
    migrationDirectories: dirs,
  };
}

/**
 * The raw migrations' own tables (external-tables.ts), left out of every diff. PostgreSQL's
 * engine takes only names qualified by their schema (the store's tables are in `public`).
 */
function managedElsewhere(factory: SqlMigrationAwareDriverAdapterFactory) {
  const tables =
    factory.provider === "sqlite" ? [...EXTERNAL_TABLES] : EXTERNAL_TABLES.map((t) => `public.${t}`);
  return { externalTables: tables, externalEnums: [] };
}

/** Applies every migration of the folder that the database has not seen yet. */
export async function applyMigrations(opts: EngineOptions): Promise<string[]> {
  const { engine, close } = await openSchemaEngine(opts);
  try {
    const migrationsList = await readMigrations(opts.migrationsDir);
    const out = await engine.applyMigrations({
      migrationsList,
      filters: managedElsewhere(opts.adapterFactory),
    });
    return out.appliedMigrationNames;
  } finally {
    await close();
  }
}

/**
 * Writes a new migration folder with the SQL that takes the migration history to the
 * current schema. Returns its name, or null when the schema has not changed.
 *
 * The WebAssembly engine cannot open a SQLite shadow database by itself, so the
 * history is replayed into a scratch database (the factory given as `scratch`) and
 * that database is diffed against the schema: the same result `migrate dev` computes.
 */
export async function createMigration(
  opts: EngineOptions & { scratch: SqlMigrationAwareDriverAdapterFactory },
  name: string,
  now = new Date(),
): Promise<string | null> {
  const { engine, close } = await openSchemaEngine({ ...opts, adapterFactory: opts.scratch });
  try {
    const migrationsList = await readMigrations(opts.migrationsDir);
    await engine.applyMigrations({ migrationsList, filters: managedElsewhere(opts.scratch) });
    const schema = await readFile(opts.schemaPath, "utf8");
    const files = [{ path: path.basename(opts.schemaPath), content: schema }];
    const out = await engine.diff({
      from: { tag: "schemaDatasource", files, configDir: path.dirname(opts.schemaPath) },
      to: { tag: "schemaDatamodel", files },
      script: true,
      exitCode: true,
      filters: managedElsewhere(opts.scratch),
    });
    const script = out.stdout ?? "";
    if (out.exitCode !== 2 || script.trim() === "" || script.includes("This is an empty migration")) {
      return null;
    }
    return await writeMigration(opts.migrationsDir, name, now, script, "sqlite");
  } finally {
    await close();
  }
}

async function writeMigration(
  migrationsDir: string,
  name: string,
  now: Date,
  script: string,
  provider: string,
  files: Record<string, string> = {},
): Promise<string> {
  const stamp = now.toISOString().replace(/[-:T]/g, "").slice(0, 14);
  const slug =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "_")
      .replace(/^_|_$/g, "") || "migration";
  const dirName = `${stamp}_${slug}`;
  const dir = path.join(migrationsDir, dirName);
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, "migration.sql"), script);
  for (const [file, content] of Object.entries(files)) await writeFile(path.join(dir, file), content);
  await writeFile(
    path.join(migrationsDir, LOCKFILE),
    `# Please do not edit this file manually\n# It should be added in your version-control system (e.g., Git)\nprovider = "${provider}"\n`,
  );
  return dirName;
}

/** The schema file kept beside each migration made by diffing: the schema it leads to. */
export const MIGRATED_SCHEMA_FILE = "schema.prisma";

/** The schema the newest migration of the folder leads to, or null before the first. */
export async function lastMigratedSchema(migrationsDir: string): Promise<string | null> {
  const { migrationDirectories } = await readMigrations(migrationsDir);
  const last = migrationDirectories.at(-1);
  if (!last) return null;
  return readFile(path.join(migrationsDir, last.path, MIGRATED_SCHEMA_FILE), "utf8");
}

/** The SQL that takes a database from schema `from` (null: empty) to schema `to`; "" when none. */
export async function diffSchemas(opts: EngineOptions, from: string | null, to: string): Promise<string> {
  const { engine, close } = await openSchemaEngine(opts);
  try {
    const name = path.basename(opts.schemaPath);
    const out = await engine.diff({
      from:
        from === null ? { tag: "empty" } : { tag: "schemaDatamodel", files: [{ path: name, content: from }] },
      to: { tag: "schemaDatamodel", files: [{ path: name, content: to }] },
      script: true,
      exitCode: true,
      filters: managedElsewhere(opts.adapterFactory),
    });
    const script = out.stdout ?? "";
    if (out.exitCode !== 2 || script.trim() === "" || script.includes("This is an empty migration"))
      return "";
    return script;
  } finally {
    await close();
  }
}

/**
 * Writes the next migration of a history made by diffing schema files rather than a live
 * database (PostgreSQL's: the WebAssembly engine cannot read a live PostgreSQL schema here).
 * The previous schema is the copy kept beside the newest migration; the new one is kept beside
 * the migration written. Returns its name, or null when the schema has not changed.
 */
export async function createMigrationByDiff(
  opts: EngineOptions,
  name: string,
  provider: string,
  now = new Date(),
): Promise<string | null> {
  const schema = await readFile(opts.schemaPath, "utf8");
  const previous = await lastMigratedSchema(opts.migrationsDir);
  const script = await diffSchemas(opts, previous, schema);
  if (!script) return null;
  return writeMigration(opts.migrationsDir, name, now, script, provider, { [MIGRATED_SCHEMA_FILE]: schema });
}
