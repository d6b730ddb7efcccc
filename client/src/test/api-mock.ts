import { TRPCClientError, type TRPCLink } from "@trpc/client";
import { observable } from "@trpc/server/observable";
import { type ApiClient, type AppRouter, createApiClient } from "../lib/trpc.ts";

const STATUS: Record<string, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_SERVER_ERROR: 500,
};

/** What a handler throws to answer like the server's error formatter. */
export class ApiFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
    /** The fields the refusal names, as the server's formatter sends them (`data.issues`). */
    readonly issues?: { path: string; message: string }[],
  ) {
    super(message);
  }
}

/** A network failure: the request never got an answer. */
export class NetworkFailure extends Error {}

export type Handler = (input: unknown) => unknown;
export type Handlers = Record<string, Handler>;

export interface MockApi {
  client: ApiClient;
  /** Every call made, in order: `{path, input}`. */
  calls: { path: string; input: unknown }[];
  handlers: Handlers;
}

/** A tRPC client whose procedures are answered by plain functions, keyed "router.procedure". */
export function mockApi(handlers: Handlers = {}): MockApi {
  const calls: MockApi["calls"] = [];
  const link: TRPCLink<AppRouter> =
    () =>
    ({ op }) =>
      observable((observer) => {
        calls.push({ path: op.path, input: op.input });
        Promise.resolve()
          .then(() => {
            const handler = handlers[op.path];
            if (!handler) throw new ApiFailure("NOT_FOUND", `No mock for ${op.path}`);
            return handler(op.input);
          })
          .then(
            (data) => {
              observer.next({ result: { type: "data", data } });
              observer.complete();
            },
            (err: unknown) => {
              if (err instanceof ApiFailure) {
                observer.error(
                  TRPCClientError.from({
                    error: {
                      message: err.message,
                      code: -32000,
                      data: {
                        code: err.code,
                        httpStatus: STATUS[err.code] ?? 500,
                        path: op.path,
                        ...(err.issues ? { issues: err.issues } : {}),
                      },
                    },
                  }),
                );
              } else {
                observer.error(TRPCClientError.from(err instanceof Error ? err : new Error(String(err))));
              }
            },
          );
      });
  return { client: createApiClient([link]), calls, handlers };
}
