// /healthz: the process is up and its event loop turns (no database: a restart would not cure a
// database that is down). /readyz: this instance can serve (db/readiness.ts); 503 while it cannot.
// Once shutdown has begun, Fastify answers every request 503 (return503OnClosing, app.ts), these
// two included, and refuses new connections.
import type { FastifyInstance } from "fastify";
import type { Db } from "../db/client.ts";
import { checkReadiness, migrationsDirFor, shippedMigrations } from "../db/readiness.ts";

export function registerHealth(app: FastifyInstance, opts: { db: Db; databaseUrl: string }): void {
  const shipped = shippedMigrations(migrationsDirFor(opts.databaseUrl));
  app.get("/healthz", async (_req, reply) => {
    reply.header("cache-control", "no-store");
    return { ok: true };
  });
  app.get("/readyz", async (_req, reply) => {
    reply.header("cache-control", "no-store");
    const state = await checkReadiness(opts.db, shipped);
    if (!state.ready) reply.code(503).header("retry-after", "5");
    return state;
  });
}
