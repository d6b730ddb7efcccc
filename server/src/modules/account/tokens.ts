// One-time tokens for activation, reset and the email change: 256 random bits, stored only
// as an HMAC, single use, expired on the server from the stored issue time, voided by a newer
// token of the same customer or by any password change. See docs/sessions-and-tokens.md.
import {
  ACTIVATION_TOKEN_TTL_SECONDS,
  EMAIL_CHANGE_TOKEN_TTL_SECONDS,
  RESET_TOKEN_TTL_SECONDS,
} from "@vela/shared";
import { hashToken, newToken } from "../../auth/tokens.ts";
import type { Prisma } from "../../db/client.ts";
import type { Deps } from "../../deps.ts";

/**
 * EMAIL_CHANGE is mailed to the new address to confirm it; EMAIL_CHANGE_CANCEL to the old one to
 * stop it; ORDER_CLAIM to an account's address when a guest order with that email asks for an
 * account (following it proves the address, and the guest orders join the account).
 */
export type TokenKind = "ACTIVATION" | "RESET" | "EMAIL_CHANGE" | "EMAIL_CHANGE_CANCEL" | "ORDER_CLAIM";

export const TOKEN_TTL_SECONDS: Record<TokenKind, number> = {
  ACTIVATION: ACTIVATION_TOKEN_TTL_SECONDS,
  RESET: RESET_TOKEN_TTL_SECONDS,
  EMAIL_CHANGE: EMAIL_CHANGE_TOKEN_TTL_SECONDS,
  EMAIL_CHANGE_CANCEL: EMAIL_CHANGE_TOKEN_TTL_SECONDS,
  ORDER_CLAIM: ACTIVATION_TOKEN_TTL_SECONDS,
};

/** The client routes that the emailed links open. */
export const TOKEN_PATHS: Record<TokenKind, string> = {
  ACTIVATION: "/account/activate",
  RESET: "/account/reset",
  EMAIL_CHANGE: "/account/email-change",
  EMAIL_CHANGE_CANCEL: "/account/email-change/cancel",
  ORDER_CLAIM: "/checkout/claim-orders",
};

/**
 * Reset and activation links carry customerId, token and timestamp (spec 000 §5); the email
 * change links carry the token alone, which names its customer on the server.
 */
const LINK_HAS_CUSTOMER: Record<TokenKind, boolean> = {
  ACTIVATION: true,
  RESET: true,
  EMAIL_CHANGE: false,
  EMAIL_CHANGE_CANCEL: false,
  ORDER_CLAIM: false,
};

type Tx = Prisma.TransactionClient;

/** Issues a token and voids every earlier unused token of the same kind. Returns the emailed link. */
export async function issueToken(
  tx: Tx,
  deps: Deps,
  customerId: number,
  kind: TokenKind,
  newEmail: string | null = null,
): Promise<{ token: string; url: string; issuedAt: Date }> {
  const now = deps.clock.now();
  await tx.accountToken.updateMany({
    where: { customerId, kind, usedAt: null, voidedAt: null },
    data: { voidedAt: now },
  });
  const token = newToken();
  await tx.accountToken.create({
    data: {
      customerId,
      kind,
      newEmail,
      tokenHash: hashToken(deps.config.sessionSecret, token),
      issuedAt: now,
      expiresAt: new Date(now.getTime() + TOKEN_TTL_SECONDS[kind] * 1000),
    },
  });
  const url = new URL(TOKEN_PATHS[kind], `${deps.config.publicUrl}/`);
  if (LINK_HAS_CUSTOMER[kind]) url.searchParams.set("customerId", String(customerId));
  url.searchParams.set("token", token);
  if (LINK_HAS_CUSTOMER[kind]) url.searchParams.set("timestamp", String(Math.floor(now.getTime() / 1000)));
  return { token, url: url.toString(), issuedAt: now };
}

export type TokenCheck =
  | { ok: true; tokenId: number }
  | { ok: false; reason: "invalid" | "expired" | "used" };

/** Looks a token up without spending it. */
export async function checkToken(
  deps: Deps,
  customerId: number,
  kind: TokenKind,
  token: string,
): Promise<TokenCheck> {
  const row = await deps.db.accountToken.findUnique({
    where: { tokenHash: hashToken(deps.config.sessionSecret, token) },
    select: { id: true, customerId: true, kind: true, expiresAt: true, usedAt: true, voidedAt: true },
  });
  if (!row || row.customerId !== customerId || row.kind !== kind) return { ok: false, reason: "invalid" };
  if (row.usedAt || row.voidedAt) return { ok: false, reason: "used" };
  if (row.expiresAt.getTime() <= deps.clock.now().getTime()) return { ok: false, reason: "expired" };
  return { ok: true, tokenId: row.id };
}

export type KindTokenCheck =
  | { ok: true; tokenId: number; customerId: number; newEmail: string | null }
  | { ok: false; reason: "invalid" | "expired" | "used" | "voided" };

/** Looks a token of a kind up by itself (the links that carry no customer id), without spending it. */
export async function findToken(deps: Deps, kind: TokenKind, token: string): Promise<KindTokenCheck> {
  const row = await deps.db.accountToken.findUnique({
    where: { tokenHash: hashToken(deps.config.sessionSecret, token) },
    select: {
      id: true,
      customerId: true,
      kind: true,
      newEmail: true,
      expiresAt: true,
      usedAt: true,
      voidedAt: true,
    },
  });
  if (!row || row.kind !== kind) return { ok: false, reason: "invalid" };
  if (row.usedAt) return { ok: false, reason: "used" };
  if (row.voidedAt) return { ok: false, reason: "voided" };
  if (row.expiresAt.getTime() <= deps.clock.now().getTime()) return { ok: false, reason: "expired" };
  return { ok: true, tokenId: row.id, customerId: row.customerId, newEmail: row.newEmail };
}

/** Voids the outstanding tokens of some kinds of a customer. */
export async function voidTokens(tx: Tx, deps: Deps, customerId: number, kinds: TokenKind[]): Promise<void> {
  await tx.accountToken.updateMany({
    where: { customerId, kind: { in: kinds }, usedAt: null, voidedAt: null },
    data: { voidedAt: deps.clock.now() },
  });
}

/**
 * Spends a token inside a transaction; false when another request spent or voided it first, or
 * when staff disabled the customer's sign-in (disabling voids the outstanding links, and this
 * holds for a link issued or followed at the same moment): no link works for a disabled customer.
 */
export async function spendToken(tx: Tx, deps: Deps, tokenId: number): Promise<boolean> {
  const now = deps.clock.now();
  const { count } = await tx.accountToken.updateMany({
    where: {
      id: tokenId,
      usedAt: null,
      voidedAt: null,
      expiresAt: { gt: now },
      customer: { is: { disabledAt: null } },
    },
    data: { usedAt: now },
  });
  return count === 1;
}

/** Any password change voids every outstanding token of the customer. */
export async function voidAllTokens(tx: Tx, deps: Deps, customerId: number): Promise<void> {
  await tx.accountToken.updateMany({
    where: { customerId, usedAt: null, voidedAt: null },
    data: { voidedAt: deps.clock.now() },
  });
}
