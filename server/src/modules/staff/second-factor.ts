// The second sign-in factor: time-based one-time codes (RFC 6238: SHA-1, 6 digits, 30-second
// steps, one step of drift either way) from an authenticator app, and ten one-use recovery
// codes. The app's secret is stored encrypted (AES-256-GCM under a key derived from
// SESSION_SECRET); a recovery code only as an HMAC. See docs/admin.md.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes, randomInt } from "node:crypto";
import { BRAND } from "@vela/shared";
import { Secret, TOTP } from "otpauth";
import { hashToken } from "../../auth/tokens.ts";

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps either side of now that are still accepted (a phone's clock a little off). */
export const TOTP_DRIFT_STEPS = 1;
export const RECOVERY_CODE_COUNT = 10;

const SECRET_FORMAT = "v1";

function keyOf(sessionSecret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", sessionSecret, "vela-staff-totp", "totp secret encryption", 32));
}

/** `v1.<iv>.<ciphertext>.<tag>`, base64url: what is stored for an authenticator's secret. */
export function encryptSecret(sessionSecret: string, base32: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyOf(sessionSecret), iv);
  const body = Buffer.concat([cipher.update(base32, "utf8"), cipher.final()]);
  return [SECRET_FORMAT, iv, body, cipher.getAuthTag()]
    .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
    .join(".");
}

/** The base32 secret, or null when the text was not encrypted under this SESSION_SECRET. */
export function decryptSecret(sessionSecret: string, stored: string): string | null {
  const [format, iv, body, tag] = stored.split(".");
  if (format !== SECRET_FORMAT || !iv || !body || !tag) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyOf(sessionSecret), Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString(
      "utf8",
    );
  } catch {
    return null;
  }
}

/** A new authenticator secret (160 bits, RFC 4226's recommendation), base32 as apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpOf(base32: string, label: string): TOTP {
  return new TOTP({
    issuer: BRAND.name,
    label,
    algorithm: "SHA1",
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(base32),
  });
}

/** The `otpauth://totp/...` URI an authenticator app reads (as a QR code or typed). */
export function totpUri(base32: string, email: string): string {
  return totpOf(base32, email).toString();
}

/** The time step a moment falls in. */
export function stepAt(nowMs: number): number {
  return Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS);
}

/**
 * The step of the code when it is right for now or one step either side, else null. The caller
 * accepts it only if that step is later than the last one accepted (no replay).
 */
export function matchingStep(base32: string, code: string, nowMs: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(base32, "x").validate({ token: code, timestamp: nowMs, window: TOTP_DRIFT_STEPS });
  return delta === null ? null : stepAt(nowMs) + delta;
}

/** The code for a moment: for tests and the demo, as an authenticator app would show it. */
export function totpCodeAt(base32: string, nowMs: number): string {
  return totpOf(base32, "x").generate({ timestamp: nowMs });
}

const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

/** `xxxxx-xxxxx` from an alphabet without look-alikes (0/o, 1/l/i): about 49 bits each. */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
    return `${chars.slice(0, 5).join("")}-${chars.slice(5).join("")}`;
  });
}

/** A recovery code as typed: case, spaces and the dash do not matter. */
export function normaliseRecoveryCode(text: string): string | null {
  const bare = text.toLowerCase().replace(/[\s-]/g, "");
  return /^[a-z0-9]{10}$/.test(bare) ? `${bare.slice(0, 5)}-${bare.slice(5)}` : null;
}

/** What is stored for a recovery code: bound to its member, so a code is only ever theirs. */
export function recoveryCodeHash(sessionSecret: string, staffId: number, code: string): string {
  return hashToken(sessionSecret, `staff-recovery:${staffId}:${code}`);
}
