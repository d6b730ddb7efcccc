// Public pages answered as HTML with their content (docs/decisions/013-server-rendering.md).
// The client build's server renderer (client/dist-ssr/entry-server.js, from
// client/src/app/entry-server.tsx) renders a page's route with its data; this module puts the
// result into the page's built index.html (its asset tags and route hints, spa-pages.ts), keeps
// it in a cache per page (its path and the query parameters it reads), language and data
// version, and answers with an ETag (304 when it matches). Each page is rendered once however
// many readers wait for it, at most `maxRenders` at a time, and a stale copy is answered while a
// fresh one renders. Private pages (account, cart, checkout, /dev) get the client's shell with
// their title and `noindex`.
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { brotliCompressSync, gunzipSync, gzipSync, constants as zlib } from "node:zlib";
import {
  isLocale,
  LANG_QUERY_PARAM,
  type Locale,
  langCookie,
  readQueryParam,
  resolveLocale,
} from "@vela/i18n";
import { escapeHtml } from "./html.ts";

/** What client/src/app/entry-server.tsx exports (the server loads it at run time). */
export interface RenderInput {
  url: string;
  locale: Locale;
  call(procedurePath: string, input: unknown): Promise<unknown>;
  origin: string;
}
export type RenderOutput =
  | { kind: "page"; status: number; lang: string; head: string; body: string; state: string }
  | { kind: "redirect"; status: number; location: string }
  | { kind: "shell"; lang: string; title: string; noindex: boolean }
  | { kind: "failed"; lang: string; status: number; error: unknown };
export interface ServerEntry {
  renderPage(input: RenderInput): Promise<RenderOutput>;
  /**
   * The query parameters the page at a path reads, `lang` aside (client/src/app/page-query.ts).
   * A renderer without it (an older build) has every page keyed by its whole query.
   */
  pageQueryParams?(pathname: string): readonly string[];
}

export const SSR_ENTRY_FILE = "entry-server.js";
export const SSR_STATE_ID = "vela-ssr-state";

/** The renderer's build beside the client's: client/dist-ssr for client/dist. */
export const ssrDirFor = (clientDist: string): string =>
  path.join(path.dirname(clientDist), `${path.basename(clientDist)}-ssr`);

/**
 * The loader of a client build's server renderer, or undefined when the build has none. It is
 * imported on the first page asked for, so a process (or a test) that serves no page never loads
 * React's server renderer and every language's texts. A renderer that fails to load fails
 * every render (each page is then answered with the client's shell, and the failure logged).
 */
export function serverEntryOf(ssrDir: string): (() => Promise<ServerEntry>) | undefined {
  const file = path.join(ssrDir, SSR_ENTRY_FILE);
  if (!existsSync(file)) return undefined;
  let loaded: Promise<ServerEntry> | undefined;
  return () =>
    (loaded ??= (import(pathToFileURL(file).href) as Promise<ServerEntry>).catch(
      (error: unknown): ServerEntry => ({
        renderPage: () => Promise.reject(error),
      }),
    ));
}

export interface PageAnswer {
  status: number;
  headers: Record<string, string>;
  /** Undefined for a 304. */
  body?: { html: Buffer; br: Buffer; gzip: Buffer } | Buffer;
}

export interface PageRequest {
  /** Path and query. */
  url: string;
  cookie: string | undefined;
  acceptLanguage: readonly string[];
  ifNoneMatch: string | undefined;
  /** Calls a procedure as an anonymous reader, for this request (used on a cache miss). */
  call: RenderInput["call"];
}

interface Cached {
  status: number;
  /**
   * The page compressed both ways; its HTML is not kept (three to ten times their size, and
   * nearly every browser takes brotli or gzip): the rare reader who takes neither gets it unzipped.
   */
  br: Buffer;
  gzip: Buffer;
  etag: string;
  headers: Record<string, string>;
  version: number;
  bornAt: number;
  /** What the entry holds in memory, in bytes (its two bodies). */
  bytes: number;
}

export interface PageRendererOptions {
  /** The renderer, or its loader (serverEntryOf), called on the first page asked for. */
  entry: ServerEntry | (() => Promise<ServerEntry>);
  /** The store's public origin (PUBLIC_URL), which the pages' canonical and share URLs are built on. */
  origin: string;
  /** The page's built index.html for a path (spa-pages.ts), with its route hints. */
  template(urlPath: string): string;
  onFailure(error: unknown, url: string): void;
  now?: () => number;
  /** Entries kept (least recently used leave first). */
  maxEntries?: number;
  /** Bytes the entries' bodies take at most (least recently used leave first). */
  maxBytes?: number;
  /** Not-found pages kept, apart from the others (least recently used leave first). */
  maxMissingEntries?: number;
  /**
   * The longest an entry is answered as fresh. Writes in this process make every entry stale at
   * once (bump()); this bounds what a write elsewhere (another instance, the CLI) leaves stale.
   */
  maxAgeMs?: number;
  /**
   * How old a stale entry may be and still be answered while its page renders afresh (for the
   * readers who would otherwise wait behind that render, or behind `maxRenders`).
   */
  maxStaleMs?: number;
  /** Pages rendering at once, at most (PAGE_RENDERS); more wait their turn. */
  maxRenders?: number;
  /**
   * Renders waiting for their turn, at most. A reader whose page has no copy at all and would
   * wait beyond that gets the client's shell (`X-Page-Cache: busy`), which renders the page in
   * the browser, instead of a long wait.
   */
  maxQueuedRenders?: number;
}

const weakEtag = (body: Buffer): string =>
  `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;

function compressed(
  status: number,
  html: Buffer,
  headers: Record<string, string>,
  version: number,
  bornAt: number,
): Cached {
  // Brotli at a middle level: an entry is compressed once per cache miss, not at build time.
  const br = brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } });
  const gzip = gzipSync(html, { level: 6 });
  return {
    status,
    br,
    gzip,
    etag: weakEtag(html),
    headers,
    version,
    bornAt,
    bytes: br.length + gzip.length,
  };
}

/**
 * The URL a page is rendered from and kept under: its path, and of its query only the parameters
 * the page reads and `lang`, sorted. Any other parameter (`?utm_source=`, a random one) changes
 * nothing the page shows, so it neither makes another entry nor another render. `lang` is kept
 * once, emptied when it names no language (the page asks only whether it is there). `reads`
 * undefined keeps the whole query (a renderer that does not say what its pages read).
 */
export function pageCacheUrl(urlPath: string, search: string, reads: readonly string[] | undefined): string {
  if (search.length <= 1) return urlPath;
  if (!reads) return `${urlPath}${search}`;
  const kept = new URLSearchParams();
  let lang = false;
  for (const [name, value] of new URLSearchParams(search)) {
    if (name === LANG_QUERY_PARAM) {
      if (!lang) kept.append(name, isLocale(value) ? value : "");
      lang = true;
    } else if (reads.includes(name)) {
      kept.append(name, value);
    }
  }
  // By name; a repeated parameter's values keep their order.
  kept.sort();
  const query = kept.toString();
  return query ? `${urlPath}?${query}` : urlPath;
}

/**
 * A rendered page arrives with its content, so its code need not race the content for the first
 * round trips: the `modulepreload` hints go (the entry's script tag stays), and the browser fetches
 * the code after the page's own stylesheets and pictures (LCP, docs/performance.md). A click that
 * lands before the code has run is kept and replayed once it has (client/public/early-clicks.js).
 * Shells and error pages, which show nothing until their code runs, keep the hints.
 */
export function withoutModulePreloads(html: string): string {
  return html.replace(/[ \t]*<link rel="modulepreload"[^>]*>\n?/g, "");
}

/** The built index.html with the rendered page in it. */
export function fillTemplate(
  template: string,
  page: { lang: string; head?: string; body?: string; state?: string; title?: string; noindex?: boolean },
): string {
  let html = template.replace(/<html lang="[^"]*"/, `<html lang="${escapeHtml(page.lang)}"`);
  let head = page.head ?? "";
  // A shell's own title and robots line are for readers that run no script; the client, which
  // renders the page's own (PageMeta), drops them first (main.tsx), so the head never holds two.
  if (page.title !== undefined) head = `<title data-shell-head>${escapeHtml(page.title)}</title>${head}`;
  if (page.noindex) head += '<meta name="robots" content="noindex" data-shell-head>';
  // A page that names itself replaces the built title.
  if (head.includes("<title")) html = html.replace(/<title>[^<]*<\/title>\s*/, "");
  if (head) html = html.replace("</head>", `${head}\n  </head>`);
  if (page.body !== undefined) {
    const state = page.state
      ? `<script type="application/json" id="${SSR_STATE_ID}">${page.state}</script>`
      : "";
    html = html
      .replace('<div id="root"></div>', () => `<div id="root">${page.body}</div>${state}`)
      // The page reads without JavaScript now.
      .replace(/\s*<noscript>[^<]*<\/noscript>/, "");
  }
  return html;
}

export interface PageRendererStats {
  entries: number;
  bytes: number;
  /** Renders begun since the start. */
  renders: number;
  /** Renders under way now, and the most there ever were at once. */
  rendering: number;
  peakRendering: number;
  /** Renders waiting for their turn. */
  queued: number;
}

export interface PageRenderer {
  answer(req: PageRequest): Promise<PageAnswer>;
  /** Something public pages show has changed: every cached page is stale. */
  bump(): void;
  /** For tests and figures. */
  readonly version: number;
  readonly size: number;
  readonly stats: PageRendererStats;
}

/** A render under way, which every reader of its page joins. */
interface Flight {
  /** The data version it began at: a reader after a write does not join a render from before it. */
  version: number;
  promise: Promise<Cached>;
}

type CacheState = "hit" | "miss" | "stale" | "busy";

/**
 * The page cache's bounds when the options name none, as ADR 013 states them: pages kept, not-found
 * pages kept apart, bytes, how long a page is fresh and how long a stale copy may still be answered,
 * renders at once (PAGE_RENDERS) and renders waiting.
 */
export const PAGE_CACHE_DEFAULTS = {
  maxEntries: 1000,
  maxMissingEntries: 64,
  maxBytes: 64 * 1024 * 1024,
  maxAgeMs: 60_000,
  maxStaleMs: 10 * 60_000,
  maxRenders: 2,
  maxQueuedRenders: 32,
} as const;

export function createPageRenderer(opts: PageRendererOptions): PageRenderer {
  const now = opts.now ?? Date.now;
  const d = PAGE_CACHE_DEFAULTS;
  const maxEntries = opts.maxEntries ?? d.maxEntries;
  const maxMissingEntries = opts.maxMissingEntries ?? d.maxMissingEntries;
  const maxBytes = opts.maxBytes ?? d.maxBytes;
  const maxAgeMs = opts.maxAgeMs ?? d.maxAgeMs;
  const maxStaleMs = opts.maxStaleMs ?? d.maxStaleMs;
  const maxRenders = Math.max(1, opts.maxRenders ?? d.maxRenders);
  const maxQueuedRenders = Math.max(0, opts.maxQueuedRenders ?? d.maxQueuedRenders);
  // Least recently used first (a hit moves its entry to the end).
  const cache = new Map<string, Cached>();
  let bytes = 0;
  let version = 0;
  const flights = new Map<string, Flight>();
  let rendering = 0;
  let peakRendering = 0;
  let renders = 0;
  /** Renders waiting for a turn, first come first served; a finished render hands its turn on. */
  const waiting: (() => void)[] = [];

  let entry = typeof opts.entry === "function" ? undefined : opts.entry;
  const loadEntry = async (): Promise<ServerEntry> => {
    entry ??= await (opts.entry as () => Promise<ServerEntry>)();
    return entry;
  };

  const drop = (key: string, held: Cached) => {
    cache.delete(key);
    bytes -= held.bytes;
  };
  // Not-found pages (any path a reader makes up) are kept apart, in a small LRU of their own: made-up
  // paths never push the store's real pages out of the cache.
  const missing = new Map<string, Cached>();
  const isMissing = (entry: Cached) => entry.status === 404 || entry.status === 410;
  const keep = (key: string, fresh: Cached) => {
    const old = cache.get(key);
    if (old) drop(key, old);
    missing.delete(key);
    if (isMissing(fresh)) {
      missing.set(key, fresh);
      while (missing.size > maxMissingEntries) missing.delete(missing.keys().next().value as string);
      return;
    }
    cache.set(key, fresh);
    bytes += fresh.bytes;
    while (cache.size > maxEntries || bytes > maxBytes) {
      const oldest = cache.keys().next().value as string;
      drop(oldest, cache.get(oldest) as Cached);
    }
  };

  /** A turn to render: at once when one is free (undefined), else once a render hands its turn on. */
  const turn = (): Promise<void> | undefined => {
    if (rendering < maxRenders) {
      rendering++;
      peakRendering = Math.max(peakRendering, rendering);
      return undefined;
    }
    return new Promise((resolve) => waiting.push(resolve));
  };
  const endTurn = () => {
    const next = waiting.shift();
    if (next) next();
    else rendering--;
  };
  const busy = () => rendering >= maxRenders;

  async function render(
    renderer: ServerEntry,
    url: string,
    locale: Locale,
    call: PageRequest["call"],
    started: number,
  ): Promise<{ entry: Cached; cacheable: boolean }> {
    const urlPath = url.split("?")[0] ?? "/";
    const template = opts.template(urlPath);
    let out: RenderOutput;
    try {
      out = await renderer.renderPage({ url, locale, call, origin: opts.origin });
    } catch (error) {
      out = { kind: "failed", lang: locale, status: 500, error };
    }
    const born = now();
    switch (out.kind) {
      case "page":
        return {
          entry: compressed(
            out.status,
            Buffer.from(fillTemplate(withoutModulePreloads(template), out), "utf8"),
            {},
            started,
            born,
          ),
          cacheable: true,
        };
      case "redirect":
        return {
          entry: compressed(out.status, Buffer.alloc(0), { location: out.location }, started, born),
          cacheable: true,
        };
      case "shell": {
        const html = Buffer.from(fillTemplate(template, out), "utf8");
        const headers: Record<string, string> = out.noindex ? { "x-robots-tag": "noindex" } : {};
        return { entry: compressed(200, html, headers, started, born), cacheable: true };
      }
      case "failed": {
        const status = out.status;
        if (status >= 500) opts.onFailure(out.error, url);
        // The client renders the page (its not-found view, or its error with Retry).
        const html = Buffer.from(fillTemplate(template, { lang: out.lang }), "utf8");
        return {
          entry: compressed(status >= 500 ? 200 : status, html, {}, started, born),
          cacheable: status === 404,
        };
      }
    }
  }

  /** Renders a page once for every reader who asks while it renders, in its turn, and keeps it. */
  function fly(key: string, renderer: ServerEntry, url: string, locale: Locale, call: PageRequest["call"]) {
    const waitForTurn = turn();
    const flight: Flight = { version, promise: undefined as unknown as Promise<Cached> };
    flight.promise = (async () => {
      try {
        if (waitForTurn) await waitForTurn;
        renders++;
        const rendered = await render(renderer, url, locale, call, flight.version);
        // A write during the render may have changed what it read: answered, not kept.
        if (rendered.cacheable && flight.version === version) keep(key, rendered.entry);
        return rendered.entry;
      } finally {
        endTurn();
        if (flights.get(key) === flight) flights.delete(key);
      }
    })();
    flights.set(key, flight);
    return flight;
  }

  return {
    get version() {
      return version;
    },
    get size() {
      return cache.size;
    },
    get stats() {
      return { entries: cache.size, bytes, renders, rendering, peakRendering, queued: waiting.length };
    },
    bump() {
      // Kept as stale copies: answered only while their page renders afresh.
      version++;
    },
    async answer(req) {
      const renderer = entry ?? (await loadEntry());
      const q = req.url.indexOf("?");
      const urlPath = q < 0 ? req.url : req.url.slice(0, q);
      const search = q < 0 ? "" : req.url.slice(q);
      const locale = resolveLocale({ search, cookie: req.cookie ?? "", languages: req.acceptLanguage });
      // Rendered as an anonymous reader whoever asks: the page holds nothing of a session, so
      // one entry serves every reader of a page in a language.
      const url =
        search.length > 1 ? pageCacheUrl(urlPath, search, renderer.pageQueryParams?.(urlPath)) : urlPath;
      const key = `${locale} ${url}`;
      const at = now();
      const held = cache.get(key) ?? missing.get(key);
      let found: Cached;
      let state: CacheState;
      if (held && held.version === version && at - held.bornAt <= maxAgeMs) {
        const home = isMissing(held) ? missing : cache;
        home.delete(key);
        home.set(key, held);
        found = held;
        state = "hit";
      } else {
        const stale = held && at - held.bornAt <= maxStaleMs ? held : undefined;
        const under = flights.get(key);
        const flight = under && under.version === version ? under : undefined;
        if (stale && (flight || busy())) {
          // Stale while it revalidates: the page is rendering, or would wait for a turn.
          if (!flight && waiting.length < maxQueuedRenders) {
            void fly(key, renderer, url, locale, req.call).promise.catch(() => undefined);
          }
          found = stale;
          state = "stale";
        } else if (flight) {
          found = await flight.promise;
          state = "miss";
        } else if (busy() && waiting.length >= maxQueuedRenders) {
          return busyShell(urlPath, locale, search);
        } else {
          found = await fly(key, renderer, url, locale, req.call).promise;
          state = "miss";
        }
      }
      const headers: Record<string, string> = {
        ...found.headers,
        "cache-control": "no-cache",
        vary: "accept-encoding, accept-language, cookie",
        etag: found.etag,
        "x-page-cache": state,
        "content-type": "text/html; charset=utf-8",
      };
      setLangCookie(headers, search, opts.origin);
      if (found.status >= 300 && found.status < 400) return { status: found.status, headers };
      if (req.ifNoneMatch?.split(/\s*,\s*/).includes(found.etag)) return { status: 304, headers };
      const { br, gzip } = found;
      return {
        status: found.status,
        headers,
        body: {
          br,
          gzip,
          get html() {
            return gunzipSync(gzip);
          },
        },
      };
    },
  };

  /** Too many renders waiting: the client's shell, which renders the page in the browser. Not kept. */
  function busyShell(urlPath: string, locale: Locale, search: string): PageAnswer {
    const headers: Record<string, string> = {
      "cache-control": "no-store",
      vary: "accept-encoding, accept-language, cookie",
      "x-page-cache": "busy",
      "content-type": "text/html; charset=utf-8",
    };
    setLangCookie(headers, search, opts.origin);
    return {
      status: 200,
      headers,
      body: Buffer.from(fillTemplate(opts.template(urlPath), { lang: locale }), "utf8"),
    };
  }
}

/**
 * A ?lang= picks the language for the visit and is remembered, as the language switch does: from
 * the first answer, so the next page is in it too, with or without JavaScript.
 */
function setLangCookie(headers: Record<string, string>, search: string, origin: string): void {
  if (!search) return;
  const fromQuery = readQueryParam(search, LANG_QUERY_PARAM);
  // Secure when the store is served over HTTPS (PUBLIC_URL), as the session cookie is.
  if (isLocale(fromQuery)) {
    headers["set-cookie"] = langCookie(fromQuery, { secure: origin.startsWith("https:") });
  }
}

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * The procedures whose success changes what a public page shows: an order takes stock, a review
 * changes a product's rating and the review lists. Nothing else an HTTP request can do changes a
 * public page (the catalogue, posts, games and release notes change through the CLI and the
 * seed, which this process does not see: maxAgeMs bounds those). A procedure that starts
 * changing public data is added here.
 */
export const PUBLIC_DATA_WRITERS: ReadonlySet<string> = new Set([
  "reviews.create",
  "checkout.place",
  // Stripe: completing a payment places the order (its stock taken), as `place` does.
  "checkout.completePayment",
]);
/**
 * The admin's (on /admin/trpc): cancelling an order, and receiving a return's units with restock,
 * put units back in stock, which product pages show; the catalogue's writes change products'
 * texts, prices, status (an archived product's page answers 404) and stock.
 */
export const ADMIN_PUBLIC_DATA_WRITERS: ReadonlySet<string> = new Set([
  "orders.cancel",
  "returns.receive",
  "products.update",
  "products.setStatus",
  "products.adjustStock",
  // A variant added or removed: the product's page, its prices and the carts holding it.
  "products.addVariant",
  "products.removeVariant",
  // A product's pictures: its page, the catalogue, the cart and link previews show them.
  "products.addPicture",
  "products.setPictureAlt",
  "products.movePicture",
  "products.deletePicture",
  "releaseNotes.createSystem",
  "releaseNotes.updateSystem",
  "releaseNotes.createApp",
  "releaseNotes.updateApp",
  "releaseNotes.delete",
  "firmware.update",
  "firmware.setStatus",
  "blog.update",
  "blog.publish",
  "blog.unpublish",
  "blog.delete",
  "catalogueCsv.applyImport",
]);
/** The same writes over REST: the route (method and pattern) and the procedure its adapter calls. */
const PUBLIC_DATA_REST: Readonly<Record<string, string>> = {
  "POST /api/reviews": "reviews.create",
  "POST /api/checkout/orders": "checkout.place",
  "POST /api/checkout/payments/complete": "checkout.completePayment",
};

/** The public-data writers a request asks for (a tRPC batch may ask for several). */
export function publicDataWrites(method: string, url: string): string[] {
  if (!UNSAFE.has(method)) return [];
  const urlPath = url.split("?")[0] ?? "";
  for (const [prefix, writers] of [
    ["/trpc/", PUBLIC_DATA_WRITERS],
    ["/admin/trpc/", ADMIN_PUBLIC_DATA_WRITERS],
  ] as const) {
    if (!urlPath.startsWith(prefix)) continue;
    let procedures: string[];
    try {
      procedures = decodeURIComponent(urlPath.slice(prefix.length)).split(",");
    } catch {
      return [];
    }
    return procedures.filter((p) => writers.has(p));
  }
  const procedure = PUBLIC_DATA_REST[`${method} ${urlPath}`];
  return procedure ? [procedure] : [];
}

/**
 * Whether a request whose answer is a success (below 400) changed what public pages show: it asked
 * for a public-data writer that did not fail. `failed` names the procedures of a tRPC batch that
 * failed (a batch answers 207 when some did).
 */
export function writesPublicData(method: string, url: string, failed: readonly string[] = []): boolean {
  const writes = publicDataWrites(method, url);
  if (writes.length === 0) return false;
  return writes.length > failed.filter((p) => writes.includes(p)).length;
}
