// The one-time link to choose a password, handed to a new member (or one who forgot theirs) by
// the operator or an owner: 256 random bits, stored only as an HMAC, single use, expiring, and
// voided by a newer link, a disabling or the password it sets. As the customers' links are.
import { ADMIN_SETUP_PASSWORD_PATH } from "@vela/shared/admin";
import { hashToken, newToken } from "../../auth/tokens.ts";
import type { Prisma } from "../../db/client.ts";
import type { Deps } from "../../deps.ts";

/** 48 hours, like the customers' activation links: time to read the message on a Monday. */
export const STAFF_SETUP_TOKEN_TTL_SECONDS = 48 * 3600;

type Tx = Pick<Prisma.TransactionClient, "staffToken">;

export async function issueSetupLink(
  tx: Tx,
  deps: Pick<Deps, "clock" | "config">,
  staffId: number,
): Promise<{ url: string; expiresAt: Date }> {
  const now = deps.clock.now();
  await tx.staffToken.updateMany({
    where: { staffId, kind: "SET_PASSWORD", usedAt: null, voidedAt: null },
    data: { voidedAt: now },
  });
  const token = newToken();
  const expiresAt = new Date(now.getTime() + STAFF_SETUP_TOKEN_TTL_SECONDS * 1000);
  await tx.staffToken.create({
    data: {
      staffId,
      kind: "SET_PASSWORD",
      tokenHash: hashToken(deps.config.sessionSecret, token),
      issuedAt: now,
      expiresAt,
    },
  });
  const url = new URL(ADMIN_SETUP_PASSWORD_PATH, `${deps.config.publicUrl}/`);
  url.searchParams.set("token", token);
  return { url: url.toString(), expiresAt };
}

export async function voidSetupLinks(tx: Tx, deps: Pick<Deps, "clock">, staffId: number): Promise<void> {
  await tx.staffToken.updateMany({
    where: { staffId, usedAt: null, voidedAt: null },
    data: { voidedAt: deps.clock.now() },
  });
}
