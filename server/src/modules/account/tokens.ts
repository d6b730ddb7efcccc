// One-time tokens for activation and reset: 256 random bits, stored only as an HMAC,
// single use, expired on the server from the stored issue time, voided by a newer token
// of the same customer or by any password change. See docs/sessions-and-tokens.md.
import { ACTIVATION_TOKEN_TTL_SECONDS, RESET_TOKEN_TTL_SECONDS } from "@vela/shared";
import { hashToken, newToken } from "../../auth/tokens.ts";
import type { Prisma } from "../../db/client.ts";
import type { Deps } from "../../deps.ts";

export type TokenKind = "ACTIVATION" | "RESET";

export const TOKEN_TTL_SECONDS: Record<TokenKind, number> = {
  ACTIVATION: ACTIVATION_TOKEN_TTL_SECONDS,
  RESET: RESET_TOKEN_TTL_SECONDS,
};

/** The client routes that the emailed links open. */
export const TOKEN_PATHS: Record<TokenKind, string> = {
  ACTIVATION: "/account/activate",
  RESET: "/account/reset",
};

type Tx = Prisma.TransactionClient;

/** Issues a token and voids every earlier unused token of the same kind. Returns the emailed link. */
export async function issueToken(
  tx: Tx,
  deps: Deps,
  customerId: number,
  kind: TokenKind,
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
      tokenHash: hashToken(deps.config.sessionSecret, token),
      issuedAt: now,
      expiresAt: new Date(now.getTime() + TOKEN_TTL_SECONDS[kind] * 1000),
    },
  });
  const url = new URL(TOKEN_PATHS[kind], `${deps.config.publicUrl}/`);
  url.searchParams.set("customerId", String(customerId));
  url.searchParams.set("token", token);
  url.searchParams.set("timestamp", String(Math.floor(now.getTime() / 1000)));
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

/** Spends a token inside a transaction; false when another request spent or voided it first. */
export async function spendToken(tx: Tx, deps: Deps, tokenId: number): Promise<boolean> {
  const now = deps.clock.now();
  const { count } = await tx.accountToken.updateMany({
    where: { id: tokenId, usedAt: null, voidedAt: null, expiresAt: { gt: now } },
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
