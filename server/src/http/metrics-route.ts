// /metrics: the store's figures for Prometheus (observability/metrics.ts), and the hook that times
// every answer. Who may read them: a scraper presenting METRICS_TOKEN as a bearer token, or,
// without one, a request from this machine that came to the store directly (no reverse proxy in
// front: TRUST_PROXY unset and no forwarding header), since a proxy on the same machine makes every
// public request arrive from loopback. Anyone else gets the store's 404, as if nothing were there.
import { timingSafeEqual } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError, REQUEST_ERRORS } from "../errors.ts";
import type { Metrics } from "../observability/metrics.ts";

export const METRICS_PATH = "/metrics";

/** The headers a proxy adds; a request carrying one did not come to the store directly. */
const FORWARDING_HEADERS = ["x-forwarded-for", "forwarded", "x-real-ip", "x-forwarded-host"];

export interface MetricsRouteOptions {
  metrics: Metrics;
  /** METRICS_TOKEN: when set, a scraper anywhere may read with `Authorization: Bearer <token>`. */
  token: string | undefined;
  /** Whether a proxy is configured in front (TRUST_PROXY): loopback then proves nothing. */
  behindProxy: boolean;
  /** The tRPC procedures by endpoint prefix, so that a known procedure is its own route label. */
  procedures: Record<string, ReadonlySet<string>>;
}

function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  return address === "::1" || /^(::ffff:)?127(\.\d{1,3}){3}$/.test(address);
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * May this request read the metrics? `"yes"`, `"bad-token"` (it presented a token that is not the
 * one configured) or `"no"`.
 */
export function metricsAccess(
  req: { headers: IncomingHttpHeaders; socket: { remoteAddress?: string | undefined } },
  token: string | undefined,
  behindProxy: boolean,
): "yes" | "bad-token" | "no" {
  const auth = req.headers.authorization;
  if (typeof auth === "string" && auth.length > 0) {
    const given = /^Bearer (\S+)$/i.exec(auth)?.[1];
    return token && given && sameSecret(given, token) ? "yes" : "bad-token";
  }
  const direct = !behindProxy && FORWARDING_HEADERS.every((h) => req.headers[h] === undefined);
  return direct && isLoopbackAddress(req.socket.remoteAddress) ? "yes" : "no";
}

/**
 * The label a request is counted under: the route's pattern as registered (bounded by the routes
 * the store has), a known tRPC procedure by name, several as `(batch)`, and anything the router
 * did not match as `(unmatched)` (server-rendered pages and not-found answers).
 */
export function routeLabel(req: FastifyRequest, procedures: Record<string, ReadonlySet<string>>): string {
  const pattern = req.routeOptions.url;
  if (!pattern) return "(unmatched)";
  const prefix = pattern.endsWith("/:path") ? pattern.slice(0, -"/:path".length) : undefined;
  const known = prefix === undefined ? undefined : procedures[prefix];
  if (prefix === undefined || !known) return pattern;
  const names = String((req.params as { path?: unknown }).path ?? "").split(",");
  if (names.length > 1) return `${prefix}/(batch)`;
  const name = names[0] ?? "";
  return known.has(name) ? `${prefix}/${name}` : pattern;
}

export function registerMetricsRoute(app: FastifyInstance, opts: MetricsRouteOptions): void {
  const { metrics } = opts;
  app.addHook("onResponse", (req, reply, done) => {
    metrics.request(routeLabel(req, opts.procedures), req.method, reply.statusCode, reply.elapsedTime / 1000);
    const cache = reply.getHeader("x-page-cache");
    if (typeof cache === "string") metrics.pageCache(cache);
    done();
  });
  app.get(METRICS_PATH, async (req, reply) => {
    const access = metricsAccess(req.raw, opts.token, opts.behindProxy);
    reply.header("cache-control", "no-store");
    if (access === "bad-token") {
      reply.header("www-authenticate", 'Bearer realm="metrics"');
      throw new AppError("UNAUTHORIZED", REQUEST_ERRORS.metricsToken);
    }
    if (access === "no") throw new AppError("NOT_FOUND", REQUEST_ERRORS.notFound);
    reply.type(metrics.contentType);
    return metrics.text();
  });
}
