// Helpers for the admin's tests: calling the admin router over HTTP as a browser does, the
// staff cookies of an answer, and members of staff made through the same services the CLI uses.
import type { Role } from "@vela/shared/admin";
import type { LightMyRequestResponse } from "fastify";
import { hashPassword } from "../src/auth/password.ts";
import { OPERATOR } from "../src/modules/audit/service.ts";
import { encryptSecret, newTotpSecret, totpCodeAt } from "../src/modules/staff/second-factor.ts";
import { addStaff } from "../src/modules/staff/service.ts";
import type { TestApp } from "./helpers.ts";
import { setCookies } from "./support-security.ts";

export { DEMO_OWNER } from "../src/modules/staff/seed.ts";

/** What a query or mutation of the admin router answers over HTTP. */
export interface AdminAnswer<T = unknown> {
  res: LightMyRequestResponse;
  status: number;
  data: T;
  error: { message: string; data: { code: string; httpStatus: number } } | undefined;
}

/**
 * One admin procedure over HTTP, as the admin's tRPC client sends it: a mutation as a JSON POST,
 * a query as a GET with `?input=`; same-origin headers unless `headers` says otherwise.
 */
export async function admin<T = unknown>(
  t: TestApp,
  kind: "query" | "mutation",
  path: string,
  input?: unknown,
  opts: { cookie?: string | undefined; ip?: string; headers?: Record<string, string> } = {},
): Promise<AdminAnswer<T>> {
  const url =
    kind === "query"
      ? `/admin/trpc/${path}${input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`}`
      : `/admin/trpc/${path}`;
  const res = await t.api(kind === "query" ? "GET" : "POST", url, {
    ...(kind === "mutation" ? { body: input ?? {} } : {}),
    ...(opts.cookie ? { cookie: opts.cookie } : {}),
    ...(opts.ip ? { ip: opts.ip } : {}),
    ...(opts.headers ? { headers: opts.headers } : {}),
  });
  const body = res.json() as { result?: { data: T }; error?: AdminAnswer["error"] };
  return { res, status: res.statusCode, data: body.result?.data as T, error: body.error };
}

/** `name=value` of the cookie an answer sets (undefined when it sets none). */
export function cookieOf(res: LightMyRequestResponse, name: string): string | undefined {
  const line = setCookies(res).find((c) => c.startsWith(`${name}=`));
  return line?.split(";")[0];
}

export const staffCookieOf = (res: LightMyRequestResponse) => cookieOf(res, "vela_staff_session");

export interface TestStaff {
  id: number;
  email: string;
  password: string;
  /** The authenticator's base32 secret, when the member has a second factor. */
  secret: string | undefined;
}

/**
 * A member of staff with a password (and a second factor when `totp`), made by the operator
 * through the staff service; the second factor is written directly, as a confirmed enrolment leaves it.
 */
export async function createStaff(
  t: TestApp,
  email: string,
  role: Role,
  opts: { totp?: boolean; password?: string } = {},
): Promise<TestStaff> {
  const password = opts.password ?? `${role}-password-123`;
  const { staff } = await addStaff(t.deps, OPERATOR, { email, role });
  const secret = opts.totp ? newTotpSecret() : undefined;
  await t.db.staff.update({
    where: { id: staff.id },
    data: {
      passwordHash: await hashPassword(password),
      ...(secret
        ? { totpSecret: encryptSecret(t.config.sessionSecret, secret), totpEnabledAt: t.clock.now() }
        : {}),
    },
  });
  return { id: staff.id, email, password, secret };
}

/** The code the member's authenticator shows now (or `offsetSteps` steps of 30 s away). */
export function codeNow(t: TestApp, secret: string, offsetSteps = 0): string {
  return totpCodeAt(secret, t.clock.now().getTime() + offsetSteps * 30_000);
}

/** Signs a member in through every step they need; returns the staff session cookie. */
export async function signInStaff(
  t: TestApp,
  who: { email: string; password: string; secret?: string | undefined },
  opts: { ip?: string } = {},
): Promise<string> {
  const first = await admin<{ next: string }>(
    t,
    "mutation",
    "auth.signIn",
    { email: who.email, password: who.password },
    opts,
  );
  if (first.status !== 200) throw new Error(`staff sign-in failed: ${first.status} ${first.res.body}`);
  let cookie = staffCookieOf(first.res);
  if (first.data.next === "second-factor") {
    if (!who.secret) throw new Error("a second factor is due and the member has none");
    // A fresh step, so that a code used a moment ago by the same test is not a replay.
    t.clock.advance(30_000);
    const second = await admin(
      t,
      "mutation",
      "auth.verifySecondFactor",
      { code: codeNow(t, who.secret) },
      {
        cookie,
        ...opts,
      },
    );
    if (second.status !== 200) throw new Error(`second factor failed: ${second.status} ${second.res.body}`);
    cookie = staffCookieOf(second.res);
  }
  if (!cookie) throw new Error("no staff session cookie");
  return cookie;
}
