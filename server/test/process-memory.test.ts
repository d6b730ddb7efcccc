// `npm start` runs the server with one malloc arena (docs/performance.md, "Memory"): argon2 takes
// 19 MiB per hash on libuv's worker threads, and glibc gave each thread an arena of its own that kept
// the memory after the hash (75 MiB after a run of sign-ins); one arena keeps one hash's worth.
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { readStartScript, START_COMMAND as START } from "../../scripts/start-script.mjs";
import { ROOT_DIR } from "../src/config.ts";

const startScript = readStartScript(ROOT_DIR);

/** What the start script gives the server process (its environment, its node options), run as npm runs it (sh -c). */
const printedUnder = (env: NodeJS.ProcessEnv, expression: string) =>
  execFileSync(
    "sh",
    [
      "-c",
      startScript.replace(
        START,
        (_, options: string) => `"${process.execPath}"${options} -p "${expression}"`,
      ),
    ],
    { env, encoding: "utf8" },
  ).trim();

describe("npm start", () => {
  it("runs the server with MALLOC_ARENA_MAX=1 unless the environment says otherwise", () => {
    expect(startScript).toMatch(START);
    const { MALLOC_ARENA_MAX: _, ...env } = process.env;
    expect(printedUnder(env, "process.env.MALLOC_ARENA_MAX")).toBe("1");
    expect(printedUnder({ ...env, MALLOC_ARENA_MAX: "4" }, "process.env.MALLOC_ARENA_MAX")).toBe("4");
  });

  it("caps V8's young generation with a node option (V8 reads it only at start)", () => {
    // Two semi-spaces of 4 MiB instead of 16: docs/performance.md, "Start-up and memory after real use".
    expect(printedUnder(process.env, "process.execArgv.join(' ')").split(" ")).toContain(
      "--max-semi-space-size=4",
    );
  });
});
