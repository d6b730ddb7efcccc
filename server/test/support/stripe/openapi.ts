// Validation against the subset of Stripe's OpenAPI document (openapi-subset.json, cut by
// scripts/stripe-openapi-subset.mjs; see README.md beside it): requests as Stripe receives them
// (application/x-www-form-urlencoded with bracket keys, decoded by decodeForm) and JSON answers.
// OpenAPI 3.0's `nullable` becomes a JSON Schema type union when the schema is built.
import { readFileSync } from "node:fs";
import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";

const SUBSET_ID = "stripe-openapi-subset";
export const SUBSET = JSON.parse(readFileSync(new URL("./openapi-subset.json", import.meta.url), "utf8")) as {
  info: { version: string };
  "x-subset": { commit: string | null; date: string | null; apiVersion: string; cut: string[] };
  paths: Record<string, Record<string, { requestBody?: unknown; responses: Record<string, unknown> }>>;
};

/** OpenAPI 3.0 → JSON Schema: `nullable: true` joins null to the type (or to the anyOf, or the enum). */
export function toJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toJsonSchema);
  if (!node || typeof node !== "object") return node;
  const { nullable, ...rest } = node as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(rest)) out[k] = toJsonSchema(v);
  if (nullable !== true) return out;
  if (Array.isArray(out.enum)) out.enum = [...out.enum, null];
  if (typeof out.type === "string") return { ...out, type: [out.type, "null"] };
  if (Array.isArray(out.anyOf)) return { ...out, anyOf: [...out.anyOf, { type: "null" }] };
  return { anyOf: [out, { type: "null" }] };
}

/**
 * What changed in Stripe's API between the subset's version (2020-08-27, the newest complete spec3.json
 * that could be read here) and the version the official client pins (stripe 23.1.0: 2026-10-28.endive),
 * for the parts the store uses. Taken from that package's generated types (esm/resources/PaymentIntents.d.ts,
 * built from Stripe's OpenAPI document v2596) and its CHANGELOG; applied only where the subset still lacks it,
 * so a subset cut from a newer spec3.json makes these no-ops. Each entry says where it comes from.
 */
export const NEWER_API = {
  requests: {
    // 22.4.0: `allowed_payment_method_types` and `excluded_payment_method_types` on create, update, confirm;
    // 23.0.0 (endive): ⚠️ `payment_method_types` removed from PaymentIntentCreateParams, UpdateParams, ConfirmParams.
    operations: [
      "/v1/payment_intents",
      "/v1/payment_intents/{intent}",
      "/v1/payment_intents/{intent}/confirm",
    ],
    add: {
      allowed_payment_method_types: { type: "array", items: { type: "string", maxLength: 5000 } },
      excluded_payment_method_types: {
        anyOf: [
          { type: "array", items: { type: "string", maxLength: 5000 } },
          { type: "string", enum: [""] },
        ],
      },
    },
    remove: ["payment_method_types"],
    // PaymentIntentCreateParams.CaptureMethod: 'automatic' | 'automatic_async' | 'manual'.
    captureMethods: ["automatic", "automatic_async", "manual"],
  },
  paymentIntent: {
    // PaymentIntent: allowed_payment_method_types (required since 22.6.0, nullable), excluded_payment_method_types,
    // latest_charge (string | null; replaced `charges` in 2022-11-15), capture_method with automatic_async.
    add: {
      allowed_payment_method_types: { type: ["array", "null"], items: { type: "string", maxLength: 5000 } },
      excluded_payment_method_types: { type: ["array", "null"], items: { type: "string", maxLength: 5000 } },
      latest_charge: {
        anyOf: [
          { type: "string", maxLength: 5000 },
          { $ref: "#/components/schemas/charge" },
          { type: "null" },
        ],
      },
    },
    required: ["allowed_payment_method_types"],
    remove: ["charges"],
  },
} as const;

type Schema = { properties?: Record<string, unknown>; required?: string[]; enum?: unknown[] };
function applyNewerApi(doc: {
  // biome-ignore lint/suspicious/noExplicitAny: the converted document is walked by path.
  paths: Record<string, Record<string, any>>;
  components: { schemas: Record<string, Schema> };
}) {
  for (const template of NEWER_API.requests.operations) {
    const body = doc.paths[template]?.post?.requestBody?.content?.["application/x-www-form-urlencoded"]
      ?.schema as Schema;
    if (!body?.properties) continue;
    for (const [k, v] of Object.entries(NEWER_API.requests.add)) body.properties[k] ??= structuredClone(v);
    for (const k of NEWER_API.requests.remove) delete body.properties[k];
    const capture = body.properties.capture_method as Schema | undefined;
    if (capture?.enum) capture.enum = [...NEWER_API.requests.captureMethods];
  }
  const pi = doc.components.schemas.payment_intent as Schema & { properties: Record<string, Schema> };
  for (const [k, v] of Object.entries(NEWER_API.paymentIntent.add))
    pi.properties[k] ??= structuredClone(v) as Schema;
  for (const k of NEWER_API.paymentIntent.remove) delete pi.properties[k];
  pi.required = [...new Set([...(pi.required ?? []), ...NEWER_API.paymentIntent.required])];
  const capture = pi.properties.capture_method;
  if (capture?.enum) capture.enum = [...NEWER_API.requests.captureMethods];
  return doc;
}

// biome-ignore lint/suspicious/noExplicitAny: the converted document is walked by path.
const document = applyNewerApi(toJsonSchema(SUBSET) as any) as object;
// Requests arrive as strings: integers and booleans are coerced as Stripe reads them ("12abc" is not an integer).
const requestAjv = new Ajv({ strict: false, validateFormats: false, allErrors: true, coerceTypes: true });
const answerAjv = new Ajv({ strict: false, validateFormats: false, allErrors: true });
requestAjv.addSchema(document, SUBSET_ID);
answerAjv.addSchema(document, SUBSET_ID);

const pointer = (...parts: string[]) =>
  `${SUBSET_ID}#/${parts.map((p) => p.replaceAll("~", "~0").replaceAll("/", "~1")).join("/")}`;
const cache = new Map<string, ValidateFunction>();
function compiled(ajv: Ajv, ref: string): ValidateFunction {
  const key = `${ajv === requestAjv ? "req" : "res"} ${ref}`;
  let fn = cache.get(key);
  if (!fn) {
    fn = ajv.compile({ $ref: ref });
    cache.set(key, fn);
  }
  return fn;
}

/** The subset's path template matching a concrete path (`/v1/payment_intents/pi_1/confirm`). */
export function operationOf(
  method: string,
  path: string,
): { template: string; params: Record<string, string> } | null {
  const m = method.toLowerCase();
  for (const template of Object.keys(SUBSET.paths)) {
    if (!SUBSET.paths[template]?.[m]) continue;
    const names: string[] = [];
    const re = new RegExp(
      `^${template.replace(/\{(\w+)\}/g, (_, n: string) => {
        names.push(n);
        return "([^/]+)";
      })}$`,
    );
    const hit = re.exec(path);
    if (hit)
      return {
        template,
        params: Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(hit[i + 1] ?? "")])),
      };
  }
  return null;
}

export type Violation = {
  kind: "request" | "answer" | "event";
  method: string;
  path: string;
  errors: string;
};

const describe = (errors: ErrorObject[] | null | undefined) =>
  (errors ?? [])
    .map((e) => `${e.instancePath || "(root)"} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ""}`)
    .join("; ");

/** Validates decoded request parameters (coercing strings in place); null when valid, else the errors. */
export function validateRequest(
  method: string,
  template: string,
  params: Record<string, unknown>,
): string | null {
  const op = SUBSET.paths[template]?.[method.toLowerCase()];
  if (!op) return `${method} ${template} is not in the subset`;
  if (method.toUpperCase() === "GET") return null; // query parameters (expand) only; nothing else is sent
  const fn = compiled(
    requestAjv,
    pointer(
      "paths",
      template,
      method.toLowerCase(),
      "requestBody",
      "content",
      "application/x-www-form-urlencoded",
      "schema",
    ),
  );
  return fn(params) ? null : describe(fn.errors);
}

/** Validates a JSON answer against the operation's 200 (or default: the error) schema. */
export function validateAnswer(
  method: string,
  template: string,
  status: number,
  body: unknown,
): string | null {
  const code = status >= 200 && status < 300 ? "200" : "default";
  const fn = compiled(
    answerAjv,
    pointer(
      "paths",
      template,
      method.toLowerCase(),
      "responses",
      code,
      "content",
      "application/json",
      "schema",
    ),
  );
  return fn(body) ? null : describe(fn.errors);
}

/** Validates an object against one of the subset's component schemas (`event`, `payment_intent` ...). */
export function validateSchema(name: string, value: unknown): string | null {
  const fn = compiled(answerAjv, pointer("components", "schemas", name));
  return fn(value) ? null : describe(fn.errors);
}

/**
 * Decodes Stripe's form encoding: `metadata[order]=1`, `payment_method_types[0]=card` (the official
 * client's indexed arrays) or `payment_method_types[]=card`, `expand[]=x`. Objects whose keys are all
 * indices become arrays (so a metadata key made only of digits would be read as a list).
 */
export function decodeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const m = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(rawKey);
    const parts = m
      ? [m[1] as string, ...[...(m[2] ?? "").matchAll(/\[([^[\]]*)\]/g)].map((x) => x[1] as string)]
      : [rawKey];
    let node: Record<string, unknown> = root;
    for (let i = 0; i < parts.length; i++) {
      let part = parts[i] as string;
      if (part === "") part = String(Object.keys(node).length); // `[]`: the next index
      if (i === parts.length - 1) node[part] = value;
      else {
        const next = node[part];
        node[part] = next && typeof next === "object" ? next : {};
        node = node[part] as Record<string, unknown>;
      }
    }
  }
  const arrays = (v: unknown): unknown => {
    if (!v || typeof v !== "object") return v;
    const o = v as Record<string, unknown>;
    const keys = Object.keys(o);
    const mapped = Object.fromEntries(keys.map((k) => [k, arrays(o[k])]));
    if (keys.length && keys.every((k) => /^\d+$/.test(k))) {
      return keys.sort((a, b) => Number(a) - Number(b)).map((k) => mapped[k]);
    }
    return mapped;
  };
  return arrays(root) as Record<string, unknown>;
}
