// Order lookup: a guest whose browser does not hold the order's access cookie (the confirmation
// mail opened on a phone, a cleared browser) types the order number and email, and the store mails
// the order's address a link that gives the browser following it that cookie. The answer is the
// same whether or not an order matches (docs/sessions-and-tokens.md#order-lookup).
import { ORDER_ACCESS_LINK_TTL_SECONDS, ORDER_ACCESS_PATH } from "@vela/shared";
import { hashToken, newToken } from "../../auth/tokens.ts";
import type { Deps } from "../../deps.ts";
import { AppError } from "../../errors.ts";
import { accessTokenFor } from "../checkout/service.ts";
import { orderAccessMail } from "./templates.ts";

export const ORDER_ACCESS_INVALID =
  "This link is invalid, already used or expired. Look up your order again to get a new one.";

/** Counts the request per address and per email, answers, then mails (or not) afterwards. */
export async function requestOrderLink(
  deps: Deps,
  input: { orderNumber: number; email: string },
  ip: string,
): Promise<{ ok: true }> {
  const { limiter } = deps;
  await limiter.hit(`order-lookup:ip:${ip}`, limiter.rules.orderLookupIp);
  await limiter.hit(`order-lookup:email:${input.email}`, limiter.rules.orderLookupEmail);
  // The look-up and the mail happen after the answer, so its time says nothing either.
  deps.background.run("order access mail", () => mailOrderLink(deps, input));
  return { ok: true };
}

/** A guest order with that number and email gets a fresh link; anything else, nothing. */
export async function mailOrderLink(
  deps: Deps,
  input: { orderNumber: number; email: string },
): Promise<boolean> {
  const order = await deps.db.order.findUnique({
    where: { orderNumber: input.orderNumber },
    select: { id: true, email: true, locale: true, customerId: true },
  });
  // An account's order opens in the account (sign in); only guest orders are looked up here.
  if (!order || order.customerId !== null || order.email.toLowerCase() !== input.email) return false;
  const token = newToken();
  const now = deps.clock.now();
  await deps.db.$transaction(async (tx) => {
    await tx.orderAccessLink.create({
      data: {
        orderId: order.id,
        tokenHash: hashToken(deps.config.sessionSecret, token),
        issuedAt: now,
        expiresAt: new Date(now.getTime() + ORDER_ACCESS_LINK_TTL_SECONDS * 1000),
      },
    });
    await deps.mailer.enqueue(
      tx,
      orderAccessMail({
        to: order.email,
        locale: order.locale,
        orderNumber: input.orderNumber,
        url: `${deps.config.publicUrl}${ORDER_ACCESS_PATH}?token=${encodeURIComponent(token)}`,
      }),
    );
  });
  deps.mailer.kick();
  return true;
}

/**
 * Spends a mailed link (once: a conditional update, so of two at once one wins) and returns the
 * order and the guest's access token for the cookie: the one the placement gave, so the browser
 * that placed the order keeps its access too.
 */
export async function openOrderLink(
  deps: Deps,
  token: string,
  ip: string,
): Promise<{ orderId: number; accessToken: string }> {
  const { limiter } = deps;
  await limiter.hit(`order-access:ip:${ip}`, limiter.rules.orderAccessIp);
  const secret = deps.config.sessionSecret;
  const now = deps.clock.now();
  return deps.db.$transaction(async (tx) => {
    const link = await tx.orderAccessLink.findUnique({
      where: { tokenHash: hashToken(secret, token) },
      select: {
        id: true,
        orderId: true,
        order: {
          select: {
            customerId: true,
            accessTokenHash: true,
            placement: { select: { idempotencyKey: true } },
          },
        },
      },
    });
    if (!link || link.order.customerId !== null) throw new AppError("BAD_REQUEST", ORDER_ACCESS_INVALID);
    const spent = await tx.orderAccessLink.updateMany({
      where: { id: link.id, usedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now },
    });
    if (spent.count !== 1) throw new AppError("BAD_REQUEST", ORDER_ACCESS_INVALID);
    const placed = link.order.placement ? accessTokenFor(secret, link.order.placement.idempotencyKey) : null;
    if (placed && link.order.accessTokenHash === hashToken(secret, placed)) {
      return { orderId: link.orderId, accessToken: placed };
    }
    // An order placed some other way (the operator's CLI, imported data) gets a key of its own.
    const fresh = newToken();
    await tx.order.update({
      where: { id: link.orderId },
      data: { accessTokenHash: hashToken(secret, fresh) },
    });
    return { orderId: link.orderId, accessToken: fresh };
  });
}
