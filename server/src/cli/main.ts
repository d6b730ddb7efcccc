// npm run db:migrate | db:seed [-- --fixtures <file.json>] | db:reset | db:migration -- <name>
//   | db:migration:postgres -- <name> | db:fixtures-schema | customers -- invite <email> [first] [last] [--lang ja-JP]
//   | orders -- <command> (cli/orders.ts)
//   | staff -- <command> (cli/staff.ts)
//   | db:populate [-- --orders N --customers N --products N] (seed/populate.ts)
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { ZRegisterInput } from "@vela/shared";
import { fixturesJsonSchema } from "@vela/shared/fixtures";
import { loadConfig, ROOT_DIR } from "../config.ts";
import { engineOf } from "../db/engine.ts";
import {
  createMigrationFromSchema,
  createPostgresMigration,
  migrateDatabase,
  resetDatabase,
} from "../db/migrate.ts";
import { startThrowawayCluster } from "../db/postgres-cluster.ts";
import { inviteCustomer } from "../modules/account/service.ts";
import { isEmpty, seedDatabase } from "../seed/demo.ts";
import { FIXTURES_SCHEMA_FILE, FixturesError, loadFixtures } from "../seed/fixtures.ts";
import { POPULATE_DEFAULTS, POPULATED_PASSWORD, type PopulateProgress, populate } from "../seed/populate.ts";
import { fillMissingStoredHtml } from "../seed/stored-html.ts";
import { runOrdersCommand } from "./orders.ts";
import { runStaffCommand } from "./staff.ts";
import { standaloneDeps } from "./standalone-deps.ts";
import { requireStoreAddress } from "./store-address.ts";
import { forTerminal, linesForTerminal } from "./terminal-text.ts";

const [command, ...args] = process.argv.slice(2);
const config = loadConfig();

async function seed(onlyIfEmpty: boolean): Promise<void> {
  const deps = standaloneDeps(config);
  try {
    if (onlyIfEmpty && !(await isEmpty(deps.db))) {
      console.info("database already has data; seed skipped");
      return;
    }
    await seedDatabase(deps);
    console.info("seeded");
  } finally {
    await deps.db.$disconnect();
  }
}

/** Texts saved before their HTML was stored beside the markdown get it once, after migrating (ADR 017). */
async function fillStoredHtml(): Promise<void> {
  const deps = standaloneDeps(config);
  try {
    const filled = await fillMissingStoredHtml(deps.db);
    if (filled) console.info(`stored the HTML of ${filled} posts and release notes`);
  } finally {
    await deps.db.$disconnect();
  }
}

/** Loads a fixtures file into a migrated database; a relative path is read from the repository root, as DATABASE_URL. */
async function seedFixtures(file: string): Promise<void> {
  const full = path.resolve(ROOT_DIR, file);
  let input: unknown;
  try {
    input = JSON.parse(readFileSync(full, "utf8"));
  } catch (err) {
    throw new Error(`cannot read ${file}: ${err instanceof Error ? err.message : String(err)}`);
  }
  // A customer without a password is invited: an activation mail with a link to the store.
  if (invitesSomeone(input)) requireStoreAddress(config);
  await migrateDatabase(config.databaseUrl);
  const deps = standaloneDeps(config);
  try {
    const s = await loadFixtures(deps, input);
    console.info(
      forTerminal(
        `loaded ${file}: ${s.products} products, ${s.customers} customers (${s.invited} invited), ` +
          `${s.addresses} addresses, ${s.orders} orders, ${s.carts.length} carts${s.carts.length ? ` (${s.carts.join(", ")})` : ""}`,
      ),
    );
  } catch (err) {
    if (err instanceof FixturesError) throw new Error(`${file}: ${err.message}`);
    throw err;
  } finally {
    await deps.db.$disconnect();
  }
}

function invitesSomeone(input: unknown): boolean {
  const customers = (input as { customers?: unknown } | null)?.customers;
  return (
    Array.isArray(customers) &&
    customers.some((c) => typeof c === "object" && c !== null && !("password" in c && c.password))
  );
}

/** The invitation's email and name, by the rules of the store's own sign-up form. */
function inviteeOf(email: string, firstName: string, lastName: string) {
  const parsed = ZRegisterInput.pick({ email: true, firstName: true, lastName: true }).safeParse({
    email,
    firstName,
    lastName,
  });
  if (!parsed.success) throw new Error(parsed.error.issues.map((i) => i.message).join("\n"));
  return parsed.data;
}

/** A progress bar on a terminal; a line at every tenth elsewhere (a CI log). */
function progressBar(): PopulateProgress {
  const tty = process.stderr.isTTY === true;
  let lastTenth = -1;
  return (phase, done, total) => {
    const share = total === 0 ? 1 : done / total;
    if (tty) {
      const width = 30;
      const filled = Math.round(share * width);
      process.stderr.write(
        `\r${phase.padEnd(9)} [${"#".repeat(filled)}${" ".repeat(width - filled)}] ${done}/${total}${done === total ? "\n" : ""}`,
      );
      return;
    }
    const tenth = Math.floor(share * 10);
    if (tenth !== lastTenth || done === total) console.info(`${phase}: ${done}/${total}`);
    lastTenth = done === total ? -1 : tenth;
  };
}

/** npm run db:populate: a store at a real size on top of the migrated, seeded one. */
async function populateStore(): Promise<void> {
  const count = { type: "string" } as const;
  const { values } = parseArgs({ args, options: { orders: count, customers: count, products: count } });
  const counts = { ...POPULATE_DEFAULTS };
  for (const key of ["orders", "customers", "products"] as const) {
    const given = values[key];
    if (given === undefined) continue;
    const n = Number(given);
    if (!Number.isInteger(n) || n < 0 || n > 10_000_000) {
      throw new Error(`--${key} must be a whole number from 0 to 10000000 (got ${forTerminal(given)})`);
    }
    counts[key] = n;
  }
  await migrateDatabase(config.databaseUrl);
  const deps = standaloneDeps(config);
  try {
    if (await isEmpty(deps.db)) await seedDatabase(deps);
    const s = await populate(deps.db, counts, progressBar());
    console.info(
      `added ${s.products} products (${s.variants} variants), ${s.customers} customers and ${s.orders} orders ` +
        `(${s.lines} lines) in ${(s.ms / 1000).toFixed(1)} s; every added customer signs in with "${POPULATED_PASSWORD}"`,
    );
  } finally {
    await deps.db.$disconnect();
  }
}

async function main(): Promise<void> {
  switch (command) {
    case "populate":
      return populateStore();
    case "migrate": {
      const applied = await migrateDatabase(config.databaseUrl);
      console.info(applied.length ? `applied: ${applied.join(", ")}` : "database is up to date");
      return fillStoredHtml();
    }
    case "seed": {
      const { values } = parseArgs({ args, options: { fixtures: { type: "string" } } });
      return values.fixtures ? seedFixtures(values.fixtures) : seed(false);
    }
    case "fixtures-schema": {
      // Written in the repository's JSON style, so that `npm run lint` passes on the generated file.
      const file = path.join(ROOT_DIR, FIXTURES_SCHEMA_FILE);
      writeFileSync(file, `${JSON.stringify(fixturesJsonSchema(), null, 2)}\n`);
      spawnSync(path.join(ROOT_DIR, "node_modules/.bin/biome"), ["format", "--write", file], {
        stdio: "ignore",
      });
      console.info(`wrote ${FIXTURES_SCHEMA_FILE}`);
      return;
    }
    case "prepare": {
      // What `npm start` runs before serving: migrate, then seed an empty database.
      const applied = await migrateDatabase(config.databaseUrl);
      if (applied.length) console.info(`applied: ${applied.join(", ")}`);
      await fillStoredHtml();
      return seed(true);
    }
    case "reset": {
      await resetDatabase(config.databaseUrl);
      await migrateDatabase(config.databaseUrl);
      return seed(false);
    }
    case "create-migration": {
      const name = args[0];
      if (!name) throw new Error("usage: npm run db:migration -- <name>");
      await migrateDatabase(config.databaseUrl);
      const created = await createMigrationFromSchema(config.databaseUrl, name);
      console.info(
        created ? `created prisma/migrations/${created}` : "the schema has not changed; no migration created",
      );
      if (created) {
        const applied = await migrateDatabase(config.databaseUrl);
        console.info(`applied: ${applied.join(", ")}`);
      }
      return;
    }
    case "create-postgres-migration": {
      // npm run db:migration:postgres has derived prisma/postgres/schema.prisma first.
      const name = args[0];
      if (!name) throw new Error("usage: npm run db:migration:postgres -- <name>");
      // A throwaway cluster when the machine has PostgreSQL's binaries, else DATABASE_URL's server.
      const cluster = await startThrowawayCluster();
      const serverUrl =
        cluster?.url ?? (engineOf(config.databaseUrl) === "postgresql" ? config.databaseUrl : null);
      if (!serverUrl) {
        throw new Error("no PostgreSQL here: install its binaries, or set DATABASE_URL=postgres://...");
      }
      let created: string | null;
      try {
        created = await createPostgresMigration(serverUrl, name);
      } finally {
        cluster?.stop();
      }
      console.info(
        created
          ? `created prisma/postgres/migrations/${created}`
          : "the PostgreSQL schema has not changed; no migration created",
      );
      return;
    }
    case "customers": {
      // `--lang ja-JP`: the invitation (and the account's later unasked-for mails) in Japanese.
      const langAt = args.indexOf("--lang");
      const lang = langAt === -1 ? "en-US" : args[langAt + 1];
      const positional = langAt === -1 ? args : args.filter((_, i) => i !== langAt && i !== langAt + 1);
      const [sub, email, firstName = "Friend", lastName = "Customer"] = positional;
      if (sub !== "invite" || !email || (lang !== "en-US" && lang !== "ja-JP"))
        throw new Error(
          "usage: npm run customers -- invite <email> [firstName] [lastName] [--lang en-US|ja-JP]",
        );
      const invitee = inviteeOf(email, firstName, lastName);
      requireStoreAddress(config);
      const deps = standaloneDeps(config);
      try {
        const { customerId, url } = await inviteCustomer(deps, { ...invitee, locale: lang });
        console.info(
          forTerminal(
            `invited customer ${customerId}; activation email is in the outbox (${new URL(url).pathname})`,
          ),
        );
      } finally {
        await deps.db.$disconnect();
      }
      return;
    }
    case "orders": {
      const deps = standaloneDeps(config);
      try {
        for (const line of await runOrdersCommand(deps, args)) console.info(line);
      } finally {
        await deps.db.$disconnect();
      }
      return;
    }
    case "staff": {
      const deps = standaloneDeps(config);
      try {
        for (const line of await runStaffCommand(deps, args)) console.info(line);
      } finally {
        await deps.db.$disconnect();
      }
      return;
    }
    default:
      throw new Error(`unknown command: ${command ?? "(none)"}`);
  }
}

main().catch((err: unknown) => {
  // The message may quote what was typed or stored: printed with its control characters escaped.
  console.error(linesForTerminal(err instanceof Error ? err.message : String(err)));
  process.exit(1);
});
