import type { Plugin } from "esbuild";

/** server/dist/main.js and server/dist/cli.js (scripts/build-server.mjs). */
export const SERVER_ENTRY: string;
export const CLI_ENTRY: string;
/** Prisma's query compiler read from a .wasm file beside the bundle, instead of its base64 module. */
export const compilerFromFile: Plugin;
/** Writes each engine's decoded query compiler into `dir` (server/dist by default). */
export function writeCompilerWasm(dir?: string): Promise<void>;
export function newestMtime(dir: string): number;
export function serverBuildIsStale(): boolean;
export function buildServer(): Promise<number>;
