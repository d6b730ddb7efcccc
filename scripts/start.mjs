// `npm start`: build the client and the server (server/dist, ADR 012) where their sources are
// newer than the build, migrate the database, seed it if empty, then serve with plain node.
// Environment: see docs/configuration.md (PORT, DATABASE_URL, ...).
// FRESH_DB=1 deletes the SQLite file first, or empties the PostgreSQL database (the end-to-end
// suite uses it).
import { spawnSync } from "node:child_process";
import { existsSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { CLI_ENTRY, newestMtime, SERVER_ENTRY, serverBuildIsStale } from "./build-server.mjs";
import { databaseIsReady } from "./database-ready.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function run(cmd, args, env = process.env) {
  const res = spawnSync(cmd, args, { cwd: root, stdio: "inherit", env });
  if (res.status !== 0) process.exit(res.status ?? 1);
}

const clientIndex = path.join(root, "client/index.html");
const builtIndex = path.join(root, "client/dist/index.html");
// The server renderer of public pages, built beside the client (client/vite.ssr.config.ts).
const builtRenderer = path.join(root, "client/dist-ssr/entry-server.js");
if (existsSync(clientIndex)) {
  const sources = Math.max(
    newestMtime(path.join(root, "client")),
    newestMtime(path.join(root, "packages/shared")),
    newestMtime(path.join(root, "packages/i18n")),
    newestMtime(path.join(root, "packages/device")),
  );
  if (!existsSync(builtIndex) || !existsSync(builtRenderer) || statSync(builtIndex).mtimeMs < sources) {
    console.info("building the client...");
    run("npm", ["run", "build", "-w", "@vela/client"]);
  }
}

if (serverBuildIsStale()) {
  console.info("building the server...");
  // In a child process: the serving process below never loads esbuild.
  run(process.execPath, ["scripts/build-server.mjs", "--force"]);
}

if (process.env.FRESH_DB === "1") {
  const url = process.env.DATABASE_URL ?? "";
  if (url.startsWith("file:")) {
    const file = path.resolve(root, url.slice(5));
    for (const s of ["", "-wal", "-shm", "-journal"]) rmSync(file + s, { force: true });
  } else if (/^postgres(ql)?:\/\//.test(url)) {
    // PostgreSQL: the database emptied, migrated and seeded again (npm run db:reset).
    run(process.execPath, [CLI_ENTRY, "reset"]);
  }
}

// Migrate and seed when there is something to do; a migrated, seeded database is told by two reads
// (database-ready.mjs), without the second process and Prisma's schema engine.
const databaseUrl = process.env.DATABASE_URL ?? "file:./data/store.db";
if (process.env.FRESH_DB === "1" || !(await databaseIsReady(root, databaseUrl))) {
  run(process.execPath, [CLI_ENTRY, "prepare"]);
}

// The server runs in this process (no second node beside it): stack traces through the source maps,
// and main.js's own SIGINT/SIGTERM handling (drain, close, exit).
process.setSourceMapsEnabled(true);
process.chdir(root);
await import(pathToFileURL(SERVER_ENTRY).href);
