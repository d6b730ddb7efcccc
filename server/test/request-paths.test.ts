// Every rule that decides how a request is answered before it reaches a route (the API's
// same-origin and JSON rule, no-store on API answers, the methods tRPC cannot serve, the token
// pages' Referrer-Policy, robots) holds for the path the router matches, however the request
// target spells it: percent-encoded letters, double encoding, doubled slashes, dot segments, `;`,
// case, a fragment or the absolute form. Requests go over a real socket, so that the target
// reaches the server exactly as written (an injected request goes through WHATWG URL parsing,
// which would rewrite `/./` and `//`).
import { Agent, request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { MESSAGES } from "@vela/shared";
import { API_PATHS } from "@vela/shared/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REQUEST_ERRORS } from "../src/errors.ts";
import { appRouter } from "../src/trpc/router.ts";
import { createTestApp, DEMO_CUSTOMER, ORIGIN, type TestApp } from "./helpers.ts";
import { dumpDatabase, GENEROUS_LIMITS } from "./support-security.ts";

const EVIL = "http://evil.test";
const OWN_HOST = new URL(ORIGIN).host;

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

let t: TestApp;
let port = 0;
let cookie = "";
let cartId = "";
let lineId = 0;
const agent = new Agent({ keepAlive: true, maxSockets: 8 });

beforeAll(async () => {
  t = await createTestApp({ rateLimits: GENEROUS_LIMITS });
  cookie = await t.login();
  const variant = await t.db.productVariant.findFirstOrThrow({ select: { id: true } });
  cartId = "cart-request-paths-0001";
  await t.db.cart.create({ data: { id: cartId, customerId: 1 } });
  lineId = (await t.db.cartLine.create({ data: { cartId, variantId: variant.id, quantity: 1 } })).id;
  const address = new URL(await t.app.listen({ host: "127.0.0.1", port: 0 }));
  port = Number(address.port);
});
afterAll(async () => {
  agent.destroy();
  await t.close();
});

/** The request as written: `target` goes on the request line untouched. */
function send(
  method: string,
  target: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port,
        method,
        path: target,
        agent,
        headers: {
          host: OWN_HOST,
          ...(body !== undefined
            ? { "content-type": "application/json", "content-length": String(Buffer.byteLength(body)) }
            : {}),
          ...headers,
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (d: string) => {
          text += d;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

function message(answer: Answer): string | undefined {
  try {
    const body = JSON.parse(answer.body) as { message?: unknown; error?: { message?: unknown } };
    const text = body.message ?? body.error?.message;
    return typeof text === "string" ? text : undefined;
  } catch {
    return undefined;
  }
}

/** Refused before any route: as the plain path is from a foreign Origin, or the router found nothing. */
function refusedBeforeRoute(answer: Answer): boolean {
  const text = message(answer);
  return (
    (answer.status === 403 && text === MESSAGES.crossSite) ||
    (answer.status === 404 && text === REQUEST_ERRORS.notFound) ||
    (answer.status === 400 && text === REQUEST_ERRORS.invalid) ||
    (answer.status === 421 && text === REQUEST_ERRORS.invalid)
  );
}

interface Spelling {
  how: string;
  target: string;
  /** Names a host that is not the store's: refused as misdirected, whatever the path. */
  foreign?: boolean;
}

const hex = (c: string) => `%${c.charCodeAt(0).toString(16)}`;

/** Ways to write `${prefix}${rest}` that a router, a proxy or a browser may take for it. */
function spellings(prefix: "/api" | "/trpc", rest: string): Spelling[] {
  const name = prefix.slice(1);
  const list: Spelling[] = [{ how: "as is, with a query", target: `${prefix}${rest}?x=1` }];
  for (let i = 0; i < name.length; i++) {
    const c = name[i] as string;
    for (const code of [hex(c), hex(c).toUpperCase()]) {
      list.push({ how: `${c} as ${code}`, target: `/${name.slice(0, i)}${code}${name.slice(i + 1)}${rest}` });
    }
  }
  const encoded = [...name].map(hex).join("");
  const first = name[0] as string;
  list.push(
    { how: "every letter encoded", target: `/${encoded}${rest}` },
    { how: "every letter encoded, upper-case hex", target: `/${encoded.toUpperCase()}${rest}` },
    { how: "the slash after it encoded", target: `${prefix}%2F${rest.slice(1)}` },
    { how: "the slash after it encoded, lower-case", target: `${prefix}%2f${rest.slice(1)}` },
    { how: "its first slash encoded", target: `/%2F${name}${rest}` },
    { how: "double encoding", target: `/%25${hex(first).slice(1)}${name.slice(1)}${rest}` },
    { how: "double encoding, every letter", target: `/${encoded.replaceAll("%", "%25")}${rest}` },
    { how: "an encoded percent before it", target: `/%25${name}${rest}` },
    { how: "a leading //", target: `/${prefix}${rest}` },
    { how: "a // after it", target: `${prefix}/${rest}` },
    { how: "a /./ before it", target: `/.${prefix}${rest}` },
    { how: "a /./ after it", target: `${prefix}/.${rest}` },
    { how: "an encoded dot segment", target: `/%2e${prefix}${rest}` },
    { how: "a /x/../ before it", target: `/x/..${prefix}${rest}` },
    { how: "an encoded ../", target: `/x/%2e%2e${prefix}${rest}` },
    { how: "a ; after it", target: `${prefix};${rest}` },
    { how: "a ; path parameter at the end", target: `${prefix}${rest};jsessionid=1` },
    { how: "upper case", target: `${prefix.toUpperCase()}${rest}` },
    { how: "capitalised", target: `/${first.toUpperCase()}${name.slice(1)}${rest}` },
    { how: "a fragment", target: `${prefix}${rest}#x` },
    { how: "absolute form, the store's host", target: `http://${OWN_HOST}${prefix}${rest}` },
    { how: "absolute form, https", target: `https://${OWN_HOST}${prefix}${rest}` },
    {
      how: "absolute form, the store's host in capitals",
      target: `HTTP://${OWN_HOST.toUpperCase()}${prefix}${rest}`,
    },
    { how: "absolute form, encoded", target: `http://${OWN_HOST}/${encoded}${rest}` },
    { how: "absolute form, another host", target: `${EVIL}${prefix}${rest}`, foreign: true },
    { how: "absolute form, another host, encoded", target: `${EVIL}/${encoded}${rest}`, foreign: true },
    {
      how: "absolute form, a host that starts like the store's",
      target: `http://${OWN_HOST}.evil.test${prefix}${rest}`,
      foreign: true,
    },
    {
      how: "absolute form, the store's name as a user name",
      target: `http://${OWN_HOST}@evil.test${prefix}${rest}`,
      foreign: true,
    },
    {
      how: "absolute form, the store's name on another port",
      target: `http://${OWN_HOST}:8443${prefix}${rest}`,
      foreign: true,
    },
  );
  return list;
}

interface Route {
  method: string;
  prefix: "/api" | "/trpc";
  rest: string;
  body: string | undefined;
}

/** Every state-changing REST route (the API's own list), with ids that exist. */
function restRoutes(): Route[] {
  return API_PATHS.filter((p) => p.method !== "get").map((p) => ({
    method: p.method.toUpperCase(),
    prefix: "/api",
    rest: p.path
      .slice("/api".length)
      .replace("{id}", "2")
      .replace("{cartId}", cartId)
      .replace("{lineId}", String(lineId))
      .replace(/\{[^}]+\}/g, "1"),
    body: p.method === "delete" ? undefined : "{}",
  }));
}

/** Every tRPC mutation, from the router itself. */
function trpcMutations(): Route[] {
  const procedures = (
    appRouter as unknown as { _def: { procedures: Record<string, { _def: { type: string } }> } }
  )._def.procedures;
  return Object.entries(procedures)
    .filter(([, p]) => p._def.type === "mutation")
    .map(([path]) => ({ method: "POST", prefix: "/trpc", rest: `/${path}`, body: "{}" }));
}

/** Runs the requests a few at a time (a keep-alive pool of 8), in order of the list. */
async function all<T, R>(items: T[], run: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += 8) out.push(...(await Promise.all(items.slice(i, i + 8).map(run))));
  return out;
}

describe("a state-changing call from a foreign Origin, however its path is written", () => {
  it("is refused before any route, answers no-store when it is an API answer, and changes nothing", async () => {
    const routes = [...restRoutes(), ...trpcMutations()];
    // The lists are what they claim: every REST write and every tRPC mutation.
    expect(routes.filter((r) => r.prefix === "/api").length).toBeGreaterThanOrEqual(20);
    expect(routes.filter((r) => r.prefix === "/trpc").length).toBeGreaterThanOrEqual(25);
    const before = await dumpDatabase(t.db);
    const cases = routes.flatMap((r) =>
      spellings(r.prefix, r.rest).map((s) => ({
        ...s,
        route: r,
        label: `${r.method} ${s.target} (${s.how})`,
      })),
    );
    const answers = await all(cases, async (c) => ({
      c,
      answer: await send(
        c.route.method,
        c.target,
        { cookie, origin: EVIL, "sec-fetch-site": "cross-site" },
        c.route.body,
      ),
    }));
    const wrong = answers
      .filter(({ c, answer }) =>
        c.foreign
          ? answer.status !== 421
          : !refusedBeforeRoute(answer) ||
            (answer.status === 403 && answer.headers["cache-control"] !== "no-store"),
      )
      .map(
        ({ c, answer }) =>
          `${c.label} → ${answer.status} ${answer.headers["cache-control"] ?? ""} ${answer.body}`,
      );
    expect(wrong).toEqual([]);
    // Every refusal of the plain path's kind (403) is what the plain path gets: at least one per spelling
    // that reaches the API (the percent-encoded letters, the absolute form of the store's own host).
    expect(answers.filter(({ answer }) => answer.status === 403).length).toBeGreaterThan(routes.length * 10);
    expect(await dumpDatabase(t.db)).toBe(before);
  }, 120_000);

  it.each([
    "/%61dmin/trpc/auth.signOut",
    "/admin/%74rpc/auth.signOut",
    "/%61%64%6d%69%6e/%74%72%70%63/auth.signOut",
    `http://${OWN_HOST}/%61dmin/trpc/auth.signOut`,
  ])("POST %s (the admin's endpoint) → 403, not stored", async (target) => {
    const answer = await send("POST", target, { origin: EVIL }, "{}");
    expect(answer.status).toBe(403);
    expect(message(answer)).toBe(MESSAGES.crossSite);
    expect(answer.headers["cache-control"]).toBe("no-store");
  });

  it("POST /%61pi/account/addresses/2/default does not change the default address", async () => {
    const before = await t.db.customer.findUniqueOrThrow({
      where: { id: 1 },
      select: { defaultAddressId: true },
    });
    expect(before.defaultAddressId).not.toBe(2);
    const answer = await send("POST", "/%61pi/account/addresses/2/default", { cookie, origin: EVIL });
    expect(answer.status).toBe(403);
    expect(message(answer)).toBe(MESSAGES.crossSite);
    expect(answer.headers["cache-control"]).toBe("no-store");
    const after = await t.db.customer.findUniqueOrThrow({
      where: { id: 1 },
      select: { defaultAddressId: true },
    });
    expect(after).toEqual(before);
  });

  it("POST /%74rpc/account.logout does not sign the customer out", async () => {
    const answer = await send("POST", "/%74rpc/account.logout", { cookie, origin: EVIL }, "{}");
    expect(answer.status).toBe(403);
    const me = await send("GET", "/api/account/customer", { cookie });
    expect(me.status).toBe(200);
  });

  it("the same spellings from the store's own Origin are answered as the plain path is", async () => {
    // The router takes `/%61pi/...` for `/api/...`: the customer's own call works under either.
    const plain = await send("GET", "/api/account/customer", { cookie, origin: ORIGIN });
    const encoded = await send("GET", "/%61pi/account/customer", { cookie, origin: ORIGIN });
    expect(plain.status).toBe(200);
    expect(encoded.status).toBe(200);
    expect(encoded.body).toBe(plain.body);
  });
});

describe("API answers to reads are never stored, however the path is written", () => {
  it.each([
    ["GET", "/api/account/customer"],
    ["GET", "/api/account/addresses"],
    ["GET", "/api/account/orders"],
    ["GET", "/trpc/account.me"],
  ] as const)("%s %s", async (method, url) => {
    const prefix = url.startsWith("/api/") ? "/api" : "/trpc";
    const rest = url.slice(prefix.length);
    const answers = await all(
      spellings(prefix, rest).filter((s) => !s.foreign),
      async (s) => ({ s, answer: await send(method, s.target, { cookie }) }),
    );
    // Each spelling either reaches the route (and is not stored) or finds none: the store's 404,
    // or, when a client build is there, a page (anonymous: nothing of the customer's in it).
    const isPage = (answer: Answer) => /^text\/html/.test(String(answer.headers["content-type"]));
    for (const { answer } of answers.filter((a) => isPage(a.answer))) {
      expect(answer.body).not.toContain(DEMO_CUSTOMER.email);
    }
    const wrong = answers
      .filter(
        ({ answer }) =>
          !isPage(answer) &&
          !(answer.status === 404 && message(answer) === REQUEST_ERRORS.notFound) &&
          answer.headers["cache-control"] !== "no-store",
      )
      .map(({ s, answer }) => `${s.target} (${s.how}) → ${answer.status} ${answer.headers["cache-control"]}`);
    expect(wrong).toEqual([]);
    const reached = answers.filter(({ answer }) => answer.status === 200).map(({ s }) => s.how);
    const first = prefix[1] as string;
    expect(reached).toContain(`${first} as ${hex(first)}`);
    expect(reached).toContain("absolute form, the store's host");
  });
});

describe("a path the router does not know", () => {
  it.each(["/%61pi/no-such-thing", "/%74rpc/no.such.procedure"])(
    "%s is an API miss (the store's JSON 404, no-store), not a page",
    async (target) => {
      const answer = await send("GET", target);
      expect(answer.status).toBe(404);
      expect(String(answer.headers["content-type"])).toMatch(/^application\/json/);
      expect(answer.headers["cache-control"]).toBe("no-store");
    },
  );
});

describe("a method tRPC cannot serve", () => {
  // Node's parser refuses TRACK and answers CONNECT apart; TRACE reaches the app.
  it("TRACE to an encoded /trpc path → 404, nothing logged as a failure", async () => {
    const method = "TRACE";
    const before = t.logs.length;
    for (const target of [
      "/trpc/cart.get",
      "/%74rpc/cart.get",
      "/%74%72%70%63/cart.get",
      `http://${OWN_HOST}/%74rpc/cart.get`,
    ]) {
      const answer = await send(method, target, { cookie });
      expect(answer.status, target).toBe(404);
      expect(message(answer), target).toBe(REQUEST_ERRORS.notFound);
    }
    const logged = t.logs.slice(before).join("\n");
    expect(logged).not.toMatch(/"level":50/);
    expect(logged).not.toContain("stack");
  });
});

describe("a request target naming another host", () => {
  it.each([
    ["GET", `${EVIL}/`],
    ["GET", `${EVIL}/products`],
    ["GET", `${EVIL}/dev/mailbox`],
    ["POST", `${EVIL}/api/account/logout`],
    ["GET", `https://evil.test/api/account/customer`],
  ])("%s %s → 421 with the store's answer", async (method, target) => {
    const answer = await send(method, target, { cookie }, method === "POST" ? "{}" : undefined);
    expect(answer.status).toBe(421);
    expect(JSON.parse(answer.body)).toEqual({
      message: REQUEST_ERRORS.invalid,
      error: REQUEST_ERRORS.invalid,
    });
    expect(answer.headers["content-security-policy"]).toBeDefined();
    expect(answer.headers["x-content-type-options"]).toBe("nosniff");
    expect(answer.headers["set-cookie"]).toBeUndefined();
  });

  it("the store's own host in absolute form is answered as the plain path", async () => {
    const answer = await send("GET", `http://${OWN_HOST}/api/health`);
    expect(answer.status).toBe(200);
    expect(answer.headers["cache-control"]).toBe("no-store");
  });
});

describe("page rules keyed by path hold for every spelling of the page", () => {
  it.each([
    "/account/reset?customerId=1&token=SECRET&timestamp=1",
    "/%61ccount/reset?customerId=1&token=SECRET&timestamp=1",
    "/account/%72eset?token=SECRET",
    "/ACCOUNT/RESET?token=SECRET",
    "/Account/Activate?token=SECRET",
    "/checkout/%61ccount?order=1&key=SECRET",
    `http://${OWN_HOST}/%61ccount/email-change?token=SECRET`,
  ])("GET %s → Referrer-Policy: no-referrer", async (target) => {
    const answer = await send("GET", target);
    expect(answer.headers["referrer-policy"], target).toBe("no-referrer");
  });

  it.each([
    "/account/orders",
    "/%61ccount/orders",
    "/ACCOUNT/orders",
    "/c%61rt",
    `http://${OWN_HOST}/%61ccount`,
  ])("GET %s → X-Robots-Tag: noindex", async (target) => {
    const answer = await send("GET", target);
    expect(answer.headers["x-robots-tag"], target).toBe("noindex");
  });
});
