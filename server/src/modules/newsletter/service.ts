// Newsletter sign-up with double opt-in (spec 000 §4, §9): subscribing stores the address as
// PENDING and mails a confirmation link; confirming makes it CONFIRMED and, the first time
// only, mails a single-use 10% code for the next order that cannot be combined with other
// promo codes. Every mail carries an unsubscribe link. Answers never reveal whether an address
// is already known.
import { createHmac, randomBytes } from "node:crypto";
import {
  BRAND,
  NEWSLETTER_CONFIRM_TTL_SECONDS,
  STOREFRONT_MESSAGES,
  SUBSCRIBE_DISCOUNT_PERCENT,
  WELCOME_CODE_VALID_DAYS,
} from "@vela/shared";
import { hashToken, newToken, safeEqual } from "../../auth/tokens.ts";
import type { Deps } from "../../deps.ts";
import { AppError } from "../../errors.ts";
import { WELCOME_TEMPLATE_KEY } from "../discounts/rules.ts";
import { confirmMail, welcomeCodeMail } from "./templates.ts";

/** Where the emailed links lead (client routes, see client/src/lib/routes.ts). */
export const NEWSLETTER_CONFIRM_PATH = "/newsletter/confirm";
export const NEWSLETTER_UNSUBSCRIBE_PATH = "/newsletter/unsubscribe";

/** A stable token per subscriber, so every mail can carry the same unsubscribe link without storing it. */
export function unsubscribeToken(secret: string, subscriberId: number): string {
  return createHmac("sha256", secret).update(`newsletter-unsubscribe:${subscriberId}`).digest("base64url");
}

export function unsubscribeUrl(deps: Deps, subscriberId: number): string {
  return `${deps.config.publicUrl}${NEWSLETTER_UNSUBSCRIBE_PATH}?id=${subscriberId}&token=${unsubscribeToken(deps.config.sessionSecret, subscriberId)}`;
}

const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** VELA10-XXXXXXXX (the percent off in its name): 8 characters from 32 unambiguous ones (40 bits). */
export function newDiscountCode(percentOff: number = SUBSCRIBE_DISCOUNT_PERCENT): string {
  const bytes = randomBytes(8);
  const tail = [...bytes].map((b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join("");
  return `${BRAND.slug.toUpperCase()}${percentOff}-${tail}`;
}

export async function subscribe(
  deps: Deps,
  input: { email: string; locale?: string | undefined },
  ip: string,
): Promise<{ ok: true; message: string }> {
  await deps.limiter.hit(`newsletter:ip:${ip}`, deps.limiter.rules.newsletterIp);
  await deps.limiter.hit(`newsletter:email:${input.email}`, deps.limiter.rules.newsletterEmail);
  const locale = input.locale === "ja-JP" ? "ja-JP" : "en-US";
  const now = deps.clock.now();
  const token = newToken();
  await deps.db.$transaction(async (tx) => {
    const existing = await tx.newsletterSubscriber.findUnique({ where: { email: input.email } });
    if (existing?.status === "CONFIRMED") return;
    const data = {
      status: "PENDING",
      locale,
      confirmTokenHash: hashToken(deps.config.sessionSecret, token),
      confirmTokenExpiresAt: new Date(now.getTime() + NEWSLETTER_CONFIRM_TTL_SECONDS * 1000),
    };
    const subscriber = existing
      ? await tx.newsletterSubscriber.update({ where: { id: existing.id }, data })
      : await tx.newsletterSubscriber.create({ data: { ...data, email: input.email, createdAt: now } });
    const confirmUrl = `${deps.config.publicUrl}${NEWSLETTER_CONFIRM_PATH}?token=${token}`;
    await deps.mailer.enqueue(
      tx,
      confirmMail(input.email, locale, confirmUrl, unsubscribeUrl(deps, subscriber.id)),
    );
  });
  deps.mailer.kick();
  return { ok: true, message: STOREFRONT_MESSAGES.subscribeAnswer };
}

export async function confirmSubscription(
  deps: Deps,
  token: string,
): Promise<{ ok: true; alreadyConfirmed: boolean }> {
  const now = deps.clock.now();
  const result = await deps.db.$transaction(async (tx) => {
    const subscriber = await tx.newsletterSubscriber.findUnique({
      where: { confirmTokenHash: hashToken(deps.config.sessionSecret, token) },
      include: { discountCodes: { select: { id: true } } },
    });
    if (!subscriber) return null;
    if (subscriber.status === "CONFIRMED") return { alreadyConfirmed: true };
    if (
      subscriber.status !== "PENDING" ||
      !subscriber.confirmTokenExpiresAt ||
      subscriber.confirmTokenExpiresAt <= now
    ) {
      return null;
    }
    // The move out of PENDING is conditional: of two confirmations at once (two instances, or
    // PostgreSQL's concurrent transactions), exactly one makes it and gives the code.
    const moved = await tx.newsletterSubscriber.updateMany({
      where: { id: subscriber.id, status: "PENDING" },
      data: { status: "CONFIRMED", confirmedAt: now, unsubscribedAt: null },
    });
    if (moved.count === 0) return { alreadyConfirmed: true };
    // The welcome code is given once per address, however often it unsubscribes and comes back.
    if (subscriber.discountCodes.length === 0) {
      // Its rules are the template's, as staff last saved it in the admin (discounts).
      const template = await tx.discountTemplate.findUnique({ where: { key: WELCOME_TEMPLATE_KEY } });
      const percentOff = template?.percentOff ?? SUBSCRIBE_DISCOUNT_PERCENT;
      const code = await tx.discountCode.create({
        data: {
          code: newDiscountCode(percentOff),
          kind: "PERCENT",
          percentOff,
          combinable: template?.combinable ?? false,
          // Bound to the subscriber: checkout accepts it only on an order to this email.
          email: subscriber.email,
          usageLimit: template?.usageLimit ?? 1,
          subscriberId: subscriber.id,
          createdAt: now,
          expiresAt: new Date(now.getTime() + (template?.validDays ?? WELCOME_CODE_VALID_DAYS) * 86_400_000),
        },
      });
      await deps.mailer.enqueue(
        tx,
        welcomeCodeMail(
          subscriber.email,
          subscriber.locale,
          code.code,
          code.expiresAt,
          unsubscribeUrl(deps, subscriber.id),
          { percentOff, usageLimit: code.usageLimit, combinable: code.combinable },
        ),
      );
    }
    return { alreadyConfirmed: false };
  });
  if (!result) throw new AppError("BAD_REQUEST", STOREFRONT_MESSAGES.confirmInvalid);
  deps.mailer.kick();
  return { ok: true, ...result };
}

export async function unsubscribe(deps: Deps, id: number, token: string): Promise<{ ok: true }> {
  const expected = unsubscribeToken(deps.config.sessionSecret, id);
  const subscriber = safeEqual(token, expected)
    ? await deps.db.newsletterSubscriber.findUnique({ where: { id }, select: { id: true, status: true } })
    : null;
  if (!subscriber) throw new AppError("BAD_REQUEST", STOREFRONT_MESSAGES.unsubscribeInvalid);
  if (subscriber.status !== "UNSUBSCRIBED") {
    await deps.db.newsletterSubscriber.update({
      where: { id },
      data: { status: "UNSUBSCRIBED", unsubscribedAt: deps.clock.now() },
    });
  }
  return { ok: true };
}
