// The OpenAPI 3.1 document of every /api path, built from API_PATHS and the zod schemas of the
// answers: the document cannot say something the schemas do not.
import { z } from "zod";
import { BRAND } from "../brand.ts";
import { ZErrorBody } from "./common.ts";
import { API_PATHS, API_TAGS, type ApiAccess, type ApiPath } from "./paths.ts";

/** The session cookie's name (server/src/auth/session.ts sets it; a test holds the two together). */
export const SESSION_COOKIE_NAME = "vela_session";
/** A guest's order-access cookie (server/src/modules/checkout/router.ts; a test holds the two together). */
export const ORDER_ACCESS_COOKIE_NAME = "vela_order_access";

type JsonSchema = Record<string, unknown>;

/** A JSON Schema (draft 2020-12, OpenAPI 3.1's dialect) of a zod schema, without its `$schema`. */
export function jsonSchemaOf(schema: z.ZodType, io: "input" | "output" = "output"): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonSchema;
  return rest;
}

/** A parameter's value as the query string carries it: never absent or null, only left out. */
function bare(schema: z.ZodType): z.ZodType {
  let s = schema;
  while (s instanceof z.ZodOptional || s instanceof z.ZodNullable || s instanceof z.ZodDefault) {
    s = s.unwrap() as z.ZodType;
  }
  return s;
}

/** The operation's `security`: an empty list for a public path, the cookies that let one in else. */
const SECURITY: Record<ApiAccess, JsonSchema[]> = {
  public: [],
  "session-optional": [{}, { session: [] }],
  "signed-in": [{ session: [] }],
  buyer: [{ session: [] }, { orderAccess: [] }],
};

const ERROR_REF = { $ref: "#/components/schemas/Error" };
const STATUS_TEXT: Record<number, string> = {
  400: "The request is not valid (the message names the field)",
  401: "Not signed in, or the credentials are wrong",
  403: "Not allowed (a cross-site request, or not this customer's)",
  404: "Not found",
  409: "In conflict with what is stored",
  413: "The request body is too large",
  415: "The body is not JSON",
  429: "Too many requests: Retry-After says when to try again",
  500: "A failure of the store's (the text is generic)",
  503: "The store is busy: Retry-After says when to try again",
};

function operation(p: ApiPath): JsonSchema {
  const responses: JsonSchema = {
    200: p.binary
      ? {
          description: "OK",
          content: { [p.binary]: { schema: { type: "string", contentEncoding: "binary" } } },
        }
      : {
          description: "OK",
          content: { "application/json": { schema: jsonSchemaOf(p.answer ?? z.unknown()) } },
        },
  };
  const statuses = new Set([...p.errors, ...(p.method === "get" ? [] : [403, 415]), 429, 500, 503]);
  for (const status of [...statuses].sort()) {
    responses[status] = {
      description: STATUS_TEXT[status] ?? "Failure",
      content: { "application/json": { schema: ERROR_REF } },
    };
  }
  return {
    tags: [p.tag],
    summary: p.summary,
    operationId: `${p.method}${p.path.replace(/[{}]/g, "").replace(/[^A-Za-z0-9]+(.)/g, (_m, c: string) => c.toUpperCase())}`,
    ...(p.parameters
      ? {
          parameters: p.parameters.map((param) => ({
            name: param.name,
            in: param.in,
            required: param.required ?? false,
            ...(param.description ? { description: param.description } : {}),
            schema: jsonSchemaOf(bare(param.schema), "input"),
          })),
        }
      : {}),
    ...(p.body
      ? {
          requestBody: {
            required: true,
            content: { "application/json": { schema: jsonSchemaOf(p.body, "input") } },
          },
        }
      : {}),
    security: SECURITY[p.access ?? "public"],
    responses,
  };
}

export function openApiDocument(publicUrl?: string): JsonSchema {
  const paths: Record<string, JsonSchema> = {};
  for (const p of API_PATHS) {
    paths[p.path] = { ...(paths[p.path] ?? {}), [p.method]: operation(p) };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: `${BRAND.name} store API`,
      version: "1",
      description:
        "The REST paths of the store. Failures answer `{message, error}` (the same text twice) and, for " +
        "validation, `issues`. State-changing calls from a browser must come from the store's own origin " +
        "with a JSON body. Signed-in paths read the session cookie set by POST /api/account/login.",
      // The store's own API, published to be called, not to be copied: no open licence.
      license: {
        name: `Proprietary: all rights reserved by ${BRAND.name}`,
        identifier: "LicenseRef-Proprietary",
      },
    },
    ...(publicUrl ? { servers: [{ url: publicUrl }] } : {}),
    tags: Object.entries(API_TAGS).map(([name, description]) => ({ name, description })),
    paths,
    components: {
      schemas: { Error: jsonSchemaOf(ZErrorBody) },
      securitySchemes: {
        session: {
          type: "apiKey",
          in: "cookie",
          name: SESSION_COOKIE_NAME,
          description: "The session, set by POST /api/account/login (httpOnly)",
        },
        orderAccess: {
          type: "apiKey",
          in: "cookie",
          name: ORDER_ACCESS_COOKIE_NAME,
          description: "A guest's key to the order they placed, set by POST /api/checkout/orders (httpOnly)",
        },
      },
    },
  };
}
