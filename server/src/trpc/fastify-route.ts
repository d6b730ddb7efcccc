// tRPC over Fastify at `${prefix}/:path`: what @trpc/server's fastifyTRPCPlugin does, except for
// how the answer is written. The plugin hands Fastify the fetch Response that tRPC's resolveResponse
// builds, and Fastify pipes its body through a web stream into the socket (Readable.fromWeb), which
// cost a 14 KB orders page more than building the answer. A non-streamed answer (everything our
// client's httpBatchLink asks for) is read as one string here and sent as one; a client that asks
// for a streamed answer (trpc-accept: application/jsonl) still gets the Response, streamed.
import type { AnyRouter } from "@trpc/server";
import type { FastifyHandlerOptions } from "@trpc/server/adapters/fastify";
import { incomingMessageToRequest } from "@trpc/server/adapters/node-http";
import { resolveResponse } from "@trpc/server/http";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

export interface TrpcRouteOptions<TRouter extends AnyRouter> {
  /** Fastify's own register option: the routes' prefix, e.g. /trpc. */
  prefix: string;
  trpcOptions: FastifyHandlerOptions<TRouter, FastifyRequest, FastifyReply>;
  /**
   * Procedures whose requests may carry more than the app's body limit (a file), called one at a
   * time; one limit for a list of them, or several lists with their own limits.
   */
  largeBodies?: LargeBodies | readonly LargeBodies[];
}

export interface LargeBodies {
  procedures: readonly string[];
  bodyLimit: number;
}

/** A Fastify plugin: register it with `app.register`, so its body parsers stay inside its routes. */
export function trpcRoute<TRouter extends AnyRouter>(
  fastify: FastifyInstance,
  opts: TrpcRouteOptions<TRouter>,
  done: (err?: Error) => void,
): void {
  // tRPC reads the body text itself, as the plugin arranges.
  fastify.removeContentTypeParser("application/json");
  fastify.addContentTypeParser("application/json", { parseAs: "string" }, (_req, body, parsed) => {
    parsed(null, body);
  });
  fastify.removeContentTypeParser("multipart/form-data");
  fastify.addContentTypeParser("multipart/form-data", {}, (_req, body, parsed) => {
    parsed(null, body);
  });
  const { createContext, onError, ...handlerOptions } = opts.trpcOptions;
  const handle = async (path: string, req: FastifyRequest, reply: FastifyReply) => {
    const incoming = req.raw as typeof req.raw & { body?: unknown };
    if (req.body !== undefined) incoming.body = req.body;
    const request = incomingMessageToRequest(incoming, reply.raw, { maxBodySize: null });
    const res = await resolveResponse({
      ...handlerOptions,
      req: request,
      path,
      error: null,
      createContext: async (inner) => createContext?.({ req, res: reply, info: inner.info }),
      onError: (o) => onError?.({ ...o, req }),
    } as Parameters<typeof resolveResponse<TRouter>>[0]);
    if (req.headers["trpc-accept"] === "application/jsonl" || !res.body) return reply.send(res);
    reply.code(res.status);
    res.headers.forEach((value, key) => {
      reply.header(key, value);
    });
    return reply.send(await res.text());
  };
  fastify.all<{ Params: { path: string } }>("/:path", (req, reply) => handle(req.params.path, req, reply));
  // A named path outranks `/:path`, so only these procedures, each on its own, get the larger limit.
  const large = opts.largeBodies === undefined ? [] : [opts.largeBodies].flat();
  for (const { procedures, bodyLimit } of large)
    for (const procedure of procedures)
      fastify.all(`/${procedure}`, { bodyLimit }, (req, reply) => handle(procedure, req, reply));
  done();
}
