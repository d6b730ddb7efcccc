// The layer rule of biome.json: server/src/db is below the modules and imports none of them.
// The repository's Biome configuration lints a small tree in a temporary folder, so the rule is
// seen to fire without a bad file ever entering the source tree.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT_DIR } from "../src/config.ts";

const MODULE_IMPORT =
  'import { inviteCustomer } from "../modules/account/service.ts";\n\nexport { inviteCustomer };\n';

const dir = mkdtempSync(path.join(tmpdir(), "vela-layers-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function lintAs(file: string, source: string) {
  const config = JSON.parse(readFileSync(path.join(ROOT_DIR, "biome.json"), "utf8"));
  config.$schema = undefined;
  config.vcs = { enabled: false };
  writeFileSync(path.join(dir, "biome.json"), JSON.stringify(config));
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), source);
  return spawnSync(path.join(ROOT_DIR, "node_modules/.bin/biome"), ["lint", file], {
    cwd: dir,
    encoding: "utf8",
    timeout: 30_000,
  });
}

describe("server/src/db imports no module", () => {
  it("refuses an import of a module from server/src/db", () => {
    const res = lintAs("server/src/db/seed.ts", MODULE_IMPORT);
    expect(res.status).not.toBe(0);
    expect(res.stderr + res.stdout).toMatch(/noRestrictedImports/);
    expect(res.stderr + res.stdout).toMatch(/server\/src\/db is the layer below the modules/);
  });

  it("allows the same import where the seed lives", () => {
    const res = lintAs("server/src/seed/demo.ts", MODULE_IMPORT);
    expect(res.status, res.stderr + res.stdout).toBe(0);
  });
});
