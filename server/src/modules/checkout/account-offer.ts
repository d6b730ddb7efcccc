// A guest's order offers an account. Accepting mails a link to the order's email, never to an
// address the asker types: an activation link when the email has no account with a password (the
// existing activation flow, 48 h), or, when it has one, an order-claim link its owner follows to
// add the guest orders to it. Either link proves the address; orders join an account only then.
// The answer is the same in every case and the work is done after it (deps.background), so
// neither the text nor the time tells the asker whether the email has an account.
//
// An account whose address was never proven (registered, and no link mailed to it ever
// followed) may be someone else's, made with an address they do not own: it gets nothing the
// address proves. Whoever follows the claim link proves the inbox, and the account becomes
// theirs: they choose its password (every session and link of the account ends, as after a
// reset), and only then do the orders join. See docs/sessions-and-tokens.md ("Proven email addresses").
import { createHmac, timingSafeEqual } from "node:crypto";
import {
  ACCOUNT_OFFER_MESSAGES,
  type AccountOfferInput,
  type ClaimOrdersInput,
  numericIdOf,
  splitPersonName,
} from "@vela/shared";
import { hashPassword } from "../../auth/password.ts";
import type { SessionInfo } from "../../auth/session.ts";
import type { Deps } from "../../deps.ts";
import { AppError } from "../../errors.ts";
import { type MailLocale, mailLocale } from "../../mail/locale.ts";
import { passwordChangedMail } from "../../mail/templates.ts";
import { inviteCustomerIn, joinGuestOrders } from "../account/service.ts";
import { findToken, issueToken, spendToken, voidAllTokens } from "../account/tokens.ts";
import { orderClaimMail } from "./templates.ts";

/**
 * The key that lets a guest's order ask for an account: derived from the order (nothing stored).
 * It only ever makes the store write to the order's own email, a few times an hour at most (the
 * mail limits), so it may travel in the confirmation email's link.
 */
export function accountOfferKey(secret: string, orderId: number): string {
  return createHmac("sha256", secret).update(`account-offer:${orderId}`).digest("base64url");
}

/** The page the confirmation email's offer opens. */
export function accountOfferUrl(deps: Pick<Deps, "config">, orderId: number): string {
  const url = new URL("/checkout/account", `${deps.config.publicUrl}/`);
  url.searchParams.set("order", String(orderId));
  url.searchParams.set("key", accountOfferKey(deps.config.sessionSecret, orderId));
  return url.toString();
}

function keyMatches(secret: string, orderId: number, key: string): boolean {
  const want = Buffer.from(accountOfferKey(secret, orderId));
  const got = Buffer.from(key);
  return want.length === got.length && timingSafeEqual(want, got);
}

export async function offerAccount(deps: Deps, input: AccountOfferInput): Promise<{ message: string }> {
  const orderId = numericIdOf(input.orderId);
  if (orderId === null || !keyMatches(deps.config.sessionSecret, orderId, input.key)) {
    throw new AppError("BAD_REQUEST", ACCOUNT_OFFER_MESSAGES.invalidOffer);
  }
  deps.background.run("account offer mail", () => sendOfferMail(deps, orderId));
  return { message: ACCOUNT_OFFER_MESSAGES.sent };
}

async function sendOfferMail(deps: Deps, orderId: number): Promise<void> {
  const order = await deps.db.order.findUnique({
    where: { id: orderId },
    select: { customerId: true, email: true, shipName: true, locale: true },
  });
  // An order that already belongs to an account has nothing to join.
  if (!order || order.customerId !== null || !order.email) return;
  const email = order.email;
  const existing = await deps.db.customer.findUnique({
    where: { email },
    select: { id: true, passwordHash: true, locale: true, emailVerifiedAt: true, disabledAt: true },
  });
  // Staff disabled this account's sign-in: no link would work, so none is mailed.
  if (existing?.disabledAt) return;
  if (existing?.passwordHash) {
    // Over the address's limit a new token would void the link already sent: send nothing.
    if (!(await deps.mailer.allows(deps.db, email, "order-claim"))) return;
    await deps.db.$transaction(async (tx) => {
      const { url } = await issueToken(tx, deps, existing.id, "ORDER_CLAIM", email);
      // The account's mail, in the account's language.
      await deps.mailer.enqueue(
        tx,
        orderClaimMail({
          to: email,
          locale: mailLocale(existing.locale),
          url,
          unproven: existing.emailVerifiedAt === null,
        }),
      );
    });
  } else {
    const { firstName, lastName } = splitPersonName(order.locale, order.shipName);
    try {
      await deps.db.$transaction((tx) =>
        inviteCustomerIn(tx, deps, {
          email,
          firstName,
          lastName,
          locale: mailLocale(order.locale),
        }),
      );
    } catch (err) {
      // Over the activation mails' limit: the link already sent stays valid, and nobody is told.
      if (!(err instanceof AppError && err.code === "TOO_MANY_REQUESTS")) throw err;
      return;
    }
  }
  deps.mailer.kick();
}

/**
 * Following the claim link: the token is spent, the address counts as proven, and the guest
 * orders with it join its account, in one transaction. An account whose email changed since the
 * link was sent gets nothing: the link proved the old address, not the account's current one.
 *
 * The account's address was never proven: the account may be a squatter's, so it receives
 * nothing until the person who followed the link (who has proven the inbox) holds it. Either the
 * page is signed in as that account already (its other sessions end), or the person chooses the
 * account's password (`input.password`): as after a reset, every session and outstanding link of
 * the account ends, and the notice of the new password goes out. Without either the answer is
 * 409 claimNeedsPassword and nothing changes (the link still works). A password may come with
 * the claim of a proven account too: it is set the same way.
 *
 * `session`: the page's session; `locale`: the language the page states, recorded on the account
 * when its password is set.
 */
export async function claimOrders(
  deps: Deps,
  input: ClaimOrdersInput,
  session: SessionInfo | null = null,
  locale?: MailLocale | undefined,
): Promise<{ ok: true; orders: number }> {
  const check = await findToken(deps, "ORDER_CLAIM", input.token);
  if (!check.ok) {
    throw new AppError(
      "BAD_REQUEST",
      check.reason === "expired"
        ? ACCOUNT_OFFER_MESSAGES.claimExpired
        : check.reason === "invalid"
          ? ACCOUNT_OFFER_MESSAGES.claimInvalid
          : ACCOUNT_OFFER_MESSAGES.claimUsed,
    );
  }
  const customerId = check.customerId;
  const signedInAsOwner = session?.customerId === customerId;
  const needsPassword = () => new AppError("CONFLICT", ACCOUNT_OFFER_MESSAGES.claimNeedsPassword);
  if (!input.password && !signedInAsOwner) {
    const account = await deps.db.customer.findUnique({
      where: { id: customerId },
      select: { emailVerifiedAt: true },
    });
    if (account && account.emailVerifiedAt === null) throw needsPassword();
  }
  // Hashed before the transaction, as a reset does: argon2 takes a while.
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  const joined = await deps.db.$transaction(async (tx) => {
    if (!(await spendToken(tx, deps, check.tokenId))) return null;
    const customer = await tx.customer.findUniqueOrThrow({
      where: { id: customerId },
      select: { email: true, firstName: true, lastName: true, locale: true, emailVerifiedAt: true },
    });
    if (customer.email !== check.newEmail) return "email-changed" as const;
    const now = deps.clock.now();
    if (passwordHash) {
      // The inbox's owner takes the account, as with a reset link.
      const updated = await tx.customer.update({
        where: { id: customerId },
        data: {
          passwordHash,
          passwordChangedAt: now,
          emailVerifiedAt: now,
          ...(locale ? { locale } : {}),
        },
        select: { locale: true },
      });
      await voidAllTokens(tx, deps, customerId);
      await tx.session.deleteMany({ where: { customerId } });
      await deps.mailer.enqueue(
        tx,
        passwordChangedMail(
          customer.email,
          mailLocale(updated.locale),
          customer,
          `${deps.config.publicUrl}/account/recover`,
        ),
      );
    } else {
      // Proven before (checked above, and a proof is never taken back), or proven now by a page
      // signed in as the account: then anyone else signed in to it is signed out.
      if (customer.emailVerifiedAt === null) {
        if (!signedInAsOwner || !session) throw needsPassword();
        await tx.session.deleteMany({ where: { customerId, id: { not: session.id } } });
      }
      await tx.customer.update({ where: { id: customerId }, data: { emailVerifiedAt: now } });
    }
    return joinGuestOrders(tx, customerId, customer.email);
  });
  if (joined === null) throw new AppError("BAD_REQUEST", ACCOUNT_OFFER_MESSAGES.claimUsed);
  if (joined === "email-changed") throw new AppError("CONFLICT", ACCOUNT_OFFER_MESSAGES.claimEmailChanged);
  if (passwordHash) deps.mailer.kick();
  return { ok: true, orders: joined };
}
