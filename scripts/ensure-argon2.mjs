// argon2 ships prebuilt binaries, and on these machines (Debian 12, Node 20) the linux-x64
// one crashes the process with SIGSEGV at the first hash. When the probe below fails, build
// argon2 from source with the node-gyp that npm bundles (g++ and Node's headers are present).
// Runs from the root postinstall, so `npm ci` on a clean machine ends with a working argon2.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);

function probe() {
  const res = spawnSync(
    process.execPath,
    ["-e", "require('argon2').hash('probe').then(() => process.exit(0), () => process.exit(2))"],
    {
      stdio: "ignore",
    },
  );
  return res.status === 0;
}

if (probe()) process.exit(0);

const argonDir = path.dirname(require.resolve("argon2/package.json"));
const npmCli = process.env.npm_execpath;
const candidates = [
  npmCli ? path.resolve(path.dirname(npmCli), "../node_modules/node-gyp/bin/node-gyp.js") : "",
  path.resolve(
    path.dirname(process.execPath),
    "../lib/node_modules/npm/node_modules/node-gyp/bin/node-gyp.js",
  ),
].filter((p) => p && existsSync(p));
const nodeGyp = candidates[0];
if (!nodeGyp) {
  console.error("argon2's prebuilt binary does not work here and node-gyp was not found to build it");
  process.exit(1);
}
const nodedir = process.env.npm_config_nodedir || path.resolve(path.dirname(process.execPath), "..");
console.info("argon2: the prebuilt binary does not work on this machine; building it from source...");
const build = spawnSync(process.execPath, [nodeGyp, "rebuild", `--nodedir=${nodedir}`], {
  cwd: argonDir,
  stdio: "inherit",
});
if (build.status !== 0 || !probe()) {
  console.error("argon2 could not be built from source");
  process.exit(1);
}
console.info("argon2: built from source");
