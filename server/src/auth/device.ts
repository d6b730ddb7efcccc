// Device cookies, after OWASP's "Slow down online guessing attacks with device cookies": a
// browser that has signed in to an account carries a cookie naming that account, signed with
// the session secret. Failed sign-ins from browsers without one lock only such browsers out
// of the account for a while; a browser with one has its own failure limit, so a stranger's
// guesses cannot lock the owner out. See docs/sessions-and-tokens.md ("Rate limits").
import { createHmac, randomBytes } from "node:crypto";
import { safeEqual } from "./tokens.ts";

export const DEVICE_COOKIE = "vela_device";
/** A browser stays known for a year after its last successful sign-in. */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 3600;

export interface Device {
  customerId: number;
  /** Random, names this browser's failure counter. */
  id: string;
}

function sign(secret: string, customerId: number, id: string): string {
  return createHmac("sha256", secret).update(`device-cookie:${customerId}:${id}`).digest("base64url");
}

/** `<customer id>.<128 random bits>.<HMAC-SHA-256>`, all URL-safe. */
export function newDeviceCookie(secret: string, customerId: number): string {
  const id = randomBytes(16).toString("base64url");
  return `${customerId}.${id}.${sign(secret, customerId, id)}`;
}

/** The device a cookie names, or null when it is absent, malformed or not signed by us. */
export function readDeviceCookie(secret: string, value: string | undefined): Device | null {
  if (!value || value.length > 120) return null;
  const match = /^([1-9]\d{0,14})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/.exec(value);
  if (!match) return null;
  const [, rawId = "", id = "", mac = ""] = match;
  const customerId = Number(rawId);
  return safeEqual(mac, sign(secret, customerId, id)) ? { customerId, id } : null;
}
