// Runs `prisma generate` without the native schema engine. The CLI tries to download
// that engine at start-up, and its host is unreachable here; pointing
// PRISMA_SCHEMA_ENGINE_BINARY at any existing file skips the download, and the
// `prisma-client` generator itself runs on WebAssembly (docs/decisions/001-prisma-without-native-engines.md).
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const cli = require.resolve("prisma/build/index.js");
const result = spawnSync(process.execPath, [cli, "generate"], {
  stdio: "inherit",
  env: {
    ...process.env,
    PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? process.execPath,
    PRISMA_HIDE_UPDATE_MESSAGE: "1",
    CHECKPOINT_DISABLE: "1",
  },
});
process.exit(result.status ?? 1);
