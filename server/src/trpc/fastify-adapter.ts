// tRPC over Fastify without the stock adapter's detours. The stock fastifyTRPCPlugin turns
// every request into a WHATWG Request (undici: URL and Headers copies, a body stream, an
// AbortController wired to the socket) and hands Fastify the WHATWG Response to pipe
// through a web stream. Measured on the orders page (bench/, "Framework cost") that was
// about half of the request's time. Here resolveResponse gets a small object with just
// what it reads (method, url, headers.get/has, signal, json/text), and the JSON it produced
// goes to Fastify as one string. Same router, same batching and error shapes; no
// subscriptions or streamed (jsonl) answers, which the store does not use.
import { type AnyTRPCRouter, TRPCError } from "@trpc/server";
import { resolveResponse } from "@trpc/server/http";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

export interface TrpcRoutesOptions<TContext> {
  prefix: string;
  router: AnyTRPCRouter;
  createContext: (req: FastifyRequest, reply: FastifyReply) => TContext | Promise<TContext>;
  maxBatchSize: number;
}

type RawHeaders = FastifyRequest["headers"];

/** The part of the Headers interface that resolveResponse and our procedures read. */
class NodeHeaders {
  readonly #raw: RawHeaders;
  constructor(raw: RawHeaders) {
    this.#raw = raw;
  }
  get(name: string): string | null {
    const v = this.#raw[name.toLowerCase()];
    if (v === undefined) return null;
    return Array.isArray(v) ? v.join(", ") : String(v);
  }
  has(name: string): boolean {
    return this.#raw[name.toLowerCase()] !== undefined;
  }
  *entries(): IterableIterator<[string, string]> {
    for (const key of Object.keys(this.#raw)) {
      const v = this.get(key);
      if (v !== null) yield [key, v];
    }
  }
  keys(): IterableIterator<string> {
    return Object.keys(this.#raw)[Symbol.iterator]();
  }
  *values(): IterableIterator<string> {
    for (const [, v] of this.entries()) yield v;
  }
  forEach(fn: (value: string, key: string) => void): void {
    for (const [k, v] of this.entries()) fn(v, k);
  }
  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.entries();
  }
}

/** What resolveResponse reads of a Request, built from what Fastify already parsed. */
function requestFor(req: FastifyRequest, reply: FastifyReply): Request {
  const controller = new AbortController();
  // A client that goes away mid-call aborts the procedure's signal, as with the stock adapter.
  const onClose = () => {
    if (!reply.raw.writableEnded) controller.abort();
  };
  reply.raw.once("close", onClose);
  const body = req.body;
  const text = async (): Promise<string> =>
    typeof body === "string" ? body : body == null ? "" : JSON.stringify(body);
  return {
    method: req.method,
    url: `${req.protocol}://${req.host}${req.url}`,
    headers: new NodeHeaders(req.headers),
    signal: controller.signal,
    text,
    json: async () => {
      const t = await text();
      try {
        return JSON.parse(t);
      } catch (cause) {
        throw new TRPCError({ code: "PARSE_ERROR", message: "The request body is not valid JSON", cause });
      }
    },
  } as unknown as Request;
}

export function registerTrpcRoutes<TContext>(app: FastifyInstance, opts: TrpcRoutesOptions<TContext>): void {
  void app.register(async (scope) => {
    // tRPC parses the body itself (it may be a batch keyed by index); keep it a string here.
    scope.removeContentTypeParser("application/json");
    scope.addContentTypeParser("application/json", { parseAs: "string" }, (_req, body, done) => {
      done(null, body);
    });
    scope.all<{ Params: { path: string } }>(`${opts.prefix}/:path`, async (req, reply) => {
      const res = await resolveResponse({
        router: opts.router,
        req: requestFor(req, reply),
        path: req.params.path,
        error: null,
        maxBatchSize: opts.maxBatchSize,
        createContext: async () => opts.createContext(req, reply),
      });
      reply.code(res.status);
      res.headers.forEach((value, key) => {
        reply.header(key, value);
      });
      if (!res.body) return reply.send();
      return reply.send(await res.text());
    });
  });
}
