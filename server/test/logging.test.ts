// Log redaction: after the whole credential life cycle runs through the app (login,
// failed login, register, recover, reset with the token in a URL, activation, password
// change, errors), no log line holds a password, a token, a cookie or a link's token.
import { TEST_CARDS } from "@vela/shared";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loadConfig } from "../src/config.ts";
import { directAdapterOf } from "../src/db/direct.ts";
import { redactUrl } from "../src/logging.ts";
import { cookieFrom, createTestApp, DEMO_CUSTOMER, type TestApp } from "./helpers.ts";
import {
  activateWith,
  cookieValue,
  GENEROUS_LIMITS,
  linkFromOutbox,
  recoverLink,
  resetWith,
} from "./support-security.ts";

let t: TestApp;
const secrets = new Map<string, string>();
let resetToken = "";
/** A card that passes the Luhn check (TEST_CARDS' success card). */
const CARD = { number: TEST_CARDS.success, expiry: "12/39", cvc: "7391" };
const SPACED_CARD = CARD.number.replace(/(\d{4})(?=\d)/g, "$1 ");
let placedOrdersBefore = 0;
let placeOverGet: LightMyRequestResponse | undefined;

beforeAll(async () => {
  t = await createTestApp({ rateLimits: GENEROUS_LIMITS });
  const ok = (status: number, what: string) => {
    if (status >= 300) throw new Error(`${what} answered ${status}`);
  };

  secrets.set("the demo password", DEMO_CUSTOMER.password);
  const cookie = await t.login();
  secrets.set("a session cookie", cookieValue(cookie));

  secrets.set("a wrong password", "Wrong-Guess-Pass-4711");
  await t.api("POST", "/api/account/login", {
    body: { email: DEMO_CUSTOMER.email, password: "Wrong-Guess-Pass-4711" },
  });

  secrets.set("a tRPC login password", "Trpc-Guess-Pass-2718");
  await t.api("POST", "/trpc/account.login", {
    body: { email: DEMO_CUSTOMER.email, password: "Trpc-Guess-Pass-2718" },
  });

  secrets.set("a registration password", "Register-Secret-0815");
  const reg = await t.api("POST", "/api/account/register", {
    body: {
      firstName: "Logan",
      lastName: "Test",
      email: "logan@example.com",
      password: "Register-Secret-0815",
    },
  });
  ok(reg.statusCode, "register");

  const link = await recoverLink(t, DEMO_CUSTOMER.email);
  resetToken = link.token;
  secrets.set("a reset token", link.token);
  // The person opens the emailed link: the token travels in the URL of a page request.
  await t.api(
    "GET",
    `/account/reset?customerId=${link.customerId}&token=${link.token}&timestamp=${link.timestamp}`,
  );
  await t.api("GET", `/account/reset?customerId=1&TOKEN=${link.token}`);

  secrets.set("a reset password", "Reset-Secret-2024");
  ok((await resetWith(t, link, "Reset-Secret-2024")).statusCode, "reset");

  const activation = await linkFromOutbox(t.db, "invited@vela.test", "account-activation");
  secrets.set("an activation token", activation.token);
  await t.api("GET", `/account/activate?customerId=3&token=${activation.token}&timestamp=1`);
  secrets.set("an activation password", "Activate-Secret-5150");
  ok((await activateWith(t, activation, "Activate-Secret-5150")).statusCode, "activate");

  const res = await t.api("POST", "/api/account/login", {
    body: { email: DEMO_CUSTOMER.email, password: "Reset-Secret-2024" },
  });
  ok(res.statusCode, "login after reset");
  const second = cookieFrom(res);
  secrets.set("a second session cookie", cookieValue(second));

  secrets.set("a new password", "Changed-Secret-9000");
  const change = await t.api("POST", "/api/account/password", {
    cookie: second,
    body: { currentPassword: "Reset-Secret-2024", newPassword: "Changed-Secret-9000" },
  });
  ok(change.statusCode, "password change");

  // Failures are logged with more detail: they must not carry secrets either.
  secrets.set("a password in a broken JSON body", "Broken-Json-Secret-31");
  await t.api("POST", "/api/account/login", {
    body: `{"email":"${DEMO_CUSTOMER.email}","password":"Broken-Json-Secret-31"`,
  });
  secrets.set("a password in a failing call", "Failing-Call-Secret-77");
  vi.spyOn(t.deps.db.customer, "findUnique").mockRejectedValueOnce(new Error("SQLITE_IOERR: disk I/O error"));
  await t.api("POST", "/api/account/login", {
    body: { email: DEMO_CUSTOMER.email, password: "Failing-Call-Secret-77" },
  });
  vi.spyOn(await directAdapterOf(t.deps.db), "queryRaw").mockRejectedValueOnce(
    new Error("SQLITE_IOERR: disk I/O error"),
  );
  await t.api("GET", "/api/account/orders", { cookie: second });
  secrets.set("a bearer token", "Bearer-Secret-Header-66");
  await t.api("GET", "/api/account/customer", {
    cookie: second,
    headers: { authorization: "Bearer Bearer-Secret-Header-66" },
  });
  secrets.set("a password in a query string", "Query-Secret-Pass-55");
  await t.api("GET", "/api/health?password=Query-Secret-Pass-55&resetToken=Query-Secret-Pass-55");
  secrets.set("a new password in a query string", "New-Query-Secret-3");
  secrets.set("a current password in a query string", "Cur-Query-Secret-4");
  await t.api("GET", "/api/health?newPassword=New-Query-Secret-3&currentPassword=Cur-Query-Secret-4");
  // A mutation sent as a tRPC GET is refused, but its URL (with the JSON input) is logged.
  secrets.set("a password in a tRPC GET input", "Trpc-Get-Secret-1");
  const input = JSON.stringify({ email: DEMO_CUSTOMER.email, password: "Trpc-Get-Secret-1" });
  await t.api("GET", `/trpc/account.login?input=${encodeURIComponent(input)}`);
  secrets.set("a password in a batched tRPC GET input", "Trpc-Batch-Secret-2");
  const batch = JSON.stringify({ 0: { email: DEMO_CUSTOMER.email, password: "Trpc-Batch-Secret-2" } });
  await t.api("GET", `/trpc/account.login?batch=1&input=${encodeURIComponent(batch)}`);
  await t.api("GET", `/trpc/orders.list?input=${encodeURIComponent('{"limit":3}')}`, { cookie: second });

  // A card sent where it does not belong: a tRPC GET to checkout.place (refused, but its URL is
  // logged), batched beside a query, in a POST's query string, in a REST query string, as a
  // search text.
  secrets.set("a card number in a tRPC GET input", CARD.number);
  secrets.set("a card number with spaces", SPACED_CARD);
  placedOrdersBefore = await t.db.order.count();
  const place = { cartId: "cart-log-0001", email: "card@example.com", card: CARD, expectedTotal: 1 };
  placeOverGet = await t.api(
    "GET",
    `/trpc/checkout.place?input=${encodeURIComponent(JSON.stringify(place))}`,
  );
  const batchedPlace = JSON.stringify({ 0: { handle: "vela-one" }, 1: place });
  await t.api(
    "GET",
    `/trpc/catalog.product,checkout.place?batch=1&input=${encodeURIComponent(batchedPlace)}`,
  );
  await t.api("POST", `/trpc/checkout.place?input=${encodeURIComponent(JSON.stringify(place))}`, {
    body: place,
  });
  await t.api(
    "GET",
    `/api/checkout/orders?card%5Bnumber%5D=${CARD.number}&card%5Bcvc%5D=${CARD.cvc}&cvc=${CARD.cvc}`,
  );
  await t.api("GET", `/api/games?q=${encodeURIComponent(SPACED_CARD)}`);
  await t.api("GET", `/api/games?q=${SPACED_CARD.replaceAll(" ", "+")}`);
  // A unicode escape spells a key that names a secret without the word itself.
  await t.api(
    "GET",
    `/trpc/checkout.place?input=${encodeURIComponent(`{"\\u0063ard":{"number":"${CARD.number}"}}`)}`,
  );
  // A failure whose own text quotes what it was given is logged (errors.ts answerFailure) without it.
  t.app.log.error(
    { err: new Error(`provider refused ${SPACED_CARD} at /pay?cvc=${CARD.cvc}&key=Offer-Key-Secret-8080`) },
    "request failed",
  );

  // The account offer's key: in its page's URL and in a tRPC GET input.
  secrets.set("an account-offer key", "Offer-Key-Secret-8080");
  await t.api("GET", "/checkout/account?order=1&key=Offer-Key-Secret-8080");
  await t.api(
    "GET",
    `/trpc/checkout.offerAccount?input=${encodeURIComponent('{"orderId":1,"key":"Offer-Key-Secret-8080"}')}`,
  );
  // A line of the app's own that names a URL (a failed page render's).
  t.app.log.error({ url: "/account/reset?customerId=1&token=Logged-Url-Token-77" }, "page render failed");
  secrets.set("a token in a logged url field", "Logged-Url-Token-77");

  await t.api("POST", "/api/account/logout", { cookie: second });
  vi.restoreAllMocks();
});
afterAll(() => t.close());

const allLogs = () => t.logs.join("\n");

describe("the logs", () => {
  it("did record the requests (so the checks below are not vacuous)", () => {
    const logs = allLogs();
    expect(t.logs.length).toBeGreaterThan(20);
    expect(logs).toContain('"url":"/api/account/login"');
    expect(logs).toContain('"url":"/api/account/reset"');
    expect(logs).toContain('"url":"/api/account/password"');
    expect(logs).toContain("disk I/O error");
    expect(logs).toContain("/account/reset?customerId=1&token=[redacted]&timestamp=");
    // Inputs without secrets stay readable.
    expect(logs).toContain(`/trpc/orders.list?input=${encodeURIComponent('{"limit":3}')}`);
  });

  it("hold no password, token, cookie or bearer secret", () => {
    const logs = allLogs();
    expect(secrets.size).toBeGreaterThanOrEqual(22);
    for (const [what, value] of secrets) {
      expect(logs, `the logs contain ${what}`).not.toContain(value);
      expect(logs, `the logs contain ${what}, URL-encoded`).not.toContain(encodeURIComponent(value));
    }
  });

  it("hold no card number or CVC, in any spelling", () => {
    const logs = allLogs();
    expect(logs).toContain("checkout.place");
    for (const text of [
      CARD.number,
      SPACED_CARD,
      encodeURIComponent(SPACED_CARD),
      SPACED_CARD.replaceAll(" ", "+"),
    ])
      expect(logs).not.toContain(text);
    for (const cvc of [
      `"cvc":"${CARD.cvc}"`,
      `cvc%22%3A%22${CARD.cvc}`,
      `cvc=${CARD.cvc}`,
      `%5D=${CARD.cvc}`,
    ])
      expect(logs).not.toContain(cvc);
    expect(logs).not.toContain(encodeURIComponent(CARD.expiry));
  });

  it("hold no token= with the raw token, in any case", () => {
    const logs = allLogs();
    expect(logs).not.toContain(`token=${resetToken}`);
    expect(logs).not.toMatch(/token=(?!\[redacted\])[A-Za-z0-9_-]{16,}/i);
  });

  it("hold no Cookie or Set-Cookie header", () => {
    const logs = allLogs();
    expect(logs).not.toMatch(/vela_session=[A-Za-z0-9_-]/);
    expect(logs.toLowerCase()).not.toContain('"set-cookie":"');
    expect(logs.toLowerCase()).not.toContain('"cookie":"');
  });
});

describe("checkout.place over GET", () => {
  it("is refused, places nothing, and its card is not logged (above)", async () => {
    // tRPC answers a GET to a mutation METHOD_NOT_SUPPORTED, which the store answers as an unknown
    // procedure (errors.ts): the procedure never runs.
    expect(placeOverGet?.statusCode).toBe(404);
    expect(placeOverGet?.json()).toMatchObject({ error: { message: "Not found" } });
    expect(await t.db.order.count()).toBe(placedOrdersBefore);
  });
});

describe("redactUrl", () => {
  it.each([
    [
      "/account/reset?customerId=1&token=abc&timestamp=2",
      "/account/reset?customerId=1&token=[redacted]&timestamp=2",
    ],
    ["/x?resetToken=abc&activationToken=def", "/x?resetToken=[redacted]&activationToken=[redacted]"],
    [
      "/x?a=1&newPassword=p1&currentPassword=p2#f",
      "/x?a=1&newPassword=[redacted]&currentPassword=[redacted]#f",
    ],
    ["/trpc/account.login?input=%7B%22password%22%3A%22p%22%7D", "/trpc/account.login?input=[redacted]"],
    ["/trpc/account.login?input=%E0%A4%A-password", "/trpc/account.login?input=[redacted]"],
    ["/trpc/orders.list?input=%7B%22limit%22%3A3%7D", "/trpc/orders.list?input=%7B%22limit%22%3A3%7D"],
    ["/account/login?redirect=/account/orders", "/account/login?redirect=/account/orders"],
    ["/checkout/account?order=12&key=abc", "/checkout/account?order=12&key=[redacted]"],
    ["/checkout/claim-orders?token=abc", "/checkout/claim-orders?token=[redacted]"],
    ["/x?%74oken=abc", "/x?%74oken=[redacted]"],
    ["/x?card[number]=4242424242424242&card[cvc]=123", "/x?card[number]=[redacted]&card[cvc]=[redacted]"],
    ["/x?cvc=123&expiry=12%2F30", "/x?cvc=[redacted]&expiry=[redacted]"],
    ["/api/games?q=4242+4242+4242+4242", "/api/games?q=[redacted]"],
    ["/api/games?q=4242-4242-4242-4242&page=2", "/api/games?q=[redacted]&page=2"],
    // 16 digits that fail the Luhn check are no card number.
    ["/api/games?q=4242424242424241", "/api/games?q=4242424242424241"],
    [
      `/trpc/checkout.offerAccount?input=${encodeURIComponent('{"orderId":1,"key":"k"}')}`,
      "/trpc/checkout.offerAccount?input=[redacted]",
    ],
    [
      `/trpc/catalog.product,checkout.place?batch=1&input=${encodeURIComponent('{"0":{"handle":"a"},"1":{"card":{}}}')}`,
      "/trpc/catalog.product,checkout.place?batch=1&input=[redacted]",
    ],
    [`/trpc/x?input=${encodeURIComponent('{"\\u0063ard":1}')}`, "/trpc/x?input=[redacted]"],
    ["/account/reset#token=abc", "/account/reset#token=[redacted]"],
    [
      "http://store.vela.test/account/reset?token=abc",
      "http://store.vela.test/account/reset?token=[redacted]",
    ],
    ["/api/health", "/api/health"],
  ])("%s → %s", (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});

describe("the request log", () => {
  it("is one line per request at info, with method, redacted URL, status and time", async () => {
    const before = t.logs.length;
    const res = await t.api("GET", "/api/health?token=abc123secretvalue");
    expect(res.statusCode).toBe(200);
    const lines = t.logs.slice(before).map((l) => JSON.parse(l) as Record<string, unknown>);
    const mine = lines.filter((l) => (l.req as { url?: string } | undefined)?.url?.startsWith("/api/health"));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      level: 30,
      msg: "request completed",
      req: { method: "GET", url: "/api/health?token=[redacted]" },
      res: { statusCode: 200 },
    });
    expect(typeof mine[0]?.responseTime).toBe("number");
    // Every line of that request is the one above: nothing on its arrival.
    expect(lines.filter((l) => l.reqId === mine[0]?.reqId)).toHaveLength(1);
  });
});

describe("the log format", () => {
  const env = { SESSION_SECRET: "s".repeat(43), DATABASE_URL: "file:./data/never-opened.db" };
  it("is pretty only when asked for outside production, JSON otherwise", () => {
    expect(loadConfig({ ...env, NODE_ENV: "development", LOG_FORMAT: "pretty" }).logFormat).toBe("pretty");
    expect(loadConfig({ ...env, NODE_ENV: "production", LOG_FORMAT: "pretty" }).logFormat).toBe("json");
    expect(loadConfig({ ...env, NODE_ENV: "test" }).logFormat).toBe("json");
    expect(loadConfig({ ...env, NODE_ENV: "development", LOG_FORMAT: "json" }).logFormat).toBe("json");
  });
});
