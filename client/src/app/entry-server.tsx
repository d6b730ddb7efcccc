// The server's renderer of public pages (built by `vite build --ssr` into client/dist-ssr, loaded
// by server/src/http/page-renderer.ts). It renders the same route table, loaders and providers as
// the browser (app.tsx, main.tsx), with react-router's static handler and router and React's
// streaming renderer (written out once every boundary is in, so React adds no inline script), and
// hands the client what it rendered from: the query cache, dehydrated, and the router's loader
// data. Every query runs in this process through the tRPC caller the server hands in (`call`), as
// an anonymous reader; nothing of a session is ever rendered here.

import { Writable } from "node:stream";
import { dehydrate, type Query, type QueryClient, skipToken } from "@tanstack/react-query";
import { TRPCClientError, type TRPCLink } from "@trpc/client";
import { observable } from "@trpc/server/observable";
import { createTRPCOptionsProxy } from "@trpc/tanstack-react-query";
import { type Locale, loadAllMessages, translate } from "@vela/i18n";
import { BRAND } from "@vela/shared";
import { StrictMode } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom";
import { pageLocale } from "../lib/i18n.tsx";
import { routeDataProvider } from "../lib/route-data.ts";
import { ServerRedirectProvider } from "../lib/server-redirect.tsx";
import { SiteOriginProvider } from "../lib/site-origin.tsx";
import { type AppRouter, createApiClient } from "../lib/trpc.ts";
import { splitHoisted } from "./hoisted.ts";
import { pageKind } from "./page-kinds.ts";
import { pageQueryParams } from "./page-query.ts";
import { AppProviders, createQueryClient } from "./providers.tsx";
import { appRoutes } from "./router.tsx";
import { jsonForScript, type SsrState } from "./ssr-state.ts";

// The server holds every language's texts at once; each page picks its own (translate(locale, …)).
await loadAllMessages();

/** What the server keys its page cache by: the page's path and the query parameters it reads (page-query.ts). */
export { pageQueryParams };

export interface RenderInput {
  /** The request's path and query, e.g. `/games?q=space&page=2`. */
  url: string;
  /** The reader's language (?lang=, the lang cookie, Accept-Language), as the client decides it. */
  locale: Locale;
  /** Calls a tRPC procedure by its path as an anonymous reader (the app router's createCaller). */
  call(path: string, input: unknown): Promise<unknown>;
  /** The store's public origin (PUBLIC_URL): canonical URLs, alternates, share tags and JSON-LD. */
  origin: string;
}

export type RenderOutput =
  /** A page rendered with its content: `head` goes before </head>, `body` into #root, `state` after it. */
  | { kind: "page"; status: number; lang: string; head: string; body: string; state: string }
  /** A redirect of the route table (/product/:handle), or a page's own (<Redirect>, lib/server-redirect.tsx). */
  | { kind: "redirect"; status: number; location: string }
  /** The client renders this page; its shell names it (`title`) and keeps private pages out of indexes. */
  | { kind: "shell"; lang: string; title: string; noindex: boolean }
  /** A query or the render failed: `status` is the query's (404 for a product that does not exist), else 500. */
  | { kind: "failed"; lang: string; status: number; error: unknown };

const TITLE_SUFFIX = ` | ${BRAND.name}`;
/** Queries found by one render and fetched before the next; a page's data is at most this deep. */
const MAX_PASSES = 4;

/** The API client of the route loaders and pages, answered in this process by `call`. */
function callerLink(call: RenderInput["call"]): TRPCLink<AppRouter> {
  return () =>
    ({ op }) =>
      observable((observer) => {
        call(op.path, op.input).then(
          (data) => {
            // As over the wire (no transformer): what the page reads is JSON, dates as strings.
            observer.next({
              result: {
                type: "data",
                data: data === undefined ? undefined : JSON.parse(JSON.stringify(data)),
              },
            });
            observer.complete();
          },
          (err: unknown) =>
            observer.error(TRPCClientError.from(err instanceof Error ? err : new Error(String(err)))),
        );
      });
}

/**
 * An inline `<script>` that would run: one without `src` that is not an inert data block (JSON,
 * JSON-LD). The CSP (`script-src 'self'`) blocks it, so a page that needed it would be broken.
 */
const INLINE_SCRIPT = /<script\b(?![^>]*\b(?:src=|type="application\/(?:ld\+)?json"))[^>]*>/i;

/** Renders with React's streaming renderer and collects the whole document once every boundary is in. */
function renderToHtml(node: React.ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    let failure: unknown;
    let html = "";
    const sink = new Writable({
      write(chunk, _encoding, done) {
        html += String(chunk);
        done();
      },
      final(done) {
        const script = INLINE_SCRIPT.exec(html)?.[0];
        if (failure) reject(failure);
        else if (script) reject(new Error(`the page holds a script the CSP blocks: ${script}`));
        else resolve(html);
        done();
      },
    });
    const stream = renderToPipeableStream(node, {
      // Waiting for every boundary means no boundary is late, and no limit on a chunk's size
      // means React never writes a large finished boundary apart from its place (a hidden copy
      // moved in by an inline script, which the CSP blocks: the page would keep both, ids and
      // all). So React writes no script at all: the CSP stays script-src 'self'.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      // An error inside a boundary would leave the client to render it again: a failed page.
      onError(err) {
        failure ??= err;
      },
    });
  });
}

const isEnabled = (query: Query): boolean => {
  const { enabled, queryFn } = query.options as { enabled?: unknown; queryFn?: unknown };
  if (queryFn === skipToken) return false;
  if (typeof enabled === "function") return (enabled as (q: Query) => boolean)(query) !== false;
  return enabled !== false;
};

/**
 * Queries whose answer depends on who asks (a customer's account, cart, orders, whether they
 * may review): never run here. The page renders them loading, as the browser does before it
 * fetches them with its own session; a cached page serves every reader alike.
 */
const PER_READER = /^(account|addresses|orders|cart|checkout)\.|^reviews\.eligibility$/;
const procedureOf = (query: Query): string => {
  const path = query.queryKey[0];
  return Array.isArray(path) ? path.join(".") : "";
};

/** The status of a failed call (the server's `call` sets it), else 500. */
export const statusOf = (error: unknown): number => {
  const status = ((error as { cause?: { status?: unknown } } | null)?.cause ?? error) as {
    status?: unknown;
  } | null;
  return typeof status?.status === "number" ? status.status : 500;
};

/** The queries a render asked for that have neither data nor an error yet, and may run here. */
const wanted = (queryClient: QueryClient, skipped: Set<string>): Query[] =>
  queryClient
    .getQueryCache()
    .findAll()
    .filter(
      (q) =>
        q.state.status === "pending" &&
        q.state.fetchStatus === "idle" &&
        isEnabled(q) &&
        !skipped.has(q.queryHash) &&
        !PER_READER.test(procedureOf(q)),
    );

async function settle(queryClient: QueryClient): Promise<void> {
  // The loaders start their queries without waiting for them (route-data.ts).
  while (queryClient.isFetching() > 0) {
    await Promise.all(
      queryClient
        .getQueryCache()
        .findAll({ fetchStatus: "fetching" })
        .map((q) => q.promise?.catch(() => undefined)),
    );
  }
}

/** Renders the page of `url`, or says why the client should. */
export async function renderPage(input: RenderInput): Promise<RenderOutput> {
  const url = new URL(input.url, "http://store.invalid");
  const lang = pageLocale(input.locale, url.pathname);
  const kind = pageKind(url.pathname);
  if (kind.kind === "shell") {
    const title = kind.title ? `${translate(lang, kind.title)}${TITLE_SUFFIX}` : BRAND.name;
    return { kind: "shell", lang, title, noindex: kind.noindex };
  }

  const queryClient = createQueryClient();
  // The server answers once: a failed query is the page's answer, not something to retry.
  queryClient.setDefaultOptions({
    ...queryClient.getDefaultOptions(),
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  const apiClient = createApiClient([callerLink(input.call)]);
  const trpc = createTRPCOptionsProxy<AppRouter>({ client: apiClient, queryClient });
  const handler = createStaticHandler(appRoutes);
  const context = await handler.query(new Request(url), {
    requestContext: routeDataProvider({ queryClient, client: apiClient, trpc })(),
  });
  if (context instanceof Response) {
    return { kind: "redirect", status: context.status, location: context.headers.get("location") ?? "/" };
  }
  if (context.errors) {
    const error = Object.values(context.errors)[0];
    return { kind: "failed", lang, status: statusOf(error), error };
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  // A page that sends its reader elsewhere as it renders (<Redirect>) is answered as a redirect.
  let redirectTo: string | undefined;
  const onRedirect = (location: string) => {
    redirectTo ??= location;
  };

  const app = (
    <StrictMode>
      <AppProviders
        queryClient={queryClient}
        apiClient={apiClient}
        locale={input.locale}
        pathname={url.pathname}
      >
        <SiteOriginProvider origin={input.origin}>
          <ServerRedirectProvider onRedirect={onRedirect}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </ServerRedirectProvider>
        </SiteOriginProvider>
      </AppProviders>
    </StrictMode>
  );

  // Each pass renders the page; the queries it asked for run, and the next pass renders with
  // their data. The page is done when a pass asks for nothing new.
  let html = "";
  let complete = false;
  const skipped = new Set<string>();
  for (let pass = 0; pass < MAX_PASSES && !complete; pass++) {
    await settle(queryClient);
    for (const q of queryClient.getQueryCache().findAll({ predicate: (q) => q.state.status === "error" })) {
      const status = statusOf(q.state.error);
      if (status !== 401 && status !== 403) return { kind: "failed", lang, status, error: q.state.error };
      // A reader's own data after all: rendered loading, fetched by the browser.
      skipped.add(q.queryHash);
      q.reset();
    }
    try {
      html = await renderToHtml(app);
    } catch (error) {
      return { kind: "failed", lang, status: 500, error };
    }
    // Where the browser would go at once (a temporary redirect: it may depend on the language).
    if (redirectTo !== undefined) return { kind: "redirect", status: 302, location: redirectTo };
    const next = wanted(queryClient, skipped);
    complete = next.length === 0;
    await Promise.all(next.map((q) => q.fetch().catch(() => undefined)));
  }
  if (!complete) {
    const error = new Error(`${url.pathname}: data deeper than ${MAX_PASSES} renders`);
    return { kind: "failed", lang, status: 500, error };
  }

  const state: SsrState = {
    locale: input.locale,
    router: { loaderData: context.loaderData, actionData: context.actionData, errors: null },
    queries: dehydrate(queryClient),
  };
  const { head, body } = splitHoisted(html);
  // The route table's catch-all is its not-found page: a 404, not a page to index.
  const status = context.matches.some((m) => m.route.path === "*") ? 404 : 200;
  return { kind: "page", status, lang, head, body, state: jsonForScript(state) };
}
