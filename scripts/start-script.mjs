// package.json's start script, `node <options> scripts/start.mjs`: read by whatever must run the
// server as `npm start` runs it (the benchmarks) or check what it gives the server (its test).
import { readFileSync } from "node:fs";
import path from "node:path";

/** `node`, its options (the first group), `scripts/start.mjs`. */
export const START_COMMAND = /\bnode((?:\s+--[\w-]+(?:=\S+)?)*)\s+scripts\/start\.mjs/;

/** The start script of the repository at `root`. */
export function readStartScript(root) {
  return JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).scripts.start;
}

/** The node options the start script runs scripts/start.mjs with. */
export function startNodeOptions(script) {
  const match = START_COMMAND.exec(script);
  if (!match) throw new Error(`package.json's start script runs no scripts/start.mjs: ${script}`);
  return match[1].split(/\s+/).filter(Boolean);
}
