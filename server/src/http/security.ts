// Security headers on every answer, and the same-origin + JSON rule for state-changing
// calls to /trpc and /api (our CSRF defence: a cross-site form can only send urlencoded,
// multipart or text/plain, and a cross-site fetch carries a foreign Origin). Every rule keyed by
// path reads `routedPath`: the path the router answers for, however the request spells it.

import { MESSAGES } from "@vela/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError, REQUEST_ERRORS } from "../errors.ts";

export const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "frame-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

/**
 * The CSP when Stripe takes the payments: Stripe.js and its frames (the Payment Element, 3-D
 * Secure) and Stripe's API are allowed, and only then. `jsUrl` and `apiOrigin` are the tests'
 * stand-ins (STRIPE_JS_URL, STRIPE_API_URL); with none, Stripe's own addresses.
 */
export function cspFor(stripe: { jsUrl?: string; apiOrigin?: string | null } | null): string {
  if (!stripe) return CSP;
  const jsOrigin = stripe.jsUrl ? new URL(stripe.jsUrl).origin : "https://js.stripe.com";
  const scripts = [...new Set(["https://js.stripe.com", jsOrigin])].join(" ");
  const connect = ["https://api.stripe.com", "https://*.stripe.com", stripe.apiOrigin ?? ""]
    .filter(Boolean)
    .join(" ");
  return CSP.replace("script-src 'self'", `script-src 'self' ${scripts}`)
    .replace("connect-src 'self'", `connect-src 'self' ${connect}`)
    .replace("frame-src 'self'", `frame-src 'self' ${scripts} https://hooks.stripe.com`);
}

/**
 * Stripe's webhook: a server-to-server POST whose proof is Stripe's signature over the raw body
 * (modules/payments), not a browser's Origin; the one path the same-origin JSON rule leaves alone.
 */
export const STRIPE_WEBHOOK_PATH = "/api/payments/stripe/webhook";

/** Pages whose URL carries a one-time token: never send it on as a Referer. */
const NO_REFERRER_PATHS = [
  "/account/reset",
  "/account/activate",
  "/account/email-change",
  // A guest order's offer key and an order-claim token travel in these pages' URLs.
  "/checkout/account",
  "/checkout/claim-orders",
  // The order lookup's mailed link (@vela/shared ORDER_ACCESS_PATH).
  "/checkout/order-link",
  // A guest's return link from the shipping mail (@vela/shared GUEST_RETURN_PATH).
  "/account/return",
  // A member of staff's one-time link to choose a password (@vela/shared/admin).
  "/admin/setup-password",
];

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/**
 * Methods the Fetch API cannot represent. tRPC's adapter turns every call under /trpc (a route
 * for all methods) into a Fetch Request, which throws on these: they would end as a 500. They
 * are answered here as tRPC answers any other method it does not serve.
 */
const FETCH_FORBIDDEN_METHODS = new Set(["CONNECT", "TRACE", "TRACK"]);
/** Methods whose body Fastify never reads. */
const BODYLESS_METHODS = new Set(["GET", "HEAD"]);

/** A `%25` (an encoded `%`), which the router keeps as `%25` rather than decoding twice. */
const ENCODED_PERCENT = /%25/g;

/**
 * The path Fastify's router (find-my-way, with app.ts's router options) matches the request
 * target against, so that no rule keyed by path can be walked past by spelling the path
 * another way. The router:
 * - takes the path of an absolute-form target (`POST http://host/api/x` is routed as `/api/x`);
 * - ends the path at the first `?` or `#`;
 * - percent-decodes it as decodeURI does (`/%61pi/x` is routed as `/api/x`), except the
 *   reserved characters (`/api%2Fx` stays one segment, under no route) and an encoded `%`
 *   (`/%2561pi` is routed as the text `/%2561pi`, never as `/api`);
 * - merges no slashes (`//api/x`), resolves no dot segments (`/./api/x`), keeps `;` as a
 *   character and compares case-sensitively (`/API/x`): none of these reach a route under /api.
 * A target without `%` (nearly all) costs two indexOf and a slice at most.
 */
export function routedPath(url: string): string {
  let path = url.charCodeAt(0) === 47 ? url : absolutePath(url);
  const query = path.indexOf("?");
  if (query !== -1) path = path.slice(0, query);
  const fragment = path.indexOf("#");
  if (fragment !== -1) path = path.slice(0, fragment);
  if (path.indexOf("%") === -1) return path;
  try {
    return decodeURI(path.replace(ENCODED_PERCENT, "%2525"));
  } catch {
    // The router refuses it as a bad URL before any hook runs; kept as written here.
    return path;
  }
}

/** The path (and query) of an absolute-form target, as the router takes it; any other target as it is. */
function absolutePath(url: string): string {
  const scheme = url.indexOf("://");
  if (scheme === -1) return url;
  const name = url.slice(0, scheme).toLowerCase();
  if (name !== "http" && name !== "https") return url;
  const slash = url.indexOf("/", scheme + 3);
  const query = url.indexOf("?", scheme + 3);
  if (query !== -1 && (slash === -1 || query < slash)) return `/${url.slice(query)}`;
  return slash === -1 ? "/" : url.slice(slash);
}

export function isApiPath(path: string): boolean {
  return (
    path === "/trpc" ||
    path.startsWith("/trpc/") ||
    path.startsWith("/api/") ||
    path === "/api" ||
    // The admin's router (@vela/shared/admin ADMIN_TRPC_PATH): the same rules as the shop's.
    path === "/admin/trpc" ||
    path.startsWith("/admin/trpc/")
  );
}

/** The headers every answer carries, framework errors included; `path` is the URL's path. */
export function securityHeaders(path: string, https: boolean, csp = CSP): Record<string, string> {
  return {
    "content-security-policy": csp,
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "cross-origin-opener-policy": "same-origin",
    "cross-origin-resource-policy": "same-origin",
    "permissions-policy": "hid=(self), camera=(), microphone=(), geolocation=()",
    "referrer-policy": carriesToken(path) ? "no-referrer" : "strict-origin-when-cross-origin",
    ...(https ? { "strict-transport-security": "max-age=31536000; includeSubDomains" } : {}),
  };
}

/**
 * Whether a page's URL may carry a one-time token (its Referer must go nowhere). Without regard
 * to case: the client's router matches `/Account/Reset` to the reset page too.
 */
function carriesToken(path: string): boolean {
  const lower = path.toLowerCase();
  return NO_REFERRER_PATHS.some((p) => lower === p || lower.startsWith(`${p}/`));
}

export const LOOPBACK_HOSTS = ["localhost", "127.0.0.1", "[::1]"];

/**
 * The hosts (name and port, as URL.host writes them) the store answers for: `PUBLIC_URL`'s, and
 * in development the same port under each loopback name (as allowedOrigins).
 */
export function ownHosts(publicUrl: string, development: boolean): Set<string> {
  return new Set([...allowedOrigins(publicUrl, development)].map((origin) => new URL(origin).host));
}

/**
 * A request that names a host the store is not (an absolute-form target for another host): 421,
 * through the error mapping (errors.ts answers a framework-style status with the store's text).
 */
class MisdirectedRequest extends Error {
  readonly statusCode = 421;
  constructor() {
    super("misdirected request");
    this.name = "MisdirectedRequest";
  }
}

/** Whether an absolute-form target names one of the store's own hosts (any other target: true). */
function targetsOwnHost(url: string, hosts: Set<string>): boolean {
  if (url.charCodeAt(0) === 47 || url.indexOf("://") === -1) return true;
  try {
    const target = new URL(url);
    return !target.username && !target.password && hosts.has(target.host);
  } catch {
    return false;
  }
}

/**
 * The origins a browser may send state-changing calls from: `PUBLIC_URL`'s, never one derived
 * from the request (its Host is whatever the caller wrote). In development the same scheme and
 * port under each loopback name count too, since a laptop reaches the store as localhost or
 * 127.0.0.1 alike.
 */
export function allowedOrigins(publicUrl: string, development: boolean): Set<string> {
  const own = new URL(publicUrl);
  const origins = new Set([own.origin]);
  if (development) {
    for (const host of LOOPBACK_HOSTS) {
      const variant = new URL(own.origin);
      variant.hostname = host;
      origins.add(variant.origin);
    }
  }
  return origins;
}

function sameOrigin(req: FastifyRequest, allowed: Set<string>): boolean {
  const site = req.headers["sec-fetch-site"];
  if (typeof site === "string" && site !== "same-origin" && site !== "none") return false;
  const origin = req.headers.origin;
  // Browsers serialise Origin exactly as URL.origin does; any other spelling is not ours.
  if (typeof origin === "string") return allowed.has(origin);
  // No Origin and no Sec-Fetch-Site: not a browser (curl, a server, a test); nothing to forge.
  return true;
}

function isJson(req: FastifyRequest): boolean {
  const type = req.headers["content-type"];
  if (type === undefined) return false;
  const mime = type.split(";")[0]?.trim().toLowerCase();
  return mime === "application/json";
}

function hasBody(req: FastifyRequest): boolean {
  const len = req.headers["content-length"];
  if (len !== undefined) return len !== "0";
  return req.headers["transfer-encoding"] !== undefined;
}

export function registerSecurity(
  app: FastifyInstance,
  opts: { publicUrl: string; development: boolean; csp?: string },
): void {
  const https = opts.publicUrl.startsWith("https:");
  const allowed = allowedOrigins(opts.publicUrl, opts.development);
  const hosts = ownHosts(opts.publicUrl, opts.development);
  // Built once: every answer carries one of these two sets.
  const headers = securityHeaders("/", https, opts.csp);
  const tokenPageHeaders = securityHeaders(NO_REFERRER_PATHS[0] as string, https, opts.csp);
  // Callback hooks, not async ones: they run on every request, and a promise per hook per request
  // was measurable on the cheapest answers (docs/performance.md).
  app.addHook("onRequest", (req, reply, done) => {
    const url = req.url;
    const path = routedPath(url);
    reply.headers(carriesToken(path) ? tokenPageHeaders : headers);
    // A refusal goes to the app's error handler (error-replies.ts).
    if (!targetsOwnHost(url, hosts)) return done(new MisdirectedRequest());
    if (req.headers.host === undefined && req.raw.httpVersion === "1.1") {
      // HTTP/1.1 requires Host (RFC 9112 3.2); Node's own bare 400 is turned off (app.ts) for this one.
      reply.header("connection", "close");
      return done(new AppError("BAD_REQUEST", REQUEST_ERRORS.invalid));
    }
    if (!isApiPath(path)) return done();
    if (path === STRIPE_WEBHOOK_PATH && req.method === "POST") return done();
    const refusal = refuse(req, allowed);
    return refusal ? done(refusal) : done();
  });
  // Signed-in answers (and any API answer, to be safe) are never stored by caches.
  app.addHook("onSend", (req, reply, payload, done) => {
    if (isApiPath(routedPath(req.url))) reply.header("cache-control", "no-store");
    done(null, payload);
  });
}

/** Why an API request is refused before it reaches a route, or undefined when it may go on. */
function refuse(req: FastifyRequest, allowed: Set<string>): AppError | undefined {
  if (FETCH_FORBIDDEN_METHODS.has(req.method)) return new AppError("NOT_FOUND", REQUEST_ERRORS.notFound);
  if (!UNSAFE_METHODS.has(req.method)) {
    // A body sent with another method (OPTIONS, QUERY) is parsed too; tRPC's adapter took a
    // multipart one for JSON and failed with a 500. The API reads JSON bodies only.
    if (!BODYLESS_METHODS.has(req.method) && hasBody(req) && !isJson(req))
      return new AppError("UNSUPPORTED_MEDIA_TYPE", MESSAGES.jsonRequired);
    return undefined;
  }
  if (!sameOrigin(req, allowed)) return new AppError("FORBIDDEN", MESSAGES.crossSite);
  // Any declared body type other than JSON is refused, even when empty.
  if ((req.headers["content-type"] !== undefined || hasBody(req)) && !isJson(req))
    return new AppError("UNSUPPORTED_MEDIA_TYPE", MESSAGES.jsonRequired);
  return undefined;
}
