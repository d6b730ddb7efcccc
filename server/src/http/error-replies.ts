// Every error answer, including those Fastify writes before any route or hook runs (a URL it
// cannot decode, a path parameter over the router's limit, a request line or headers it cannot
// parse), goes through the store's one mapping (errors.ts errorAnswer) and carries the security
// headers. Fastify's own answers quote the path and carry no CSP or nosniff.
import http from "node:http";
import type { Socket } from "node:net";
import type { FastifyError, FastifyReply, FastifyRequest, FastifyServerOptions } from "fastify";
import { answerFailure, type ErrorAnswer, type ErrorBody, errorAnswer } from "../errors.ts";
import { isApiPath, routedPath, securityHeaders } from "./security.ts";

/** The answer's own headers (Retry-After), and no-store on the API as every API answer has. */
function answerHeaders(answer: ErrorAnswer, path: string): Record<string, string> {
  return { ...answer.headers, ...(isApiPath(path) ? { "cache-control": "no-store" } : {}) };
}

/**
 * The error handler's answer, and that of every route and hook that refuses a request: logs a
 * failure of ours once, sets status and headers, returns the body to send.
 */
export function replyWithError(req: FastifyRequest, reply: FastifyReply, err: unknown): ErrorBody {
  const answer = answerFailure(err, req.log);
  reply.code(answer.status);
  reply.headers(answerHeaders(answer, routedPath(req.url)));
  return answer.body;
}

/**
 * Fastify's `frameworkErrors`: called outside the request lifecycle, so no onRequest hook has
 * set the security headers and no serializer is bound; both are done here.
 */
export function frameworkErrors(https: boolean): NonNullable<FastifyServerOptions["frameworkErrors"]> {
  return (err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    const answer = answerFailure(err, req.log);
    const path = routedPath(req.raw.url ?? "/");
    reply
      .code(answer.status)
      .headers({ ...securityHeaders(path, https), ...answerHeaders(answer, path) })
      .type("application/json; charset=utf-8")
      .send(JSON.stringify(answer.body));
  };
}

/**
 * Node's `clientError`: a request that cannot be parsed at all (bad request line, headers too
 * large, too slow). There is no request object, only the socket, so the answer is written raw.
 */
export function clientErrorHandler(https: boolean): (err: NodeJS.ErrnoException, socket: Socket) => void {
  return (err, socket) => {
    if (err.code === "ECONNRESET" || socket.destroyed) return;
    const status =
      err.code === "ERR_HTTP_REQUEST_TIMEOUT" ? 408 : err.code === "HPE_HEADER_OVERFLOW" ? 431 : 400;
    const answer = errorAnswer({ statusCode: status });
    const body = JSON.stringify(answer.body);
    const headers = {
      ...securityHeaders("/", https),
      "content-type": "application/json; charset=utf-8",
      "content-length": String(Buffer.byteLength(body)),
      connection: "close",
    };
    if (socket.writable) {
      const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
      socket.write(`HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n${lines.join("")}\r\n${body}`);
    }
    socket.destroy(err);
  };
}
