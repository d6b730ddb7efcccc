// The sign-in email changes in two steps. The profile asks for it with the current password;
// the new address only becomes the sign-in when the link mailed to it is followed, and the old
// address hears of the request at once, with a link that stops it. See
// docs/sessions-and-tokens.md ("Changing the sign-in email").
import { EMAIL_CHANGE_MESSAGES as TEXTS } from "@vela/shared";
import type { Prisma } from "../../db/client.ts";
import type { Deps } from "../../deps.ts";
import { AppError } from "../../errors.ts";
import { type MailLocale, mailLocale } from "../../mail/locale.ts";
import { emailChangeConfirmMail, emailChangedMail, emailChangeRequestedMail } from "../../mail/templates.ts";
import { findToken, issueToken, spendToken, voidAllTokens, voidTokens } from "./tokens.ts";

type Tx = Prisma.TransactionClient;

const recoverUrl = (deps: Deps) => `${deps.config.publicUrl}/account/recover`;

/**
 * The customer's open email change, as a relation select of `Customer.tokens`: the profile reads it
 * in the same query as the customer (one Prisma call instead of two; docs/performance.md).
 */
export const pendingEmailSelect = (now: Date) =>
  ({
    where: { kind: "EMAIL_CHANGE", usedAt: null, voidedAt: null, expiresAt: { gt: now } },
    orderBy: { issuedAt: "desc" },
    take: 1,
    select: { newEmail: true },
  }) satisfies Prisma.Customer$tokensArgs;

/** The address of a pendingEmailSelect result. */
export const pendingEmailFrom = (tokens: { newEmail: string | null }[]): string | null =>
  tokens[0]?.newEmail ?? null;

/** The address a customer asked to move to, while its link still works. */
export async function pendingEmailOf(deps: Deps, customerId: number): Promise<string | null> {
  const { where, orderBy, select } = pendingEmailSelect(deps.clock.now());
  const row = await deps.db.accountToken.findFirst({ where: { ...where, customerId }, orderBy, select });
  return row?.newEmail ?? null;
}

/**
 * Inside the profile update, once the current password is checked: voids any earlier pending
 * change, then mails the confirm link to the new address and the stop link to the old one.
 * Whether the new address already has an account is not looked at here, so the answer cannot
 * tell; the confirm link's page says so.
 */
export async function requestEmailChange(
  tx: Tx,
  deps: Deps,
  customer: { id: number; email: string; firstName: string; lastName: string },
  newEmail: string,
  locale: MailLocale,
): Promise<void> {
  await voidTokens(tx, deps, customer.id, ["EMAIL_CHANGE", "EMAIL_CHANGE_CANCEL"]);
  const confirm = await issueToken(tx, deps, customer.id, "EMAIL_CHANGE", newEmail);
  const cancel = await issueToken(tx, deps, customer.id, "EMAIL_CHANGE_CANCEL", newEmail);
  await deps.mailer.enqueue(tx, emailChangeConfirmMail(newEmail, locale, confirm.url));
  await deps.mailer.enqueue(
    tx,
    emailChangeRequestedMail(customer.email, locale, customer, newEmail, cancel.url, recoverUrl(deps)),
  );
}

const FAILED = {
  invalid: TEXTS.linkInvalid,
  used: TEXTS.linkUsed,
  voided: TEXTS.linkReplaced,
  expired: TEXTS.linkExpired,
};

const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === "P2002";

/**
 * Follows the confirm link: the new address becomes the sign-in email if no other account has
 * it, and counts as proven (the link was mailed to it). Every session of the customer ends except
 * `session`, the one of the page that followed the link, when it is the same customer's; every
 * outstanding token (reset links sent to the old address, the stop link) is voided; the old
 * address gets the "email changed" notice, in the account's language.
 */
export async function confirmEmailChange(
  deps: Deps,
  token: string,
  session: { id: number; customerId: number } | null,
  ip: string,
): Promise<{ email: string; signedIn: boolean }> {
  await deps.limiter.hit(`email-change:ip:${ip}`, deps.limiter.rules.emailChangeIp);
  const check = await findToken(deps, "EMAIL_CHANGE", token);
  if (!check.ok) throw new AppError("BAD_REQUEST", FAILED[check.reason]);
  const { customerId, newEmail } = check;
  if (!newEmail) throw new AppError("BAD_REQUEST", TEXTS.linkInvalid);
  const taken = () => new AppError("CONFLICT", TEXTS.emailTaken);
  const keep = session?.customerId === customerId ? session.id : null;

  try {
    await deps.db.$transaction(async (tx) => {
      const other = await tx.customer.findUnique({ where: { email: newEmail }, select: { id: true } });
      if (other && other.id !== customerId) throw taken();
      if (!(await spendToken(tx, deps, check.tokenId))) throw new AppError("BAD_REQUEST", TEXTS.linkUsed);
      const before = await tx.customer.findUniqueOrThrow({
        where: { id: customerId },
        select: { email: true, firstName: true, lastName: true, locale: true },
      });
      await tx.customer.update({
        where: { id: customerId },
        data: { email: newEmail, emailVerifiedAt: deps.clock.now() },
      });
      await voidAllTokens(tx, deps, customerId);
      await tx.session.deleteMany({
        where: { customerId, ...(keep === null ? {} : { id: { not: keep } }) },
      });
      await deps.mailer.enqueue(
        tx,
        emailChangedMail(before.email, mailLocale(before.locale), before, newEmail, recoverUrl(deps)),
      );
    });
  } catch (err) {
    // Another account took the address between the look-up and the update.
    if (isUniqueViolation(err)) throw taken();
    throw err;
  }
  deps.mailer.kick();
  return { email: newEmail, signedIn: keep !== null };
}

const CANCEL_FAILED = {
  invalid: TEXTS.cancelInvalid,
  used: TEXTS.cancelTooLate,
  voided: TEXTS.cancelTooLate,
  expired: TEXTS.cancelExpired,
};

/**
 * Follows the stop link from the old address: the pending change is voided, and since whoever
 * asked for it knew the password, every session of the customer ends too. The page then points
 * to the password reset.
 */
export async function cancelEmailChange(deps: Deps, token: string, ip: string): Promise<void> {
  await deps.limiter.hit(`email-change:ip:${ip}`, deps.limiter.rules.emailChangeIp);
  const check = await findToken(deps, "EMAIL_CHANGE_CANCEL", token);
  if (!check.ok) throw new AppError("BAD_REQUEST", CANCEL_FAILED[check.reason]);
  const stopped = await deps.db.$transaction(async (tx) => {
    if (!(await spendToken(tx, deps, check.tokenId))) return false;
    await voidTokens(tx, deps, check.customerId, ["EMAIL_CHANGE", "EMAIL_CHANGE_CANCEL"]);
    await tx.session.deleteMany({ where: { customerId: check.customerId } });
    return true;
  });
  if (!stopped) throw new AppError("BAD_REQUEST", TEXTS.cancelTooLate);
}
