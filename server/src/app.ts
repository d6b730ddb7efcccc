import { existsSync } from "node:fs";
import path from "node:path";
import fastifyCookie from "@fastify/cookie";
import fastifyStatic from "@fastify/static";
import { MESSAGES, TRPC_MAX_BATCH } from "@vela/shared";
import { ADMIN_TRPC_PATH } from "@vela/shared/admin";
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from "fastify";
import {
  createRateLimitStore,
  DbRateLimitStore,
  RATE_LIMITS,
  RateLimiter,
  type RateLimits,
  scaleLimits,
} from "./auth/rate-limit.ts";
import { createBackground } from "./background.ts";
import { type Clock, systemClock } from "./clock.ts";
import { type Config, trustProxyOption } from "./config.ts";
import { createDb, type Db } from "./db/client.ts";
import { bumpPublicDataVersion, readPublicDataVersion } from "./db/public-data-version.ts";
import type { Deps } from "./deps.ts";
import { AppError, errorAnswer, REQUEST_ERRORS } from "./errors.ts";
import { registerApiDocs } from "./http/api-docs.ts";
import { clientErrorHandler, frameworkErrors, replyWithError } from "./http/error-replies.ts";
import { registerHealth } from "./http/health.ts";
import { registerMetricsRoute } from "./http/metrics-route.ts";
import {
  createPageRenderer,
  type PageRenderer,
  PUBLIC_DATA_WRITERS,
  serverEntryOf,
  ssrDirFor,
  writesPublicData,
} from "./http/page-renderer.ts";
import { createPageSync, type PageSync } from "./http/page-sync.ts";
import { registerRobotsHeader } from "./http/robots-header.ts";
import { cspFor, isApiPath, registerSecurity, routedPath } from "./http/security.ts";
import { ADMIN_HTML, isAdminPagePath, loadAdminPage, loadSpaPages, pickEncoding } from "./http/spa-pages.ts";
import { loggerOptions, OneLinePerRequest, prettyStream } from "./logging.ts";
import { MAIL_LIMITS, type MailLimits, scaleMailLimits } from "./mail/limits.ts";
import { acceptedLanguages } from "./mail/locale.ts";
import { createMailer } from "./mail/mailer.ts";
import { localMediaStorage } from "./media-storage/storage.ts";
import { accountRest } from "./modules/account/rest.ts";
import { addressesRest } from "./modules/addresses/rest.ts";
import { registerBlogCoverRoutes } from "./modules/blog/covers.ts";
import { blogRest } from "./modules/blog/rest.ts";
import { watchScheduledPosts } from "./modules/blog/schedule.ts";
import { cartRest } from "./modules/cart/rest.ts";
import { startCartSweeper } from "./modules/cart/service.ts";
import { pageLinkHeader } from "./modules/catalog/page-hints.ts";
import { catalogRest } from "./modules/catalog/rest.ts";
import { setPaymentProvider } from "./modules/checkout/payment.ts";
import { checkoutRest } from "./modules/checkout/rest.ts";
import { StripePaymentProvider, stripeClient } from "./modules/checkout/stripe-provider.ts";
import { compatibilityRest } from "./modules/compatibility/rest.ts";
import { contactRest } from "./modules/contact/rest.ts";
import { firmwareRest } from "./modules/firmware/rest.ts";
import { gamesRest } from "./modules/games/rest.ts";
import { registerMailbox } from "./modules/mailbox/routes.ts";
import { registerPictureRoutes } from "./modules/media/pictures.ts";
import { registerPreviews } from "./modules/media/previews.ts";
import { registerProductImages } from "./modules/media/product-images.ts";
import { newsletterRest } from "./modules/newsletter/rest.ts";
import { ordersRest } from "./modules/orders/rest.ts";
import { startStripeEvents } from "./modules/payments/stripe-events.ts";
import { registerStripeWebhook } from "./modules/payments/stripe-webhook.ts";
import { releaseNotesRest } from "./modules/release-notes/rest.ts";
import { reviewsRest } from "./modules/reviews/rest.ts";
import { searchRest } from "./modules/search/rest.ts";
import { registerSeo } from "./modules/seo/routes.ts";
import { createMetrics } from "./observability/metrics.ts";
import { registerAdmin } from "./trpc/admin-route.ts";
import { adminAppRouter } from "./trpc/admin-router.ts";
import { createContextFactory } from "./trpc/context.ts";
import { trpcRoute } from "./trpc/fastify-route.ts";
import { appRouter, createCaller } from "./trpc/router.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** The server-rendered pages and their cache, when the client build has a renderer. */
    pages?: PageRenderer;
    deps: Deps;
    /** Keeps the cached pages in step with writes made on other instances (http/page-sync.ts). */
    pageSync?: PageSync;
    /** Where the instance is in its life; main.ts sets `draining` when a shutdown begins. */
    lifecycle: Lifecycle;
  }
}

export interface Lifecycle {
  /**
   * Shutting down, still serving: /readyz answers 503 so that a proxy takes the instance out of
   * rotation, and every answer carries `Connection: close`, so that no client keeps a connection
   * the server is about to close under it. app.close() then stops for good.
   */
  draining: boolean;
  /** Set when the server starts closing (after the drain): every new request gets 503. */
  closing: boolean;
}

/** The client build's source maps, which only development serves. */
const SOURCE_MAPS = ["**/*.map", "**/*.map.br", "**/*.map.gz"];
const isSourceMap = (pathName: string) => /\.map(\.br|\.gz)?$/.test(pathName);
/** The admin's index.html is answered at /admin/* only (below), never as a file of its own. */
const ADMIN_HTML_FILES = [ADMIN_HTML, `${ADMIN_HTML}.br`, `${ADMIN_HTML}.gz`];

/** JSON bodies above this are refused with 413. */
export const BODY_LIMIT_BYTES = 64 * 1024;
/** How often ended rate-limit windows are deleted from the database. */
const RATE_LIMIT_SWEEP_MS = 10 * 60_000;

export interface BuildOptions {
  db?: Db;
  clock?: Clock;
  rateLimits?: RateLimits;
  /** Mails per recipient and kind (MAIL_LIMITS, scaled by RATE_LIMIT_MULTIPLIER, by default). */
  mailLimits?: MailLimits;
  /** Where log lines go (tests capture them); stdout by default. */
  logStream?: NodeJS.WritableStream;
}

export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const logStream = opts.logStream ?? (config.logFormat === "pretty" ? await prettyStream() : undefined);
  const logger: FastifyServerOptions["logger"] = loggerOptions(config, logStream);
  const https = config.publicUrl.startsWith("https:");
  const app = Fastify({
    logger,
    // One line per request instead of Fastify's two (logging.ts).
    logController: new OneLinePerRequest(),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: trustProxyOption(config.trustProxy),
    // Closing: the store's own 503 (the hook below), with its text and headers, not Fastify's.
    return503OnClosing: false,
    routerOptions: { maxParamLength: 200 },
    // Fastify's own answers (bad URL, over-long parameter, unparsable request) quote the request
    // and carry none of our headers: they go through the store's error mapping instead.
    frameworkErrors: frameworkErrors(https),
    clientErrorHandler: clientErrorHandler(https),
    // An HTTP/1.1 request without Host gets the store's 400 (security.ts) instead of Node's bare one.
    http: { requireHostHeader: false },
  });
  // The figures of /metrics (http/metrics-route.ts); the outbox is read at each scrape.
  const metrics = createMetrics({
    outbox: async () => {
      const waiting = { sentAt: null, heldAt: null };
      const [backlog, failing] = await Promise.all([
        db.emailOutbox.count({ where: waiting }),
        db.emailOutbox.count({ where: { ...waiting, lastError: { not: null } } }),
      ]);
      return { backlog, failing };
    },
  });
  const db =
    opts.db ??
    createDb(config.databaseUrl, {
      poolSize: config.databasePoolSize,
      log: app.log,
      onStatementDone: (sql, seconds) => metrics.statement(sql, seconds),
    });
  const clock = opts.clock ?? systemClock;
  const mailer = createMailer({
    db,
    clock,
    log: app.log,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    limits: opts.mailLimits ?? scaleMailLimits(MAIL_LIMITS, config.rateLimitMultiplier),
  });
  const background = createBackground(app.log);
  const deps: Deps = {
    db,
    config,
    clock,
    log: app.log,
    limiter: new RateLimiter(
      clock,
      opts.rateLimits ?? scaleLimits(RATE_LIMITS, config.rateLimitMultiplier),
      createRateLimitStore(config.rateLimitStore, db, config.sessionSecret),
      // Counted by the limit's scope, the key's first part (`login:ip:...` → login), never the key.
      (key) => metrics.rateLimitRefusal(key.includes(":") ? key.slice(0, key.indexOf(":")) : "other"),
    ),
    mailer,
    background,
    metrics,
  };
  app.decorate("deps", deps);
  const lifecycle: Lifecycle = { draining: false, closing: false };
  app.decorate("lifecycle", lifecycle);
  app.addHook("onSend", (_req, reply, payload, done) => {
    if (lifecycle.draining) reply.header("connection", "close");
    done(null, payload);
  });
  // Once closing has begun, a request that still reaches the server (on a connection kept
  // open) is answered 503 with Retry-After through the error mapping (the hook after the
  // security headers below), before it touches anything that is about to close.
  app.addHook("preClose", (done) => {
    lifecycle.closing = true;
    done();
  });
  // Ended windows are deleted now and then; they count for nothing, they only take room.
  const store = deps.limiter.store;
  const sweeper =
    store instanceof DbRateLimitStore
      ? setInterval(() => {
          store.sweep(clock.now()).catch((err: unknown) => app.log.warn({ err }, "rate-limit sweep failed"));
        }, RATE_LIMIT_SWEEP_MS).unref()
      : undefined;
  // Carts nobody will come back to are removed now and then (docs/deploying.md, "Carts").
  const stopCartSweeper = startCartSweeper(deps);
  // Stripe takes the payments: its client behind the lifecycle's captures, refunds and voids, and
  // the loop that processes its webhook events, settles stuck intents and konbini deadlines.
  if (config.stripe) setPaymentProvider(new StripePaymentProvider(stripeClient(config.stripe)));
  const stripeEvents = config.stripe ? startStripeEvents(deps) : null;
  // Shutting down (SIGTERM, main.ts): new connections are refused and any new request on an
  // open one gets 503 (the closing hook above), requests in flight finish, and then (onClose runs
  // after them) the background work, the outbox loop and the database connections end.
  app.addHook("onClose", async () => {
    if (sweeper) clearInterval(sweeper);
    stopCartSweeper();
    await stripeEvents?.stop();
    await background.idle();
    await mailer.stop();
    if (!opts.db) await db.$disconnect();
  });

  await app.register(fastifyCookie);
  registerSecurity(app, {
    publicUrl: config.publicUrl,
    development: config.env === "development",
    csp: cspFor(
      config.stripe ? { jsUrl: config.stripe.jsUrl, apiOrigin: config.stripe.api?.origin ?? null } : null,
    ),
  });
  registerRobotsHeader(app);
  app.addHook("onRequest", (_req, _reply, done) => {
    if (lifecycle.closing) done(new AppError("SERVICE_UNAVAILABLE", MESSAGES.busy, { retryAfterSeconds: 5 }));
    else done();
  });

  app.setErrorHandler((err, req, reply) => replyWithError(req, reply, err));

  const makeContext = createContextFactory(deps);
  // The public-data writers of a tRPC batch that failed: the batch answers 207, and the page cache
  // stays as it is for them (the onSend hook of the page renderer, below).
  const failedWrites = new WeakMap<FastifyRequest, string[]>();
  // tRPC's Fastify plugin, with non-streamed answers sent as one string (trpc/fastify-route.ts).
  await app.register(trpcRoute, {
    prefix: "/trpc",
    trpcOptions: {
      router: appRouter,
      createContext: ({
        req,
        res,
      }: {
        req: Parameters<typeof makeContext>[0];
        res: Parameters<typeof makeContext>[1];
      }) => makeContext(req, res),
      maxBatchSize: TRPC_MAX_BATCH,
      onError: ({ path, req }: { path?: string; req: FastifyRequest }) => {
        if (path && PUBLIC_DATA_WRITERS.has(path)) {
          failedWrites.set(req, [...(failedWrites.get(req) ?? []), path]);
        }
      },
      // The answer's headers (Retry-After) from the same mapping as every other error answer.
      responseMeta: ({ errors }: { errors: unknown[] }) => ({
        headers: Object.assign({}, ...errors.map((err) => errorAnswer(err).headers)),
      }),
    },
  });

  // The admin's router on its own endpoint, context and cookie (trpc/admin-route.ts, docs/admin.md).
  await registerAdmin(app, deps);
  registerMetricsRoute(app, {
    metrics,
    token: config.metricsToken,
    behindProxy: config.trustProxy !== false,
    procedures: {
      "/trpc": new Set(Object.keys(appRouter._def.procedures)),
      [ADMIN_TRPC_PATH]: new Set(Object.keys(adminAppRouter._def.procedures)),
    },
  });
  app.get("/api/health", async () => ({ ok: true }));
  await registerApiDocs(app, config.publicUrl, { swaggerUi: config.apiDocs });
  registerHealth(app, { db, databaseUrl: config.databaseUrl, lifecycle });
  accountRest(app, makeContext);
  ordersRest(app, makeContext);
  addressesRest(app, makeContext);
  cartRest(app, makeContext);
  checkoutRest(app, makeContext);
  if (config.stripe && stripeEvents)
    registerStripeWebhook(app, deps, { webhookSecret: config.stripe.webhookSecret, kick: stripeEvents.kick });
  catalogRest(app, makeContext);
  reviewsRest(app, makeContext);
  compatibilityRest(app, makeContext);
  contactRest(app, makeContext);
  newsletterRest(app, makeContext);
  firmwareRest(app, makeContext);
  releaseNotesRest(app, makeContext);
  gamesRest(app, makeContext);
  blogRest(app, makeContext);
  searchRest(app, makeContext);
  registerProductImages(app);
  // Uploaded product pictures, their sizes made from the original kept in the media storage.
  registerPictureRoutes(app, { db, storage: localMediaStorage(config.mediaDir) });
  // Posts' uploaded covers, the same way (modules/blog/covers.ts).
  registerBlogCoverRoutes(app, { storage: localMediaStorage(config.mediaDir) });
  registerPreviews(app, { db, clientDist: config.clientDist });
  registerSeo(app, { db, clock, publicUrl: config.publicUrl });
  if (config.devMailbox) registerMailbox(app, db, config.publicUrl);
  else if (config.env !== "production" && !config.smtpUrl) {
    app.log.warn(
      { host: config.host },
      "development mailbox not served: HOST is not a loopback address (DEV_MAILBOX=on serves it) or DEV_MAILBOX=off",
    );
  }

  const indexHtml = path.join(config.clientDist, "index.html");
  const hasClient = existsSync(indexHtml);
  // index.html for each route, with the hints for its page's code; built once, here.
  const spaPages = hasClient ? loadSpaPages(config.clientDist) : undefined;
  // The admin's own index.html (a second entry of the client build), for every /admin page.
  const adminPage = hasClient ? loadAdminPage(config.clientDist) : undefined;
  if (hasClient) {
    const servesSourceMaps = config.env === "development";
    // The build's fingerprinted files (most of the build: 500-odd, with their .br and .gz) under one
    // wildcard route: a route per file cost start-up a walk of the folder and a hundred
    // milliseconds of route registration. A missing file goes on to the not-found handler (404).
    await app.register(fastifyStatic, {
      root: path.join(config.clientDist, "assets"),
      prefix: "/assets/",
      index: false,
      wildcard: true,
      preCompressed: true,
      // Source maps (and their compressed copies) are served in development only: elsewhere they
      // would hand out the client's whole source and comments; their URLs answer 404.
      allowedPath: (pathName) => servesSourceMaps || !isSourceMap(pathName),
      setHeaders(res) {
        // Vite fingerprints everything under assets/, so it never changes under a name.
        res.header("cache-control", "public, max-age=31536000, immutable");
      },
    });
    // The rest of the build (the favicon, the pictures under media/), a route per file.
    await app.register(fastifyStatic, {
      root: config.clientDist,
      decorateReply: false,
      index: false,
      wildcard: false,
      // The build writes .br and .gz beside each text file (client/vite.config.ts).
      preCompressed: true,
      globIgnore: ["assets/**", ...ADMIN_HTML_FILES, ...(servesSourceMaps ? [] : SOURCE_MAPS)],
    });
  }

  // Public pages rendered with their content by the client build's server renderer, when the
  // build has one (docs/decisions/013-server-rendering.md); index.html as it is otherwise.
  const serverEntry = spaPages ? serverEntryOf(ssrDirFor(config.clientDist)) : undefined;
  const pages =
    spaPages && serverEntry
      ? createPageRenderer({
          entry: serverEntry,
          origin: config.publicUrl,
          template: (urlPath) => spaPages.forPath(urlPath).html.toString("utf8"),
          onFailure: (err, url) => app.log.error({ err, url }, "page render failed"),
          maxRenders: config.pageRenders,
        })
      : undefined;
  // A scheduled post's time empties the cache too (modules/blog/schedule.ts).
  const scheduledPosts = pages
    ? watchScheduledPosts({
        db,
        clock,
        onDue: () => pages.bump(),
        onError: (err) => app.log.warn({ err }, "reading the next scheduled post failed"),
      })
    : undefined;
  if (scheduledPosts) app.addHook("onClose", async () => scheduledPosts.stop());
  // Each instance reads the database's public-data version before a page, at most once per
  // PAGE_SYNC_MS, and drops its cached pages when another instance's write moved it
  // (http/page-sync.ts): their copies go within a second, not after the cache's 60 s.
  const pageSync = pages
    ? createPageSync({
        read: () => readPublicDataVersion(db),
        dropPages: () => pages.bump(),
        intervalMs: config.pageSyncMs,
      })
    : undefined;
  // A write that changed what public pages show (a public-data writer that succeeded) makes
  // every cached page of this instance stale and moves the public-data version for the others
  // (an instance without a renderer too: the others have theirs), before its answer leaves, so
  // the writer's next page is fresh. A streamed tRPC answer (trpc-accept: application/jsonl) is
  // sent before its procedures end: it is judged once it has been.
  const judge = async (req: FastifyRequest, reply: FastifyReply) => {
    const failed = failedWrites.get(req);
    if (reply.statusCode < 400 && writesPublicData(req.method, routedPath(req.url), failed)) {
      pages?.bump();
      scheduledPosts?.refresh();
      await bumpPublicDataVersion(db).then(
        (version) => pageSync?.saw(version),
        (err: unknown) => req.log.warn({ err }, "moving the public-data version failed"),
      );
    }
  };
  const streamed = (req: FastifyRequest) => req.headers["trpc-accept"] === "application/jsonl";
  app.addHook("onSend", async (req, reply) => {
    if (!streamed(req)) await judge(req, reply);
  });
  app.addHook("onResponse", async (req, reply) => {
    if (streamed(req)) await judge(req, reply);
  });
  if (pages) app.decorate("pages", pages);
  if (pageSync) app.decorate("pageSync", pageSync);

  /** The page's largest picture as a preload Link, when its data names one; a failed look-up only loses the hint. */
  const setPageHints = async (req: FastifyRequest, reply: FastifyReply, url: string): Promise<void> => {
    const link = await pageLinkHeader(db, url).catch((err: unknown) => {
      req.log.warn({ err }, "page hints failed");
      return undefined;
    });
    if (link) reply.header("link", link);
  };
  app.setNotFoundHandler(async (req, reply) => {
    // The path the router answered for (decoded, as security.ts decides), so that /%61pi/x is an API miss.
    const url = routedPath(req.url);
    const isPage =
      (req.method === "GET" || req.method === "HEAD") &&
      !isApiPath(url) &&
      !url.startsWith("/images/") &&
      !url.startsWith("/dev/") &&
      !url.startsWith("/assets/");
    if (isPage && isAdminPagePath(url)) {
      // The admin's pages: its index.html as built, whatever the path (its router decides), never
      // server-rendered or put in the page cache, never kept by a browser or proxy, never indexed
      // (X-Robots-Tag from robots-header.ts: /admin is a private page prefix).
      if (!adminPage) return replyWithError(req, reply, new AppError("NOT_FOUND", REQUEST_ERRORS.notFound));
      reply.header("cache-control", "no-store");
      reply.header("vary", "accept-encoding");
      reply.type("text/html; charset=utf-8");
      const encoding = pickEncoding(req.headers["accept-encoding"]);
      if (encoding) reply.header("content-encoding", encoding);
      return reply.send(
        encoding === "br" ? adminPage.br : encoding === "gzip" ? adminPage.gzip : adminPage.html,
      );
    }
    if (isPage && pages) {
      await app.pageSync?.check();
      const answer = await pages.answer({
        url: req.url,
        cookie: req.headers.cookie,
        acceptLanguage: acceptedLanguages(req.headers["accept-language"]),
        ifNoneMatch: req.headers["if-none-match"],
        call: anonymousCall(makeContext)(req, reply),
      });
      reply.code(answer.status).headers(answer.headers);
      if (!answer.body || Buffer.isBuffer(answer.body)) return reply.send(answer.body ?? "");
      // No Link hint: the rendered head already preloads the page's main picture (React's
      // preload from the page), and a cached page is answered without asking the database.
      const encoding = pickEncoding(req.headers["accept-encoding"]);
      if (encoding) reply.header("content-encoding", encoding);
      const body = answer.body;
      return reply.send(encoding === "br" ? body.br : encoding === "gzip" ? body.gzip : body.html);
    }
    if (isPage && spaPages) {
      // SPA fallback: the client router decides, and shows its own not-found page.
      const page = spaPages.forPath(url);
      reply.header("cache-control", "no-cache");
      reply.header("vary", "accept-encoding");
      reply.header("etag", page.etag);
      reply.type("text/html; charset=utf-8");
      // A 304 keeps the headers the browser cached with the page, its Link among them: no look-up.
      if (req.headers["if-none-match"] === page.etag) {
        reply.code(304);
        return reply.send();
      }
      await setPageHints(req, reply, url);
      const encoding = pickEncoding(req.headers["accept-encoding"]);
      if (encoding) reply.header("content-encoding", encoding);
      return reply.send(encoding === "br" ? page.br : encoding === "gzip" ? page.gzip : page.html);
    }
    return replyWithError(req, reply, new AppError("NOT_FOUND", REQUEST_ERRORS.notFound));
  });

  return app;
}

/**
 * Calls a procedure by its path ("catalog.product") through the app router's caller, as an
 * anonymous reader: no session, no device cookie, and no cookie is ever set, so what a page
 * renders holds nothing of the reader who asked for it first.
 */
function anonymousCall(makeContext: ReturnType<typeof createContextFactory>) {
  return (req: FastifyRequest, reply: FastifyReply) => {
    const ctx = {
      ...makeContext(req, reply),
      sessionToken: undefined,
      deviceCookie: undefined,
      session: async () => null,
      setSessionCookie: () => undefined,
      clearSessionCookie: () => undefined,
      setDeviceCookie: () => undefined,
    };
    const caller = createCaller(ctx) as unknown as Record<
      string,
      Record<string, (input: unknown) => Promise<unknown>>
    >;
    // A failure carries its HTTP status: the page's answer (404 for a product that does not exist).
    return async (procedurePath: string, input: unknown): Promise<unknown> => {
      const [area = "", name = ""] = procedurePath.split(".");
      const procedure = caller[area]?.[name];
      try {
        if (!procedure) throw new AppError("NOT_FOUND", REQUEST_ERRORS.notFound);
        return await procedure(input);
      } catch (err) {
        throw Object.assign(new Error(`${procedurePath} failed`, { cause: err }), {
          status: errorAnswer(err).status,
        });
      }
    };
  };
}
