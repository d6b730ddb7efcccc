// npm run db:migrate | db:seed | db:reset | db:migration -- <name> | customers -- invite <email> [first] [last]
import { ZEmail } from "@vela/shared";
import { loadConfig } from "../config.ts";
import { inviteCustomer } from "../modules/account/service.ts";
import { createMigrationFromSchema, migrateDatabase, removeDatabaseFiles } from "../db/migrate.ts";
import { isEmpty, seedDatabase } from "../seed/demo.ts";
import { standaloneDeps } from "./standalone-deps.ts";

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

async function main(): Promise<void> {
  switch (command) {
    case "migrate": {
      const applied = await migrateDatabase(config.databaseUrl);
      console.info(applied.length ? `applied: ${applied.join(", ")}` : "database is up to date");
      return;
    }
    case "seed":
      return seed(false);
    case "prepare": {
      // What `npm start` runs before serving: migrate, then seed an empty database.
      const applied = await migrateDatabase(config.databaseUrl);
      if (applied.length) console.info(`applied: ${applied.join(", ")}`);
      return seed(true);
    }
    case "reset": {
      removeDatabaseFiles(config.databaseUrl);
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
    case "customers": {
      const [sub, email, firstName = "Friend", lastName = "Customer"] = args;
      if (sub !== "invite" || !email)
        throw new Error("usage: npm run customers -- invite <email> [firstName] [lastName]");
      const deps = standaloneDeps(config);
      try {
        const { customerId, url } = await inviteCustomer(deps, {
          email: ZEmail.parse(email),
          firstName,
          lastName,
        });
        console.info(
          `invited customer ${customerId}; activation email is in the outbox (${new URL(url).pathname})`,
        );
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
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
