import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Fixtures } from "@vela/shared/fixtures";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/**
 * Loads fixtures into the database of the running test server the way another project's tests
 * would: writes them to `file` and runs `npm run db:seed -- --fixtures <file>`.
 */
export function seedFixtures(fixtures: Fixtures, file: string): string {
  writeFileSync(
    file,
    `${JSON.stringify({ $schema: path.join(root, "prisma/fixtures.schema.json"), ...fixtures }, null, 2)}\n`,
  );
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (process.env.E2E_DATABASE_URL) env.DATABASE_URL = process.env.E2E_DATABASE_URL;
  if (process.env.E2E_SESSION_SECRET) env.SESSION_SECRET = process.env.E2E_SESSION_SECRET;
  const res = spawnSync("npm", ["run", "--silent", "db:seed", "--", "--fixtures", file], {
    cwd: root,
    env,
    encoding: "utf8",
    timeout: 60_000,
  });
  if (res.status !== 0)
    throw new Error(`db:seed --fixtures failed (${res.status}): ${res.stderr}${res.stdout}`);
  return res.stdout;
}
