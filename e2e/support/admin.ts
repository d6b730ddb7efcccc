// Shared steps for the admin's end-to-end specs: members of staff of any role, signing in (with the
// second factor's code when the member has one), codes from an authenticator secret, and calls to
// the admin's endpoint the way its client makes them.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type APIRequestContext, expect, type Page, request as playwrightRequest } from "@playwright/test";
import { TOTP } from "otpauth";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** The demo owner, seeded outside production (no second factor until a spec sets one up). */
export const DEMO_OWNER = { email: "admin@vela.test", password: "admin-password" } as const;

export type StaffRole = "owner" | "manager" | "support" | "fulfilment" | "content";

export interface StaffMember {
  email: string;
  password: string;
  role: StaffRole;
}

/** One admin procedure over HTTP, as the admin's client sends it (a mutation is a JSON POST). */
export async function adminCall<T>(api: APIRequestContext, procedure: string, input?: unknown): Promise<T> {
  const res = await api.post(`/admin/trpc/${procedure}`, { data: input ?? {} });
  expect(res.status(), `${procedure}: ${await res.text()}`).toBe(200);
  return ((await res.json()) as { result: { data: T } }).result.data;
}

/**
 * `npm run staff -- <args>` against the running test server's database, as the operator runs it;
 * its output lines.
 */
export function staffCli(args: string[], publicUrl: string): string[] {
  const env: NodeJS.ProcessEnv = { ...process.env, PUBLIC_URL: publicUrl };
  if (process.env.E2E_DATABASE_URL) env.DATABASE_URL = process.env.E2E_DATABASE_URL;
  if (process.env.E2E_SESSION_SECRET) env.SESSION_SECRET = process.env.E2E_SESSION_SECRET;
  const res = spawnSync("npm", ["run", "--silent", "staff", "--", ...args], {
    cwd: root,
    env,
    encoding: "utf8",
    timeout: 60_000,
  });
  if (res.status !== 0)
    throw new Error(`npm run staff -- ${args.join(" ")} failed (${res.status}): ${res.stderr}${res.stdout}`);
  return res.stdout.split("\n").filter(Boolean);
}

/** The one-time link (`.../admin/setup-password?token=...`) among a command's or an answer's lines. */
export function setupLinkIn(lines: string[]): string {
  const link = lines.find((l) => /\/admin\/setup-password\?token=/.test(l));
  if (!link) throw new Error(`no password link in:\n${lines.join("\n")}`);
  return link.trim();
}

/**
 * A new member of staff of `role`, added by the operator (`npm run staff -- add`), whose password
 * is set through the one-time link's procedure: ready to sign in, without a second factor.
 */
export async function createStaffMember(
  baseURL: string,
  role: StaffRole,
  label: string = role,
): Promise<StaffMember> {
  const email = `e2e-${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@vela.test`;
  const link = setupLinkIn(staffCli(["add", email, "--role", role], baseURL));
  const token = new URL(link).searchParams.get("token");
  const password = `${role}-password-e2e`;
  const api = await playwrightRequest.newContext({ baseURL });
  try {
    await adminCall(api, "auth.setPassword", { token, password });
  } finally {
    await api.dispose();
  }
  return { email, password, role };
}

/** The authenticator app's current code for a secret (RFC 6238: SHA-1, 6 digits, 30 s). */
export function totpCode(secret: string, at = Date.now()): string {
  return new TOTP({ secret, algorithm: "SHA1", digits: 6, period: 30 }).generate({ timestamp: at });
}

/**
 * A code that the server has not accepted yet: the next 30-second step's when `after` (a code
 * already used) is the current one. The server accepts one step of drift, and each step once.
 */
export function freshTotpCode(secret: string, after?: string): string {
  const now = totpCode(secret);
  return now === after ? totpCode(secret, Date.now() + 30_000) : now;
}

/**
 * Signs in on /admin/sign-in with the form, as a member would: the email and password, then the
 * code (`totpSecret`'s current code) when the member has a second factor. Resolves once the
 * admin's navigation shows (or, for a member with no page, the no-access page).
 */
export async function signInAsStaff(
  page: Page,
  email: string,
  password: string,
  options: { totpSecret?: string; code?: string; next?: string } = {},
): Promise<void> {
  await page.goto(
    options.next ? `/admin/sign-in?next=${encodeURIComponent(options.next)}` : "/admin/sign-in",
  );
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  if (options.totpSecret || options.code) {
    const field = page.getByLabel("Code or recovery code");
    await expect(field).toBeVisible();
    await field.fill(options.code ?? totpCode(options.totpSecret as string));
    await page.getByRole("button", { name: "Continue" }).click();
  }
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
}

/** Signs out with the header's button; the sign-in page follows. */
export async function signOutOfAdmin(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Sign in to the admin" })).toBeVisible();
}
