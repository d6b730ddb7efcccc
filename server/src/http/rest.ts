// The REST paths of spec 000 §7 are thin adapters: each builds the same context as tRPC
// and calls the same procedure through a caller, so validation, auth and errors match.
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Context } from "../trpc/context.ts";
import { createCaller } from "../trpc/router.ts";

export type Caller = ReturnType<typeof createCaller>;

export function restHandler(
  makeContext: (req: FastifyRequest, reply: FastifyReply) => Context,
  call: (caller: Caller, req: FastifyRequest) => Promise<unknown>,
) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const ctx = makeContext(req, reply);
    // A failure goes on to the app's error handler (error-replies.ts replyWithError).
    return call(createCaller(ctx), req);
  };
}

// The readers below hand the request's values on as the procedure's input type without checking
// them: the procedure's input schema does, and refuses what does not fit with the store's 400.
// That is why they are typed by the call they feed (`T` is inferred from the procedure).

/** The JSON body as sent; a missing body is undefined so that the schema decides. */
export const bodyOf = <T>(req: FastifyRequest): T => (req.body ?? undefined) as T;

/** The JSON body with the path's parameters merged in; a body that is not an object goes on as is. */
export function bodyWithParams<T>(req: FastifyRequest, ...names: string[]): T {
  const body: unknown = req.body ?? undefined;
  if (body === null || typeof body !== "object" || Array.isArray(body)) return body as T;
  return { ...body, ...Object.fromEntries(names.map((name) => [name, paramOf(req, name)])) } as T;
}

export const paramOf = (req: FastifyRequest, name: string): string =>
  String((req.params as Record<string, string | undefined>)[name] ?? "");

/** How one path reads its query string; by default every key, as text, last value of a repeated key. */
export interface QueryRules {
  /** Only these keys are read; others are ignored rather than refused. */
  only?: readonly string[];
  /** Keys whose numeric values (`12`, `-3`, `4.5`) become numbers; other text goes on for the schema to refuse. */
  numbers?: readonly string[];
  /** Keys read as lists (repeated, comma-separated or both), under the input's name for them. */
  lists?: Readonly<Record<string, string>>;
  /** An empty value means "not given" for these keys (`true`: for every key). */
  dropEmpty?: true | readonly string[];
}

const NUMBER = /^-?[0-9]+(\.[0-9]+)?$/;

/** The query string as the procedure's input, by the path's rules (see QueryRules). */
export function queryOf<T>(req: FastifyRequest, rules: QueryRules = {}): T {
  const query = (req.query ?? {}) as Record<string, string | string[] | undefined>;
  const out: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(query)) {
    if (raw === undefined || (rules.only && !rules.only.includes(key))) continue;
    const values = Array.isArray(raw) ? raw : [raw];
    const list = rules.lists?.[key];
    if (list) {
      const items = values.flatMap((v) => v.split(",")).filter((v) => v !== "");
      if (items.length) out[list] = [...((out[list] as string[] | undefined) ?? []), ...items];
      continue;
    }
    const value = values[values.length - 1] ?? "";
    if (value === "" && (rules.dropEmpty === true || rules.dropEmpty?.includes(key))) continue;
    out[key] = rules.numbers?.includes(key) && NUMBER.test(value) ? Number(value) : value;
  }
  return out as T;
}
