// Public pages answered as HTML with their content (docs/decisions/013-server-rendering.md).
// The client build's server renderer (client/dist-ssr/entry-server.js, from
// client/src/app/entry-server.tsx) renders a page's route with its data; this module puts the
// result into the page's built index.html (its asset tags and route hints, spa-pages.ts), keeps
// it in a cache per URL, language and data version, and answers with an ETag (304 when it
// matches). Private pages (account, cart, checkout, /dev) get the client's shell with their
// title and `noindex`.
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { brotliCompressSync, gzipSync, constants as zlib } from "node:zlib";
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
}

export const SSR_ENTRY_FILE = "entry-server.js";
export const SSR_STATE_ID = "vela-ssr-state";

/** The renderer's build beside the client's: client/dist-ssr for client/dist. */
export const ssrDirFor = (clientDist: string): string =>
  path.join(path.dirname(clientDist), `${path.basename(clientDist)}-ssr`);

/**
 * The server renderer of a client build, or undefined when the build has none. It is imported on
 * the first page asked for, so a process (or a test) that serves no page never loads React's
 * server renderer, jsdom and every language's texts.
 */
export function serverEntryOf(ssrDir: string): ServerEntry | undefined {
  const file = path.join(ssrDir, SSR_ENTRY_FILE);
  if (!existsSync(file)) return undefined;
  let loaded: Promise<ServerEntry> | undefined;
  return {
    async renderPage(input) {
      loaded ??= import(pathToFileURL(file).href) as Promise<ServerEntry>;
      return (await loaded).renderPage(input);
    },
  };
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
  html: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
  headers: Record<string, string>;
  version: number;
  bornAt: number;
}

export interface PageRendererOptions {
  entry: ServerEntry;
  /** The store's public origin (PUBLIC_URL), which the pages' canonical and share URLs are built on. */
  origin: string;
  /** The page's built index.html for a path (spa-pages.ts), with its route hints. */
  template(urlPath: string): string;
  onFailure(error: unknown, url: string): void;
  now?: () => number;
  /** Entries kept (least recently used leave first). */
  maxEntries?: number;
  /**
   * The longest an entry is answered. Writes in this process drop the cache at once (bump());
   * this bounds what a write elsewhere (another instance, the CLI) leaves stale.
   */
  maxAgeMs?: number;
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
  return {
    status,
    html,
    // Brotli at a middle level: an entry is compressed once per cache miss, not at build time.
    br: brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }),
    gzip: gzipSync(html, { level: 6 }),
    etag: weakEtag(html),
    headers,
    version,
    bornAt,
  };
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

export interface PageRenderer {
  answer(req: PageRequest): Promise<PageAnswer>;
  /** Something public pages show has changed: every cached page is stale. */
  bump(): void;
  /** For tests and figures. */
  readonly version: number;
  readonly size: number;
}

export function createPageRenderer(opts: PageRendererOptions): PageRenderer {
  const now = opts.now ?? Date.now;
  const maxEntries = opts.maxEntries ?? 1000;
  const maxAgeMs = opts.maxAgeMs ?? 60_000;
  const cache = new Map<string, Cached>();
  let version = 0;

  const fromCache = (key: string): Cached | undefined => {
    const hit = cache.get(key);
    if (!hit) return undefined;
    cache.delete(key);
    if (hit.version !== version || now() - hit.bornAt > maxAgeMs) return undefined;
    cache.set(key, hit);
    return hit;
  };
  const keep = (key: string, entry: Cached) => {
    cache.set(key, entry);
    while (cache.size > maxEntries) cache.delete(cache.keys().next().value as string);
  };

  async function render(req: PageRequest, locale: Locale): Promise<{ entry: Cached; cacheable: boolean }> {
    const urlPath = req.url.split("?")[0] ?? "/";
    const template = opts.template(urlPath);
    const started = version;
    let out: RenderOutput;
    try {
      out = await opts.entry.renderPage({ url: req.url, locale, call: req.call, origin: opts.origin });
    } catch (error) {
      out = { kind: "failed", lang: locale, status: 500, error };
    }
    const born = now();
    switch (out.kind) {
      case "page":
        return {
          entry: compressed(out.status, Buffer.from(fillTemplate(template, out), "utf8"), {}, started, born),
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
        if (status >= 500) opts.onFailure(out.error, req.url);
        // The client renders the page (its not-found view, or its error with Retry).
        const html = Buffer.from(fillTemplate(template, { lang: out.lang }), "utf8");
        return {
          entry: compressed(status >= 500 ? 200 : status, html, {}, started, born),
          cacheable: status === 404,
        };
      }
    }
  }

  return {
    get version() {
      return version;
    },
    get size() {
      return cache.size;
    },
    bump() {
      version++;
      cache.clear();
    },
    async answer(req) {
      const search = req.url.includes("?") ? req.url.slice(req.url.indexOf("?")) : "";
      const locale = resolveLocale({ search, cookie: req.cookie ?? "", languages: req.acceptLanguage });
      // Rendered as an anonymous reader whoever asks: the page holds nothing of a session, so
      // one entry serves every reader of a URL in a language.
      const key = `${locale} ${req.url}`;
      let entry = fromCache(key);
      let cache = "hit";
      if (!entry) {
        const rendered = await render(req, locale);
        entry = rendered.entry;
        cache = "miss";
        // A write during the render may have changed what it read: not kept.
        if (rendered.cacheable && entry.version === version) keep(key, entry);
      }
      const headers: Record<string, string> = {
        ...entry.headers,
        "cache-control": "no-cache",
        vary: "accept-encoding, accept-language, cookie",
        etag: entry.etag,
        "x-page-cache": cache,
        "content-type": "text/html; charset=utf-8",
      };
      // A ?lang= picks the language for the visit and is remembered, as the language switch does:
      // from the first answer, so the next page is in it too, with or without JavaScript.
      const fromQuery = readQueryParam(search, LANG_QUERY_PARAM);
      // Secure when the store is served over HTTPS (PUBLIC_URL), as the session cookie is.
      if (isLocale(fromQuery)) {
        headers["set-cookie"] = langCookie(fromQuery, { secure: opts.origin.startsWith("https:") });
      }
      if (entry.status >= 300 && entry.status < 400) return { status: entry.status, headers };
      if (req.ifNoneMatch?.split(/\s*,\s*/).includes(entry.etag)) return { status: 304, headers };
      return { status: entry.status, headers, body: { html: entry.html, br: entry.br, gzip: entry.gzip } };
    },
  };
}

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/**
 * Writes that never change what a public page shows: a reader's own account, addresses and cart,
 * a message to the store, a newsletter sign-up, a checkout quote. Every other successful write
 * (an order takes stock, a review changes a rating, whatever is added later) drops the page cache.
 */
const PRIVATE_PROCEDURE = /^(account|addresses|cart|contact|newsletter)\.|^checkout\.quote$/;
const PRIVATE_REST = /^\/api\/(account|cart|contact|newsletter)(\/|$)|^\/api\/checkout\/quote$/;

/** Whether a request that succeeded may have changed what public pages show. */
export function writesPublicData(method: string, url: string): boolean {
  if (!UNSAFE.has(method)) return false;
  const urlPath = url.split("?")[0] ?? "";
  if (urlPath.startsWith("/trpc/")) {
    const procedures = decodeURIComponent(urlPath.slice("/trpc/".length)).split(",");
    return procedures.some((p) => !PRIVATE_PROCEDURE.test(p));
  }
  if (urlPath.startsWith("/api/")) return !PRIVATE_REST.test(urlPath);
  return false;
}
