#!/usr/bin/env node
// Cuts, from Stripe's published OpenAPI document (spec3.json of github.com/stripe/openapi), the part
// the store's Stripe stand-in is validated against: the operations the store calls and the schemas
// their requests and answers use. Every $ref to a schema not kept below becomes a permissive `{}`
// (listed in the subset's `x-subset.cut`), descriptions and documentation-only keys are dropped.
//
//   node scripts/stripe-openapi-subset.mjs path/to/spec3.json [--commit <sha>] [--date <yyyy-mm-dd>]
//
// writes server/test/support/stripe/openapi-subset.json (see the README beside it).
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const OUT = path.join(ROOT, "server/test/support/stripe/openapi-subset.json");

/** The operations the store (and its tests) send. */
export const OPERATIONS = [
  ["post", "/v1/payment_intents"],
  ["get", "/v1/payment_intents/{intent}"],
  ["post", "/v1/payment_intents/{intent}"],
  ["post", "/v1/payment_intents/{intent}/confirm"],
  ["post", "/v1/payment_intents/{intent}/capture"],
  ["post", "/v1/payment_intents/{intent}/cancel"],
  ["post", "/v1/refunds"],
  ["get", "/v1/refunds/{refund}"],
  ["get", "/v1/charges/{charge}"],
  ["get", "/v1/events/{id}"],
  ["get", "/v1/events"],
];

/** The schemas kept whole (with their own properties); any other $ref is cut to `{}`. */
export const KEPT_SCHEMAS = [
  "api_errors",
  "charge",
  "dispute",
  "error",
  "event",
  "notification_event_data",
  "notification_event_request",
  "payment_flows_automatic_payment_methods_payment_intent",
  "payment_intent",
  "payment_intent_next_action",
  "payment_intent_next_action_konbini",
  "payment_intent_next_action_konbini_familymart",
  "payment_intent_next_action_konbini_lawson",
  "payment_intent_next_action_konbini_ministop",
  "payment_intent_next_action_konbini_seicomart",
  "payment_intent_next_action_konbini_stores",
  "payment_intent_next_action_redirect_to_url",
  "payment_method_details",
  "payment_method_details_card",
  "payment_method_details_konbini",
  "payment_method_details_konbini_store",
  "refund",
];

/** Keys that only document (dropped to keep the subset small); everything that validates stays. */
const DROPPED_KEYS = new Set([
  "description",
  "summary",
  "x-expandableFields",
  "x-expansionResources",
  "x-resourceId",
  "x-stripeResource",
  "x-stripeOperations",
  "x-stripeBypassValidation",
  "x-stripeMostCommon",
  "x-stripeParam",
]);

export function cutSubset(spec, { commit = null, date = null } = {}) {
  const kept = new Set(KEPT_SCHEMAS);
  const cut = new Set();
  const clean = (node) => {
    if (Array.isArray(node)) return node.map(clean);
    if (!node || typeof node !== "object") return node;
    if (typeof node.$ref === "string") {
      const name = node.$ref.replace("#/components/schemas/", "");
      if (!kept.has(name)) {
        cut.add(name);
        return {};
      }
      return { $ref: node.$ref };
    }
    const out = {};
    for (const [key, value] of Object.entries(node)) {
      if (DROPPED_KEYS.has(key)) continue;
      out[key] = clean(value);
    }
    return out;
  };

  const paths = {};
  for (const [method, p] of OPERATIONS) {
    const op = spec.paths?.[p]?.[method];
    if (!op) throw new Error(`spec3.json has no ${method.toUpperCase()} ${p}`);
    const responses = {};
    for (const code of ["200", "default"]) if (op.responses?.[code]) responses[code] = op.responses[code];
    paths[p] ??= {};
    paths[p][method] = clean({
      operationId: op.operationId,
      parameters: op.parameters,
      requestBody: op.requestBody,
      responses,
    });
  }
  const schemas = {};
  for (const name of KEPT_SCHEMAS) {
    const schema = spec.components?.schemas?.[name];
    if (!schema) throw new Error(`spec3.json has no components.schemas.${name}`);
    schemas[name] = clean(schema);
  }
  return {
    openapi: spec.openapi,
    info: { title: "Stripe API (subset for the store's tests)", version: spec.info?.version },
    "x-subset": {
      source: "https://github.com/stripe/openapi/blob/master/openapi/spec3.json",
      commit,
      date,
      apiVersion: spec.info?.version,
      cutBy: "scripts/stripe-openapi-subset.mjs",
      cut: [...cut].sort(),
    },
    paths,
    components: { schemas },
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const args = process.argv.slice(2);
  const file = args.find((a, i) => !a.startsWith("--") && !args[i - 1]?.startsWith("--"));
  if (!file) {
    console.error(
      "usage: node scripts/stripe-openapi-subset.mjs path/to/spec3.json [--commit <sha>] [--date <yyyy-mm-dd>]",
    );
    process.exit(1);
  }
  const flag = (name) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? (args[i + 1] ?? null) : null;
  };
  const subset = cutSubset(JSON.parse(readFileSync(file, "utf8")), {
    commit: flag("commit"),
    date: flag("date"),
  });
  writeFileSync(OUT, `${JSON.stringify(subset, null, 2)}\n`);
  // In the repository's formatting, so that `npm run lint` passes on the file as written.
  const biome = path.join(ROOT, "node_modules/.bin/biome");
  if (existsSync(biome)) execFileSync(biome, ["format", "--write", OUT], { stdio: "ignore" });
  process.stdout.write(
    `wrote ${path.relative(ROOT, OUT)}: API version ${subset.info.version}, ${OPERATIONS.length} operations, ` +
      `${KEPT_SCHEMAS.length} schemas kept, ${subset["x-subset"].cut.length} cut to {}\n`,
  );
}
