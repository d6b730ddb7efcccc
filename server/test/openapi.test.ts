// The published OpenAPI document (GET /api/openapi.json, built from packages/shared/src/api) says
// what the store really answers: every /api path is in it, and real answers of every path, a
// success and a failure each, validate against it (JSON Schema 2020-12, OpenAPI 3.1's dialect).
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { GLASSES_MODEL_SLUGS } from "@vela/device";
import {
  COMPATIBILITY_LANGUAGES,
  GAME_GENRES,
  GAME_PLATFORMS,
  GAME_SORTS,
  handle,
  SYSTEM_PRODUCTS,
} from "@vela/shared";
import { API_PATHS, API_TAGS } from "@vela/shared/api";
import Ajv2020 from "ajv/dist/2020.js";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { SESSION_COOKIE } from "../src/auth/session.ts";
import { CSP } from "../src/http/security.ts";
import { issueToken } from "../src/modules/account/tokens.ts";
import { ORDER_ACCESS_COOKIE } from "../src/modules/checkout/router.ts";
import { createCustomer } from "../src/seed/factories.ts";
import { createTestApp, DEMO_CUSTOMER, json, type TestApp } from "./helpers.ts";
import { STRIPE_ONLY_PATHS } from "./support/stripe-api-paths.ts";
import { catalogueVariants, sessionCookie, variantGid } from "./support-data.ts";
import { GENEROUS_LIMITS, latestMail, linkFromOutbox, recoverLink } from "./support-security.ts";

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
interface Answer {
  method: Method;
  /** The document's path template. */
  path: string;
  res: LightMyRequestResponse;
}

interface Operation {
  security?: unknown;
  tags?: string[];
  parameters?: { name: string; in: string; required?: boolean; schema: Record<string, unknown> }[];
}
let t: TestApp;
let doc: {
  info: { license?: { name?: string; identifier?: string; url?: string } };
  tags: { name: string; description?: string }[];
  paths: Record<string, Record<string, unknown>>;
};
const operationOf = (method: string, path: string) => doc.paths[path]?.[method] as Operation | undefined;
const answers: Answer[] = [];
const ajv = new Ajv2020({ strict: false, allErrors: true });

beforeAll(async () => {
  t = await createTestApp({ rateLimits: GENEROUS_LIMITS });
  const res = await t.api("GET", "/api/openapi.json");
  expect(res.statusCode).toBe(200);
  doc = json(res);
  ajv.addSchema(doc, "openapi");
});
afterAll(() => t.close());

async function call(
  method: Method,
  path: string,
  url: string,
  opts: { body?: unknown; cookie?: string; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  const res = await t.api(method, url, opts);
  answers.push({ method, path, res });
  return res;
}

const pointer = (...parts: string[]) =>
  parts.map((p) => p.replace(/~/g, "~0").replace(/\//g, "~1")).join("/");

/** The answer against the document's schema for its path, method and status. */
function check({ method, path, res }: Answer): string[] {
  const operation = doc.paths[path]?.[method.toLowerCase()] as
    | { responses?: Record<string, unknown> }
    | undefined;
  if (!operation) return [`${method} ${path} is not in the document`];
  if (!operation.responses?.[res.statusCode])
    return [`${method} ${path} answered ${res.statusCode}, not documented`];
  const type = String(res.headers["content-type"] ?? "");
  if (!type.startsWith("application/json")) {
    const binary = operation.responses[res.statusCode] as { content?: Record<string, unknown> };
    return binary.content?.[type.split(";")[0] ?? ""] ? [] : [`${method} ${path} ${res.statusCode}: ${type}`];
  }
  const ref = `openapi#/${pointer("paths", path, method.toLowerCase(), "responses", String(res.statusCode), "content", "application/json", "schema")}`;
  const validate = ajv.getSchema(ref);
  if (!validate) return [`no schema at ${ref}`];
  if (validate(res.json())) return [];
  return [`${method} ${path} ${res.statusCode}: ${ajv.errorsText(validate.errors)}`];
}

describe("the OpenAPI document", () => {
  it("is OpenAPI 3.1 with the cookie session and the error body", () => {
    expect(doc).toMatchObject({
      openapi: "3.1.0",
      components: {
        securitySchemes: { session: { type: "apiKey", in: "cookie", name: "vela_session" } },
        schemas: { Error: { required: expect.arrayContaining(["message", "error"]) } },
      },
    });
    const me = doc.paths["/api/account/customer"]?.get as { security?: unknown };
    expect(me.security).toEqual([{ session: [] }]);
    const login = doc.paths["/api/account/login"]?.post as { requestBody?: unknown };
    expect(login.requestBody).toMatchObject({
      content: { "application/json": { schema: { type: "object" } } },
    });
  });

  it("says of every operation who may call it: public ones need nothing, the others name their cookies", () => {
    const schemes = (doc as unknown as { components: { securitySchemes: Record<string, unknown> } })
      .components.securitySchemes;
    // The cookies the server really reads.
    expect(schemes).toEqual({
      session: expect.objectContaining({ type: "apiKey", in: "cookie", name: SESSION_COOKIE }),
      orderAccess: expect.objectContaining({ type: "apiKey", in: "cookie", name: ORDER_ACCESS_COOKIE }),
    });
    const missing = API_PATHS.filter((p) => !Array.isArray(operationOf(p.method, p.path)?.security));
    expect(missing.map((p) => `${p.method} ${p.path}`)).toEqual([]);
    expect(operationOf("get", "/api/health")?.security).toEqual([]);
    expect(operationOf("post", "/api/newsletter/subscribe")?.security).toEqual([]);
    expect(operationOf("get", "/api/games")?.security).toEqual([]);
    expect(operationOf("get", "/api/account/orders")?.security).toEqual([{ session: [] }]);
    expect(operationOf("post", "/api/reviews")?.security).toEqual([{ session: [] }]);
    // A guest's cart and checkout work without a cookie; a session makes them the customer's.
    expect(operationOf("post", "/api/checkout/orders")?.security).toEqual([{}, { session: [] }]);
    expect(operationOf("get", "/api/checkout/orders/{orderId}")?.security).toEqual([
      { session: [] },
      { orderAccess: [] },
    ]);
  });

  it("describes every tag, and says under what licence the API is published", () => {
    expect(doc.tags.map((tag) => tag.name)).toEqual(Object.keys(API_TAGS));
    expect(doc.tags.filter((tag) => !tag.description?.trim())).toEqual([]);
    const used = new Set(API_PATHS.map((p) => p.tag));
    expect(doc.tags.filter((tag) => !used.has(tag.name as never))).toEqual([]);
    expect(doc.info.license?.name).toMatch(/\S/);
    expect(doc.info.license?.identifier ?? doc.info.license?.url).toBeTruthy();
  });

  it("lists the values of a query parameter that takes a fixed list, from the lists the server checks", async () => {
    const schemaOf = (method: string, path: string, name: string) =>
      operationOf(method, path)?.parameters?.find((p) => p.in === "query" && p.name === name)?.schema;
    expect(schemaOf("get", "/api/firmware", "model")).toEqual({
      type: "string",
      enum: [...GLASSES_MODEL_SLUGS],
    });
    expect(schemaOf("get", "/api/cloud/system/releasenote", "product")).toEqual({
      type: "string",
      enum: [...SYSTEM_PRODUCTS],
    });
    expect(schemaOf("get", "/api/compatibility", "language")).toEqual({
      type: "string",
      enum: [...COMPATIBILITY_LANGUAGES],
    });
    expect(schemaOf("get", "/api/games", "platform")).toMatchObject({
      type: "array",
      items: { type: "string", enum: [...GAME_PLATFORMS] },
    });
    expect(schemaOf("get", "/api/games", "genre")).toMatchObject({
      type: "array",
      items: { type: "string", enum: [...GAME_GENRES] },
    });
    expect(schemaOf("get", "/api/games", "sort")).toMatchObject({ enum: GAME_SORTS.map((s) => s.value) });

    // What the document lists, the server takes; a value beside the list, it refuses with 400.
    const luma = handle("luma-pro-xr-glasses");
    const cases: { url: (value: string) => string; name: string; method: string; path: string }[] = [
      { method: "get", path: "/api/firmware", name: "model", url: (v) => `/api/firmware?model=${v}` },
      {
        method: "get",
        path: "/api/cloud/system/releasenote",
        name: "product",
        url: (v) => `/api/cloud/system/releasenote?product=${v}`,
      },
      {
        method: "get",
        path: "/api/compatibility",
        name: "language",
        url: (v) => `/api/compatibility?language=${v}&handle=${luma}`,
      },
      { method: "get", path: "/api/games", name: "platform", url: (v) => `/api/games?platform=${v}` },
      { method: "get", path: "/api/games", name: "genre", url: (v) => `/api/games?genre=${v}` },
      { method: "get", path: "/api/games", name: "sort", url: (v) => `/api/games?sort=${v}` },
    ];
    const wrong: string[] = [];
    for (const c of cases) {
      const schema = schemaOf(c.method, c.path, c.name) as { enum?: unknown[]; items?: { enum?: unknown[] } };
      const values = schema.enum ?? schema.items?.enum ?? [];
      expect(values.length).toBeGreaterThan(0);
      for (const value of values) {
        const res = await t.api("GET", c.url(encodeURIComponent(String(value))));
        if (res.statusCode !== 200) wrong.push(`${c.name}=${value}: ${res.statusCode}`);
      }
      const refused = await t.api("GET", c.url("not-listed"));
      if (refused.statusCode !== 400) wrong.push(`${c.name}=not-listed: ${refused.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it("passes Redocly's lint with its recommended rules, without an error or a warning", async () => {
    const dir = await mkdtemp(join(tmpdir(), "vela-openapi-"));
    try {
      const file = join(dir, "openapi.json");
      await writeFile(file, (await t.api("GET", "/api/openapi.json")).body);
      const cli = createRequire(import.meta.url).resolve("@redocly/cli/bin/cli.js");
      const run = await promisify(execFile)(
        process.execPath,
        [cli, "lint", file, "--extends", "recommended", "--format", "json"],
        {
          cwd: dir,
          // No telemetry and no look-up of a newer version: the lint runs offline.
          env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
          maxBuffer: 16 * 1024 * 1024,
        },
      ).catch((err: { stdout?: string }) => ({ stdout: err.stdout ?? "" }));
      const report = JSON.parse(run.stdout) as {
        totals: { errors: number; warnings: number };
        problems: { ruleId: string; severity: string; message: string; location?: { pointer?: string }[] }[];
      };
      const problems = report.problems.map(
        (p) => `${p.severity} ${p.ruleId} at ${p.location?.[0]?.pointer ?? "?"}: ${p.message}`,
      );
      expect(problems).toEqual([]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it("is read at /api/docs by Swagger UI, served under the store's own CSP", async () => {
    const res = await t.api("GET", "/api/docs");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.headers["content-security-policy"]).toBe(CSP);
    expect(res.body).not.toMatch(/<script>/);
    // The document Swagger UI loads is the store's, not a placeholder.
    const json = await t.api("GET", "/api/docs/json");
    expect(json.statusCode).toBe(200);
    expect(json.json()).toEqual((await t.api("GET", "/api/openapi.json")).json());
    expect(Object.keys(json.json().paths).length).toBeGreaterThan(20);
    // And as YAML: the same document.
    const yaml = await t.api("GET", "/api/docs/yaml");
    expect(yaml.statusCode).toBe(200);
    expect(yaml.headers["content-type"]).toMatch(/yaml/);
    // (the document repeats shared schemas, which YAML writes as aliases: many of them)
    expect(parseYaml(yaml.body, { maxAliasCount: -1 })).toEqual(json.json());
  });

  it("names every /api route the app serves, and the app serves every path it names", () => {
    // printRoutes draws a tree: each line is a path segment under the line above at one less depth.
    const routes = new Set<string>();
    const stack: string[] = [];
    for (const line of t.app.printRoutes({ commonPrefix: false }).split("\n")) {
      const at = line.indexOf("── ");
      const m = /── (\S+)(?: \(([^)]+)\))?/.exec(line);
      if (at < 0 || !m?.[1]) continue;
      const depth = (at - 1) / 4;
      stack.length = depth;
      stack.push(m[1]);
      const path = stack.join("").replace(/:([A-Za-z]+)/g, "{$1}");
      if (!m[2] || !path.startsWith("/api/") || path.startsWith("/api/docs")) continue;
      for (const method of m[2].split(", ")) if (method !== "HEAD") routes.add(`${method} ${path}`);
    }
    routes.delete("GET /api/openapi.json");
    const documented = new Set(API_PATHS.map((p) => `${p.method.toUpperCase()} ${p.path}`));
    expect([...routes].sort()).toEqual([...documented].sort());
  });

  it("holds for real answers of every path, a success and a failure each", async () => {
    const signedIn = await t.login();
    const { available } = await catalogueVariants(t);
    const luma = handle("luma-pro-xr-glasses");

    // Store
    await call("GET", "/api/health", "/api/health");

    // Account
    await call("GET", "/api/account/customer", "/api/account/customer", { cookie: signedIn });
    await call("GET", "/api/account/customer", "/api/account/customer");
    await call("POST", "/api/account/login", "/api/account/login", { body: DEMO_CUSTOMER });
    await call("POST", "/api/account/login", "/api/account/login", {
      body: { ...DEMO_CUSTOMER, password: "wrong-pass-1" },
    });
    await call("POST", "/api/account/login", "/api/account/login", { body: { email: "not-an-email" } });
    await call("POST", "/api/account/register", "/api/account/register", {
      body: {
        firstName: "Openapi",
        lastName: "Test",
        email: "openapi@example.com",
        password: "Openapi-pass-1",
      },
    });
    await call("POST", "/api/account/register", "/api/account/register", { body: {} });
    const link = await recoverLink(t, DEMO_CUSTOMER.email);
    await call("POST", "/api/account/recover", "/api/account/recover", {
      body: { email: "nobody@example.com" },
    });
    await call("POST", "/api/account/recover", "/api/account/recover", { body: { email: 1 } });
    await call("POST", "/api/account/reset", "/api/account/reset", {
      body: {
        customerId: link.customerId,
        resetToken: "x".repeat(43),
        syclid: null,
        password: "New-pass-0001",
      },
    });
    const activation = await linkFromOutbox(t.db, "invited@vela.test", "account-activation");
    await call("POST", "/api/account/activate", "/api/account/activate", {
      body: {
        customerId: activation.customerId,
        activationToken: activation.token,
        syclid: null,
        password: "Invited-pass-1",
      },
    });
    await call("POST", "/api/account/activate", "/api/account/activate", { body: {} });
    await call("POST", "/api/account/reset", "/api/account/reset", {
      body: {
        customerId: link.customerId,
        resetToken: link.token,
        syclid: null,
        password: DEMO_CUSTOMER.password,
      },
    });
    const signedInBefore = await t.login();
    const changed = await call("POST", "/api/account/password", "/api/account/password", {
      cookie: signedInBefore,
      body: { currentPassword: DEMO_CUSTOMER.password, newPassword: DEMO_CUSTOMER.password },
    });
    // A password change may hand the browser a new session in place of the old: carry on with it.
    const rotated = [changed.headers["set-cookie"] ?? []]
      .flat()
      .find((c) => c.startsWith(`${SESSION_COOKIE}=`))
      ?.split(";")[0];
    const cookie = rotated ?? signedInBefore;
    await call("POST", "/api/account/password", "/api/account/password", { body: {} });
    const me = json<{
      customer: { firstName: string; lastName: string; phone: string | null; acceptsMarketing: boolean };
    }>(await t.api("GET", "/api/account/customer", { cookie })).customer;
    const profile = {
      firstName: me.firstName,
      lastName: me.lastName,
      phone: me.phone,
      acceptsMarketing: me.acceptsMarketing,
    };
    const changeEmail = (to: string, session: string) =>
      call("PUT", "/api/account/profile", "/api/account/profile", {
        cookie: session,
        body: { ...profile, email: to, currentPassword: DEMO_CUSTOMER.password },
      });
    const tokenIn = async (to: string, kind: string, path: string) =>
      new URL(
        new RegExp(`https://\\S+${path}\\?token=\\S+`).exec((await latestMail(t.db, to, kind)).text)?.[0] ??
          "",
      ).searchParams.get("token");
    await call("PUT", "/api/account/profile", "/api/account/profile", { cookie, body: { ...profile } });
    // Asked, then stopped from the old address (which ends every session)...
    await changeEmail("openapi-stopped@example.com", cookie);
    const cancelToken = await tokenIn(
      DEMO_CUSTOMER.email,
      "email-change-requested",
      "/account/email-change/cancel",
    );
    await call("POST", "/api/account/email-change/cancel", "/api/account/email-change/cancel", {
      body: { token: cancelToken },
    });
    await call("POST", "/api/account/email-change/cancel", "/api/account/email-change/cancel", { body: {} });
    // ...then asked again and confirmed from the new one.
    await changeEmail("openapi-new@example.com", await t.login());
    const confirmToken = await tokenIn(
      "openapi-new@example.com",
      "email-change-confirm",
      "/account/email-change",
    );
    await call("POST", "/api/account/email-change/confirm", "/api/account/email-change/confirm", {
      body: { token: confirmToken },
    });
    await call("POST", "/api/account/email-change/confirm", "/api/account/email-change/confirm", {
      body: { token: 5 },
    });

    // Orders and addresses (a fresh session: the email change ended the others)
    const demo = await sessionCookie(t, 1);
    const page = await call("GET", "/api/account/orders", "/api/account/orders?limit=2", { cookie: demo });
    await call("GET", "/api/account/orders", "/api/account/orders?limit=0", { cookie: demo });
    const orderId = json<{ orders: { edges: { node: { id: string } }[] } }>(page)
      .orders.edges[0]?.node.id.split("/")
      .pop();
    await call("GET", "/api/account/orders/{id}", `/api/account/orders/${orderId}`, { cookie: demo });
    await call("GET", "/api/account/orders/{id}", "/api/account/orders/999999", { cookie: demo });
    await call("GET", "/api/account/addresses", "/api/account/addresses", { cookie: demo });
    await call("GET", "/api/account/addresses", "/api/account/addresses");
    const address = {
      firstName: "Mina",
      lastName: "Sato",
      company: null,
      address1: "2-4-1 Marunouchi",
      address2: null,
      city: "Chiyoda-ku",
      province: "Tokyo",
      country: "Japan",
      zip: "100-0005",
      phone: null,
    };
    const created = await call("POST", "/api/account/addresses", "/api/account/addresses", {
      cookie: demo,
      body: address,
    });
    await call("POST", "/api/account/addresses", "/api/account/addresses", { cookie: demo, body: {} });
    const addressId = json<{ address: { id: string } }>(created).address.id.split("/").pop();
    await call("PUT", "/api/account/addresses/{id}", `/api/account/addresses/${addressId}`, {
      cookie: demo,
      body: address,
    });
    await call("PUT", "/api/account/addresses/{id}", "/api/account/addresses/999999", {
      cookie: demo,
      body: address,
    });
    await call("POST", "/api/account/addresses/{id}/default", `/api/account/addresses/${addressId}/default`, {
      cookie: demo,
    });
    await call("POST", "/api/account/addresses/{id}/default", "/api/account/addresses/999999/default", {
      cookie: demo,
    });
    await call("DELETE", "/api/account/addresses/{id}", `/api/account/addresses/${addressId}`, {
      cookie: demo,
    });
    await call("DELETE", "/api/account/addresses/{id}", `/api/account/addresses/${addressId}`, {
      cookie: demo,
    });

    // Cart
    const cart = await call("POST", "/api/cart", "/api/cart", { body: {} });
    await call("POST", "/api/cart", "/api/cart", { body: "x", headers: { "content-type": "text/plain" } });
    const cartId = json<{ cart: { id: string } }>(cart).cart.id;
    const added = await call("POST", "/api/cart/{cartId}", `/api/cart/${cartId}`, {
      body: { items: [{ merchandiseId: variantGid(available[0] ?? 1), quantity: 1 }] },
    });
    await call("POST", "/api/cart/{cartId}", `/api/cart/${cartId}`, { body: { items: [] } });
    await call("GET", "/api/cart/{cartId}", `/api/cart/${cartId}`);
    await call("GET", "/api/cart/{cartId}", "/api/cart/no-such-cart-000");
    const lineId = json<{ cart: { lines: { id: string }[] } }>(added).cart.lines[0]?.id.split("/").pop();
    await call("PATCH", "/api/cart/{cartId}/lines/{lineId}", `/api/cart/${cartId}/lines/${lineId}`, {
      body: { quantity: 2 },
    });
    await call("PATCH", "/api/cart/{cartId}/lines/{lineId}", `/api/cart/${cartId}/lines/${lineId}`, {
      body: { quantity: 0 },
    });
    await call("DELETE", "/api/cart/{cartId}/lines/{lineId}", `/api/cart/${cartId}/lines/${lineId}`);
    await call("DELETE", "/api/cart/{cartId}/lines/{lineId}", "/api/cart/no-such-cart-000/lines/1");

    // Checkout
    await t.api("POST", `/api/cart/${cartId}`, {
      body: { items: [{ merchandiseId: variantGid(available[0] ?? 1), quantity: 1 }] },
    });
    const shipTo = {
      firstName: "Open",
      lastName: "Api",
      address1: "1 Main St",
      city: "Austin",
      province: "TX",
      country: "United States",
      zip: "73301",
    };
    const quoted = await call("POST", "/api/checkout/quote", "/api/checkout/quote", {
      body: { cartId, address: shipTo },
    });
    await call("POST", "/api/checkout/quote", "/api/checkout/quote", {
      body: { cartId, discountCodes: ["NOPE"] },
    });
    const placed = await call("POST", "/api/checkout/orders", "/api/checkout/orders", {
      body: {
        cartId,
        email: "openapi-buyer@example.com",
        address: shipTo,
        card: { number: "4242424242424242", expiry: "12/40", cvc: "123" },
        idempotencyKey: "openapi-checkout-0001",
        expectedTotal: json<{ quote: { totalMinor: number } }>(quoted).quote.totalMinor,
      },
    });
    await call("POST", "/api/checkout/orders", "/api/checkout/orders", { body: { cartId } });
    const access = String(placed.headers["set-cookie"]).match(/vela_order_access=[^;]+/)?.[0] ?? "";
    const placedId = json<{ order: { id: string } }>(placed).order.id.split("/").pop();
    await call("GET", "/api/checkout/orders/{orderId}", `/api/checkout/orders/${placedId}`, {
      cookie: access,
    });
    await call("GET", "/api/checkout/orders/{orderId}", `/api/checkout/orders/${placedId}`);
    const offerKey = json<{ order: { accountOfferKey: string } }>(
      await t.api("GET", `/api/checkout/orders/${placedId}`, { cookie: access }),
    ).order.accountOfferKey;
    await call("POST", "/api/checkout/account-offer", "/api/checkout/account-offer", {
      body: { orderId: placedId, key: offerKey },
    });
    await call("POST", "/api/checkout/account-offer", "/api/checkout/account-offer", {
      body: { orderId: placedId, key: "wrong" },
    });
    const claimOwner = await createCustomer(t.db, {
      email: "openapi-claim@example.com",
      password: "pw-123456",
    });
    const { token: claimToken } = await t.db.$transaction((tx) =>
      issueToken(tx, t.deps, claimOwner.id, "ORDER_CLAIM", "openapi-claim@example.com"),
    );
    await call("POST", "/api/checkout/claim-orders", "/api/checkout/claim-orders", {
      body: { token: claimToken },
    });
    await call("POST", "/api/checkout/claim-orders", "/api/checkout/claim-orders", {
      body: { token: "nope" },
    });

    // Stripe's paths (their successes: stripe-api.test.ts): a body that is not one, and this
    // store paying with the test provider, which has no Stripe payment to start or settle.
    await call("POST", "/api/checkout/payments", "/api/checkout/payments", { body: { cartId } });
    const noStripe = await call("POST", "/api/checkout/payments", "/api/checkout/payments", {
      body: {
        cartId,
        email: "openapi-buyer@example.com",
        address: shipTo,
        idempotencyKey: "openapi-stripe-0001",
        expectedTotal: 1,
      },
    });
    expect(noStripe.statusCode).toBe(404);
    await call("POST", "/api/checkout/payments/complete", "/api/checkout/payments/complete", { body: {} });
    await call("POST", "/api/checkout/payments/complete", "/api/checkout/payments/complete", {
      body: { placementId: "1.not-a-placement" },
    });

    // Storefront
    await call("GET", "/api/products", "/api/products");
    await call("GET", "/api/products", "/api/products?minRating=9");
    await call("GET", "/api/products/{handle}", `/api/products/${luma}`);
    await call("GET", "/api/products/{handle}", "/api/products/no-such-product");
    await call("GET", "/api/reviews", `/api/reviews?handle=${luma}`);
    await call("GET", "/api/reviews", "/api/reviews?page=0");
    await call("POST", "/api/reviews", "/api/reviews", {
      cookie: demo,
      body: { handle: luma, rating: 5, title: "Bright", body: "Bright and comfortable for hours." },
    });
    await call("POST", "/api/reviews", "/api/reviews", { body: { handle: luma } });
    await call("GET", "/api/compatibility", `/api/compatibility?language=en-US&handle=${luma}`);
    await call("GET", "/api/compatibility", "/api/compatibility?language=xx");
    await call("POST", "/api/contact", "/api/contact", {
      body: {
        name: "Ann Lee",
        email: "ann@example.com",
        orderNumber: null,
        topic: "order",
        message: "My order has not arrived yet. Could you check it?",
      },
    });
    await call("POST", "/api/contact", "/api/contact", { body: { name: "" } });
    await call("POST", "/api/newsletter/subscribe", "/api/newsletter/subscribe", {
      body: { email: "news@example.com" },
    });
    await call("POST", "/api/newsletter/subscribe", "/api/newsletter/subscribe", { body: {} });
    const newsletterMail = (await latestMail(t.db, "news@example.com", "newsletter-confirm")).text;
    const confirmUrl = new URL(/https:\/\/\S+\/newsletter\/confirm\?\S+/.exec(newsletterMail)?.[0] ?? "");
    const unsubscribeUrl = new URL(
      /https:\/\/\S+\/newsletter\/unsubscribe\?\S+/.exec(newsletterMail)?.[0] ?? "",
    );
    await call("POST", "/api/newsletter/confirm", "/api/newsletter/confirm", {
      body: { token: confirmUrl.searchParams.get("token") },
    });
    await call("POST", "/api/newsletter/confirm", "/api/newsletter/confirm", { body: {} });
    await call("POST", "/api/newsletter/unsubscribe", "/api/newsletter/unsubscribe", {
      body: Object.fromEntries(unsubscribeUrl.searchParams),
    });
    await call("POST", "/api/newsletter/unsubscribe", "/api/newsletter/unsubscribe", { body: {} });

    // Content
    const firmware = await call("GET", "/api/firmware", "/api/firmware?model=N6");
    await call("GET", "/api/firmware", "/api/firmware?model=nothing");
    const imageUrl = json<{ versions: { imageUrl: string }[] }>(firmware).versions[0]?.imageUrl ?? "";
    await call("GET", "/api/firmware/{id}/image", imageUrl);
    await call("GET", "/api/firmware/{id}/image", "/api/firmware/0/image");
    await call("GET", "/api/cloud/system/releasenote", "/api/cloud/system/releasenote?product=xr-glasses");
    await call("GET", "/api/cloud/system/releasenote", "/api/cloud/system/releasenote?product=x");
    await call("POST", "/api/cloud/academy/releasenote", "/api/cloud/academy/releasenote", {
      body: { product_name: "spacewalker", platform: "Windows" },
    });
    await call("POST", "/api/cloud/academy/releasenote", "/api/cloud/academy/releasenote", { body: {} });
    await call("GET", "/api/games", "/api/games?platform=Android&pageSize=3");
    await call("GET", "/api/games", "/api/games?sort=9");
    await call("GET", "/api/games/trending", "/api/games/trending");
    const blog = await call("GET", "/api/blog", "/api/blog?limit=2");
    const slug = json<{ posts: { slug: string }[] }>(blog).posts[0]?.slug;
    await call("GET", "/api/blog/{slug}", `/api/blog/${slug}`);
    await call("GET", "/api/blog", "/api/blog?limit=x");
    await call("GET", "/api/blog/{slug}", "/api/blog/no-such-post");
    await call("GET", "/api/search", "/api/search?q=glasses&language=ja-JP&limit=2");
    await call("GET", "/api/search", "/api/search?q=");
    await call("GET", "/api/search/suggest", "/api/search/suggest?q=gla");
    await call("GET", "/api/search/suggest", "/api/search/suggest?language=xx");
    await call("POST", "/api/account/logout", "/api/account/logout", { cookie: demo, body: {} });
    await call("POST", "/api/account/logout", "/api/account/logout", {
      headers: { origin: "https://evil.test" },
    });

    const failures = answers.flatMap(check);
    expect(failures).toEqual([]);
    // Every documented path was answered with a success, and with a failure where it has any.
    const missing = API_PATHS.flatMap((p) => {
      const statuses = answers
        .filter((a) => a.path === p.path && a.method === p.method.toUpperCase())
        .map((a) => a.res.statusCode);
      return [
        ...(statuses.includes(200) || STRIPE_ONLY_PATHS.includes(`${p.method.toUpperCase()} ${p.path}`)
          ? []
          : [`${p.method} ${p.path}: no success (${statuses.join(", ")})`]),
        ...(p.errors.length === 0 || statuses.some((s) => s >= 400)
          ? []
          : [`${p.method} ${p.path}: no failure`]),
      ];
    });
    expect(missing).toEqual([]);
  });
});

describe("Swagger UI in production", () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  it.each<{ env: Record<string, string>; ui: number }>([
    { env: { NODE_ENV: "production" }, ui: 404 },
    { env: { NODE_ENV: "production", API_DOCS: "on" }, ui: 200 },
    { env: { NODE_ENV: "test", API_DOCS: "off" }, ui: 404 },
  ])("$env: /api/docs answers $ui, the OpenAPI document 200", async ({ env, ui }) => {
    const t = await createTestApp({ env: { PAYMENT_PROVIDER: "test", ...env } });
    apps.push(t);
    expect((await t.api("GET", "/api/docs")).statusCode).toBe(ui);
    const doc = await t.api("GET", "/api/openapi.json");
    expect(doc.statusCode).toBe(200);
    expect(doc.json().openapi).toBe("3.1.0");
  });
});
