/** `node`, its options (the first group), `scripts/start.mjs` (scripts/start-script.mjs). */
export const START_COMMAND: RegExp;
export function readStartScript(root: string): string;
export function startNodeOptions(script: string): string[];
