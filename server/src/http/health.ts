// /healthz: the process is up and its event loop turns (no database: a restart would not cure a
// database that is down). /readyz: this instance can serve (db/readiness.ts); 503 while it cannot,
// and from the moment a shutdown begins (draining, main.ts). Once the server closes, the
// store answers any request on an open connection 503 (app.ts) and refuses new ones.
import type { FastifyInstance } from "fastify";
import type { Db } from "../db/client.ts";
import { checkReadiness, migrationsDirFor, shippedMigrations } from "../db/readiness.ts";

export function registerHealth(
  app: FastifyInstance,
  opts: { db: Db; databaseUrl: string; lifecycle: { draining: boolean } },
): void {
  const shipped = shippedMigrations(migrationsDirFor(opts.databaseUrl));
  app.get("/healthz", async (_req, reply) => {
    reply.header("cache-control", "no-store");
    return { ok: true };
  });
  app.get("/readyz", async (_req, reply) => {
    reply.header("cache-control", "no-store");
    if (opts.lifecycle.draining) {
      reply.code(503).header("retry-after", "5");
      return { ready: false, reason: "shutting down" };
    }
    const state = await checkReadiness(opts.db, shipped);
    if (!state.ready) reply.code(503).header("retry-after", "5");
    return state;
  });
}
