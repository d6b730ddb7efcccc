/** Whether every shipped migration is applied and the store has data (scripts/database-ready.mjs). */
export function databaseIsReady(root: string, url: string): Promise<boolean>;
