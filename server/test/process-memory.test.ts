// `npm start` runs the server with one malloc arena (docs/performance.md, "Memory"): argon2 takes
// 19 MiB per hash on libuv's worker threads, and glibc gave each thread an arena of its own that kept
// the memory after the hash (75 MiB after a run of sign-ins); one arena keeps one hash's worth.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const startScript = (
  JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: { start: string } }
).scripts.start;

/** What the start script's environment gives the server process, run as npm runs it (sh -c). */
const arenasUnder = (env: NodeJS.ProcessEnv) =>
  execFileSync(
    "sh",
    [
      "-c",
      startScript.replace("node scripts/start.mjs", `"${process.execPath}" -p process.env.MALLOC_ARENA_MAX`),
    ],
    { env, encoding: "utf8" },
  ).trim();

describe("npm start", () => {
  it("runs the server with MALLOC_ARENA_MAX=1 unless the environment says otherwise", () => {
    expect(startScript).toContain("node scripts/start.mjs");
    const { MALLOC_ARENA_MAX: _, ...env } = process.env;
    expect(arenasUnder(env)).toBe("1");
    expect(arenasUnder({ ...env, MALLOC_ARENA_MAX: "4" })).toBe("4");
  });
});
