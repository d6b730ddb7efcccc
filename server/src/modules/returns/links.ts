// Where the shipping mail sends a customer who wants to return something: a signed-in customer's
// order page, or, for a guest's order, a link of its own (GUEST_RETURN_PATH?token=...). The token
// is 256 random bits stored only as an HMAC (as every mailed link's), opens that order's return
// page and nothing else, and signs no one in. It is not spent by a request: the guest comes back
// through it to see how the return goes. It works for RETURN_LINK_DAYS after the shipment; the
// return window (RETURN_WINDOW_DAYS, checked on every request) decides when requests stop.
import { GUEST_RETURN_PATH, RETURN_MESSAGES, RETURN_WINDOW_DAYS } from "@vela/shared";
import { hashToken, newToken } from "../../auth/tokens.ts";
import type { Prisma } from "../../db/client.ts";
import type { Deps } from "../../deps.ts";
import { AppError } from "../../errors.ts";

type Tx = Prisma.TransactionClient;
const DAY_MS = 86_400_000;

/** The window, and then long enough to follow a return through its refund. */
export const RETURN_LINK_DAYS = RETURN_WINDOW_DAYS + 90;

export const accountOrderUrl = (deps: Pick<Deps, "config">, orderId: number) =>
  `${deps.config.publicUrl}/account/orders/${orderId}`;

export const guestReturnUrl = (deps: Pick<Deps, "config">, token: string) =>
  `${deps.config.publicUrl}${GUEST_RETURN_PATH}?token=${encodeURIComponent(token)}`;

/**
 * The shipping mail's return link, written in the shipment's transaction: an account's order
 * page, or a new guest link (each shipment mail brings its own).
 */
export async function returnLinkFor(
  tx: Tx,
  deps: Pick<Deps, "config" | "clock">,
  order: { id: number; customerId: number | null },
): Promise<string> {
  if (order.customerId !== null) return accountOrderUrl(deps, order.id);
  const token = newToken();
  const now = deps.clock.now();
  await tx.returnLink.create({
    data: {
      orderId: order.id,
      tokenHash: hashToken(deps.config.sessionSecret, token),
      issuedAt: now,
      expiresAt: new Date(now.getTime() + RETURN_LINK_DAYS * DAY_MS),
    },
  });
  return guestReturnUrl(deps, token);
}

/** The order a guest's link opens; refused when the link is unknown or has run out. */
export async function orderOfLink(
  deps: Pick<Deps, "db" | "config" | "clock">,
  token: string,
): Promise<number> {
  const link = await deps.db.returnLink.findUnique({
    where: { tokenHash: hashToken(deps.config.sessionSecret, token.trim()) },
    select: { orderId: true, expiresAt: true },
  });
  if (!link) throw new AppError("BAD_REQUEST", RETURN_MESSAGES.linkInvalid);
  if (link.expiresAt.getTime() <= deps.clock.now().getTime())
    throw new AppError("BAD_REQUEST", RETURN_MESSAGES.linkExpired);
  return link.orderId;
}
