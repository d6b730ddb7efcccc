import {
  type ActivateInput,
  type ChangePasswordInput,
  EMAIL_CHANGE_MESSAGES,
  FALLBACKS,
  type LoginInput,
  MESSAGES,
  numericIdOf,
  type ProfileInput,
  type RegisterInput,
  type ResetInput,
} from "@vela/shared";
import { CUSTOMER_ADMIN_MESSAGES } from "@vela/shared/admin";
import type { Customer } from "@vela/shared/api";
import { newDeviceCookie, readDeviceCookie } from "../../auth/device.ts";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "../../auth/password.ts";
import { createSession, destroySession } from "../../auth/session.ts";
import type { Prisma } from "../../db/client.ts";
import type { Deps } from "../../deps.ts";
import { AppError } from "../../errors.ts";
import { DEFAULT_MAIL_LOCALE, type MailLocale, mailLocale } from "../../mail/locale.ts";
import {
  activationMail,
  alreadyRegisteredMail,
  passwordChangedMail,
  resetPasswordMail,
  welcomeMail,
} from "../../mail/templates.ts";
import { customerSelect, toCustomerDto } from "./dto.ts";
import { pendingEmailFrom, pendingEmailOf, pendingEmailSelect, requestEmailChange } from "./email-change.ts";
import {
  checkToken,
  issueToken,
  spendToken,
  TOKEN_TTL_SECONDS,
  type TokenKind,
  voidAllTokens,
} from "./tokens.ts";

/** `Customer.lastSignInAt` is written at most this often: the admin shows it to the hour. */
const SIGN_IN_RECORD_INTERVAL_MS = 60 * 60 * 1000;

/** At most one reset email per account in this many seconds. */
export const RESET_EMAIL_INTERVAL_SECONDS = 300;

export const REGISTER_ANSWER = "Thank you for registering. Please check your email to continue." as const;
export const RECOVER_ANSWER =
  "If an account exists for this email, we have sent a link to reset your password." as const;

const loginUrl = (deps: Deps) => `${deps.config.publicUrl}/account/login`;
const recoverUrl = (deps: Deps) => `${deps.config.publicUrl}/account/recover`;

export async function getCustomer(deps: Deps, customerId: number): Promise<Customer> {
  const row = await deps.db.customer.findUnique({
    where: { id: customerId },
    select: { ...customerSelect, tokens: pendingEmailSelect(deps.clock.now()) },
  });
  if (!row) throw new AppError("UNAUTHORIZED", MESSAGES.notSignedIn);
  return toCustomerDto(row, pendingEmailFrom(row.tokens));
}

/**
 * Same status, body and (through the dummy verification) roughly the same time for an
 * unknown email, a customer without a password and a wrong password.
 *
 * Failures are counted per account for browsers without a device cookie for that account,
 * and per browser for those with one: failures from strangers lock strangers out, never the
 * owner's own browser. Returns the device cookie to set (a new one, or the same one again).
 *
 * A new session token at every sign-in: the session the browser had (`browser.sessionToken`,
 * whoever's it was) ends, so a token planted before sign-in never becomes a signed-in one.
 *
 * A customer whose sign-in staff disabled (`disabledAt`) gets the answer of a wrong password,
 * after the same work and counted as a failure, so the answer tells nothing about the account.
 * The session is made in a transaction that first reads the customer's row again and goes on only
 * while it is not disabled (transactions are serial on SQLite and serializable on PostgreSQL): a
 * sign-in and a disabling at the same moment end with the customer either disabled and without
 * sessions, or signed in before the disabling ended every session. The sign-in is recorded on the
 * row (`lastSignInAt`) at most once an hour, so that signing in again writes nothing (as `locale`,
 * written only when it changed).
 */
export async function login(
  deps: Deps,
  input: LoginInput,
  ip: string,
  browser: {
    sessionToken?: string | undefined;
    deviceCookie?: string | undefined;
    /** The language the customer signs in with, kept on the customer when it changed. */
    locale?: MailLocale | undefined;
  } = {},
): Promise<{ customer: Customer; token: string; expiresAt: Date; deviceCookie: string }> {
  const { deviceCookie } = browser;
  const { limiter } = deps;
  await limiter.hit(`login:ip:${ip}`, limiter.rules.loginIp);
  const device = readDeviceCookie(deps.config.sessionSecret, deviceCookie);
  const row = await deps.db.customer.findUnique({
    where: { email: input.email },
    select: { ...customerSelect, passwordHash: true, locale: true, disabledAt: true },
  });
  const known = device !== null && row !== null && device.customerId === row.id;
  const [failureKey, failureRule] = known
    ? [`login:device:${device.id}`, limiter.rules.loginDevice]
    : [`login:account:${input.email}`, limiter.rules.loginAccount];
  await limiter.check(failureKey, failureRule);
  const ok = row?.passwordHash
    ? await verifyPassword(row.passwordHash, input.password)
    : await verifyAgainstDummy(input.password);
  const refuse = async () => {
    deps.metrics?.signInFailure("customer");
    await limiter.hit(failureKey, failureRule);
    return new AppError("UNAUTHORIZED", MESSAGES.invalidCredentials);
  };
  if (!row || !ok || row.disabledAt) throw await refuse();
  const session = await deps.db.$transaction(async (tx) => {
    const now = deps.clock.now();
    const current = await tx.customer.findUnique({
      where: { id: row.id },
      select: { disabledAt: true, lastSignInAt: true },
    });
    if (!current || current.disabledAt) return null;
    const locale = browser.locale && browser.locale !== row.locale ? browser.locale : undefined;
    const record =
      !current.lastSignInAt || now.getTime() - current.lastSignInAt.getTime() >= SIGN_IN_RECORD_INTERVAL_MS;
    if (locale || record) {
      await tx.customer.update({
        where: { id: row.id },
        data: { ...(record ? { lastSignInAt: now } : {}), ...(locale ? { locale } : {}) },
      });
    }
    return createSession(deps, row.id, tx);
  });
  // Disabled between the look-up and now.
  if (!session) throw await refuse();
  const { token, expiresAt } = session;
  // A success clears only its own counter: the owner signing in on a known browser does not
  // give a stranger's guesses a fresh start.
  await limiter.reset(failureKey);
  await destroySession(deps, browser.sessionToken);
  const { passwordHash: _omit, locale: _locale, disabledAt: _disabled, ...customer } = row;
  return {
    customer: toCustomerDto(customer, await pendingEmailOf(deps, row.id)),
    token,
    expiresAt,
    deviceCookie: known && deviceCookie ? deviceCookie : newDeviceCookie(deps.config.sessionSecret, row.id),
  };
}

/** Sign-out: the browser's session ends (an unknown or absent token is nothing to end). */
export async function logout(deps: Deps, sessionToken: string | undefined): Promise<void> {
  await destroySession(deps, sessionToken);
}

/**
 * The answer never tells whether the email was known: a new email gets an account and a
 * welcome mail; a known one gets a mail telling its owner they already have an account.
 */
export async function register(
  deps: Deps,
  input: RegisterInput,
  ip: string,
  locale: MailLocale,
): Promise<{ message: string }> {
  await deps.limiter.hit(`register:ip:${ip}`, deps.limiter.rules.registerIp);
  // Hash first, whatever happens next, so both paths cost the same.
  const passwordHash = await hashPassword(input.password);
  const existing = await deps.db.customer.findUnique({
    where: { email: input.email },
    select: { id: true, firstName: true, lastName: true, locale: true },
  });
  if (existing) {
    // The notice goes to the address's owner, who did not ask for it: in the owner's language,
    // not in the language of whoever typed the address.
    await deps.mailer.enqueue(
      deps.db,
      alreadyRegisteredMail(
        input.email,
        mailLocale(existing.locale),
        existing,
        loginUrl(deps),
        recoverUrl(deps),
      ),
    );
  } else {
    try {
      await deps.db.$transaction(async (tx) => {
        await tx.customer.create({
          data: {
            firstName: input.firstName,
            lastName: input.lastName,
            email: input.email,
            passwordHash,
            passwordChangedAt: deps.clock.now(),
            createdAt: deps.clock.now(),
            locale,
          },
        });
        await deps.mailer.enqueue(tx, welcomeMail(input.email, locale, input, loginUrl(deps)));
      });
    } catch (err) {
      // Two registrations of one email at once: the loser is told, like any known email, in the
      // language of the account that won.
      if ((err as { code?: string }).code !== "P2002") throw err;
      const winner = await deps.db.customer.findUnique({
        where: { email: input.email },
        select: { firstName: true, lastName: true, locale: true },
      });
      await deps.mailer.enqueue(
        deps.db,
        alreadyRegisteredMail(
          input.email,
          mailLocale(winner?.locale ?? locale),
          winner ?? input,
          loginUrl(deps),
          recoverUrl(deps),
        ),
      );
    }
  }
  deps.mailer.kick();
  return { message: REGISTER_ANSWER };
}

/**
 * Answers at once and does the rest after the answer has gone out: looking the email up,
 * issuing a token and writing the mail take time only for a known email, and that time must
 * not tell anyone which emails have accounts.
 *
 * Requests are counted per email, as failed sign-ins are, except from a browser whose device
 * cookie names the account of that email: it has a counter of its own, so requests from
 * elsewhere never lock the owner's own browser out of asking (auth/device.ts). The mail is in
 * the account's language, whoever asks and in whatever language.
 */
export async function recover(
  deps: Deps,
  email: string,
  ip: string,
  browser: { deviceCookie?: string | undefined } = {},
): Promise<{ message: string }> {
  const { limiter } = deps;
  await limiter.hit(`recover:ip:${ip}`, limiter.rules.recoverIp);
  const device = await knownDeviceFor(deps, email, browser.deviceCookie);
  if (device) await limiter.hit(`recover:device:${device}`, limiter.rules.recoverDevice);
  else await limiter.hit(`recover:account:${email}`, limiter.rules.recoverAccount);
  deps.background.run("password reset mail", () => sendResetMail(deps, email));
  return { message: RECOVER_ANSWER };
}

/**
 * The device id of a browser whose device cookie names the account of `email`, else null. The
 * look-up is by the cookie's customer id, done for every valid cookie whatever the email, so its
 * time says nothing about whether the typed email has an account.
 */
async function knownDeviceFor(deps: Deps, email: string, cookie: string | undefined): Promise<string | null> {
  const device = readDeviceCookie(deps.config.sessionSecret, cookie);
  if (!device) return null;
  const owner = await deps.db.customer.findUnique({
    where: { id: device.customerId },
    select: { email: true },
  });
  return owner?.email === email ? device.id : null;
}

async function sendResetMail(deps: Deps, email: string): Promise<void> {
  await mailResetLink(deps, { email });
}

/** What became of a reset mail: sent, or why not (nothing was issued then). */
export type ResetMailOutcome =
  | { sent: true; to: string; locale: MailLocale; expiresAt: Date }
  | { sent: false; reason: "unknown" | "disabled" | "too-soon" | "over-limit" };

/**
 * The reset link and its mail, in the account's language: what "forgot password" sends, and what
 * staff send for a customer (`onIssued` then writes their audit row in the same transaction).
 * Nothing is issued for a disabled customer, inside the interval, or over the address's limit for
 * reset mails, so the link already sent stays valid. The checks run in the transaction that
 * issues the token: two requests at once send one mail.
 */
export async function mailResetLink(
  deps: Deps,
  who: { email: string } | { id: number },
  onIssued?: (tx: Prisma.TransactionClient, issued: { to: string; expiresAt: Date }) => Promise<void>,
): Promise<ResetMailOutcome> {
  const select = { id: true, email: true, firstName: true, lastName: true, locale: true, disabledAt: true };
  // An unknown email (most requests of a script) costs one read, and no write lock.
  const found = await deps.db.customer.findUnique({ where: who, select: { id: true } });
  if (!found) return { sent: false, reason: "unknown" };
  const outcome = await deps.db.$transaction(async (tx): Promise<ResetMailOutcome> => {
    const customer = await tx.customer.findUnique({ where: { id: found.id }, select });
    if (!customer) return { sent: false, reason: "unknown" };
    if (customer.disabledAt) return { sent: false, reason: "disabled" };
    const since = new Date(deps.clock.now().getTime() - RESET_EMAIL_INTERVAL_SECONDS * 1000);
    const recent = await tx.accountToken.count({
      where: { customerId: customer.id, kind: "RESET", issuedAt: { gt: since } },
    });
    if (recent > 0) return { sent: false, reason: "too-soon" };
    if (!(await deps.mailer.allows(tx, customer.email, "password-reset")))
      return { sent: false, reason: "over-limit" };
    const { url, issuedAt } = await issueToken(tx, deps, customer.id, "RESET");
    const locale = mailLocale(customer.locale);
    await deps.mailer.enqueue(tx, resetPasswordMail(customer.email, locale, customer, url));
    const expiresAt = new Date(issuedAt.getTime() + TOKEN_TTL_SECONDS.RESET * 1000);
    await onIssued?.(tx, { to: customer.email, expiresAt });
    return { sent: true, to: customer.email, locale, expiresAt };
  });
  if (outcome.sent) deps.mailer.kick();
  return outcome;
}

function parseCustomerId(value: string | number, invalidText: string): number {
  const id = numericIdOf(value);
  if (id === null) throw new AppError("BAD_REQUEST", invalidText);
  return id;
}

async function redeem(
  deps: Deps,
  kind: TokenKind,
  rawCustomerId: string | number,
  token: string,
  password: string,
  ip: string,
  locale: MailLocale | undefined,
): Promise<void> {
  const texts =
    kind === "RESET"
      ? { invalid: MESSAGES.invalidResetLink, expired: MESSAGES.resetLinkExpired, failed: FALLBACKS.reset[1] }
      : {
          invalid: MESSAGES.invalidActivationLink,
          expired: MESSAGES.activationLinkExpired,
          failed: FALLBACKS.activate[1],
        };
  const scope = kind === "RESET" ? "reset" : "activate";
  const { limiter } = deps;
  await limiter.hit(`${scope}:ip:${ip}`, kind === "RESET" ? limiter.rules.resetIp : limiter.rules.activateIp);
  const customerId = parseCustomerId(rawCustomerId, texts.invalid);

  const check = await checkToken(deps, customerId, kind, token);
  if (!check.ok) {
    // Only failures count for the customer, and only a failure is refused by that count: a
    // token that checks out (256 random bits, never guessed) always works, so bogus tokens
    // sent for a customer id cannot lock its owner out of the emailed link.
    await limiter.hit(
      `${scope}:account:${customerId}`,
      kind === "RESET" ? limiter.rules.resetAccount : limiter.rules.activateAccount,
    );
    throw new AppError("BAD_REQUEST", check.reason === "expired" ? texts.expired : texts.failed);
  }
  const passwordHash = await hashPassword(password);
  const customer = await deps.db.$transaction(async (tx) => {
    if (!(await spendToken(tx, deps, check.tokenId))) return null;
    // The link went to the customer's address: following it proves the address.
    const updated = await tx.customer.update({
      where: { id: customerId },
      data: {
        passwordHash,
        passwordChangedAt: deps.clock.now(),
        emailVerifiedAt: deps.clock.now(),
        ...(locale ? { locale } : {}),
      },
      select: { email: true, firstName: true, lastName: true, locale: true },
    });
    await voidAllTokens(tx, deps, customerId);
    // The activation link went to this address, which proves it: the guest orders placed with it join.
    if (kind === "ACTIVATION") await joinGuestOrders(tx, customerId, updated.email);
    // A reset or activation ends every session the customer had.
    await tx.session.deleteMany({ where: { customerId } });
    const language = mailLocale(updated.locale);
    await deps.mailer.enqueue(
      tx,
      kind === "RESET"
        ? passwordChangedMail(updated.email, language, updated, recoverUrl(deps))
        : welcomeMail(updated.email, language, updated, loginUrl(deps)),
    );
    return updated;
  });
  if (!customer) throw new AppError("BAD_REQUEST", texts.failed);
  deps.mailer.kick();
}

/**
 * `locale`: the language the page that followed the link states, recorded as the account's
 * (undefined leaves the account's as it is); the mail that follows is in the account's language.
 */
export function resetPassword(
  deps: Deps,
  input: ResetInput,
  ip: string,
  locale: MailLocale | undefined,
): Promise<void> {
  return redeem(deps, "RESET", input.customerId, input.resetToken, input.password, ip, locale);
}

export function activateAccount(
  deps: Deps,
  input: ActivateInput,
  ip: string,
  locale: MailLocale | undefined,
): Promise<void> {
  return redeem(deps, "ACTIVATION", input.customerId, input.activationToken, input.password, ip, locale);
}

/**
 * The guest orders placed with `email` become the customer's. Only for an address its owner has
 * just proved (an activation link or an order-claim link followed), never for a signed-in
 * session's say-so, and never for an account whose address is unproven (registering an address
 * proves nothing): the caller records the proof (Customer.emailVerifiedAt) first, in the same
 * transaction, and this refuses to run without it. Emails are stored lower-cased on both sides.
 */
export async function joinGuestOrders(tx: Prisma.TransactionClient, customerId: number, email: string) {
  const proven = await tx.customer.count({
    where: { id: customerId, email, emailVerifiedAt: { not: null } },
  });
  if (proven !== 1) throw new Error("guest orders join only an account whose address is proven");
  const { count } = await tx.order.updateMany({
    where: { customerId: null, email },
    data: { customerId },
  });
  return count;
}

interface InviteInput {
  email: string;
  firstName: string;
  lastName: string;
  locale?: MailLocale | undefined;
}

/**
 * Invites a customer who has no password yet; the activation link goes out by email, in
 * `input.locale` (a guest's order's language; en-US for the operator's invitations).
 */
export async function inviteCustomer(
  deps: Deps,
  input: InviteInput,
): Promise<{ customerId: number; url: string }> {
  return deps.db.$transaction((tx) => inviteCustomerIn(tx, deps, input));
}

/** inviteCustomer inside a caller's transaction (the fixtures loader writes a whole file in one). */
export async function inviteCustomerIn(
  tx: Prisma.TransactionClient,
  deps: Deps,
  input: InviteInput,
): Promise<{ customerId: number; url: string }> {
  const existing = await tx.customer.findUnique({
    where: { email: input.email },
    select: { id: true, passwordHash: true, locale: true, disabledAt: true },
  });
  if (existing?.passwordHash) throw new AppError("CONFLICT", MESSAGES.emailTaken);
  // Staff disabled this account's sign-in: no activation link until they enable it.
  if (existing?.disabledAt) throw new AppError("CONFLICT", CUSTOMER_ADMIN_MESSAGES.customerDisabled);
  // An invited customer asked again gets the mail in the account's language.
  const language = existing ? mailLocale(existing.locale) : (input.locale ?? DEFAULT_MAIL_LOCALE);
  const customer =
    existing ??
    (await tx.customer.create({
      data: {
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        createdAt: deps.clock.now(),
        locale: input.locale ?? DEFAULT_MAIL_LOCALE,
      },
      select: { id: true, passwordHash: true, locale: true },
    }));
  // Over the address's limit of activation mails, a new token would void the link already
  // sent while its own mail is held back: refuse instead, and change nothing.
  if (!(await deps.mailer.allows(tx, input.email, "account-activation"))) {
    throw new AppError("TOO_MANY_REQUESTS", MESSAGES.tooManyRequests);
  }
  const { url } = await issueToken(tx, deps, customer.id, "ACTIVATION");
  await deps.mailer.enqueue(tx, activationMail(input.email, language, input, url));
  return { customerId: customer.id, url };
}

/**
 * Every session of the customer ends, the one that made the change too: that browser stays
 * signed in under a new token (returned, for the cookie), so a copy of the old token taken
 * before the change is worthless. null when that session ended meanwhile (signed out in
 * another tab): the change holds, and nobody is signed in anew.
 * `locale`: the language the page states, recorded as the account's; the notice is in the account's.
 */
export async function changePassword(
  deps: Deps,
  customerId: number,
  sessionId: number,
  input: ChangePasswordInput,
  locale?: MailLocale | undefined,
): Promise<{ token: string; expiresAt: Date } | null> {
  const row = await deps.db.customer.findUnique({
    where: { id: customerId },
    select: { passwordHash: true, email: true, firstName: true, lastName: true },
  });
  if (!row) throw new AppError("UNAUTHORIZED", MESSAGES.notSignedIn);
  await checkCurrentPassword(deps, customerId, row.passwordHash, input.currentPassword);
  const passwordHash = await hashPassword(input.newPassword);
  const session = await deps.db.$transaction(async (tx) => {
    const updated = await tx.customer.update({
      where: { id: customerId },
      data: { passwordHash, passwordChangedAt: deps.clock.now(), ...(locale ? { locale } : {}) },
      select: { locale: true },
    });
    await voidAllTokens(tx, deps, customerId);
    const { count: current } = await tx.session.deleteMany({ where: { id: sessionId, customerId } });
    await tx.session.deleteMany({ where: { customerId } });
    await deps.mailer.enqueue(
      tx,
      passwordChangedMail(row.email, mailLocale(updated.locale), row, recoverUrl(deps)),
    );
    return current === 1 ? createSession(deps, customerId, tx) : null;
  });
  deps.mailer.kick();
  return session;
}

/**
 * The current password, asked again before a password or email change. Wrong answers are
 * counted per account like failed sign-ins: over the limit every check, a right password
 * included, is refused with 429 until the window ends; a right answer clears the count.
 */
async function checkCurrentPassword(
  deps: Deps,
  customerId: number,
  passwordHash: string | null,
  currentPassword: string,
): Promise<void> {
  const { limiter } = deps;
  const key = `current-password:account:${customerId}`;
  await limiter.check(key, limiter.rules.currentPasswordAccount);
  const ok = passwordHash ? await verifyPassword(passwordHash, currentPassword) : false;
  if (!ok) {
    await limiter.hit(key, limiter.rules.currentPasswordAccount);
    throw new AppError("BAD_REQUEST", MESSAGES.currentPasswordWrong);
  }
  await limiter.reset(key);
}

/**
 * Names, phone and the newsletter choice save at once. A different email needs the current
 * password and only becomes pending (email-change.ts); the answer is the same whether or not
 * another account has that address.
 */
export async function updateProfile(
  deps: Deps,
  customerId: number,
  input: ProfileInput,
  locale?: MailLocale | undefined,
): Promise<Customer> {
  const current = await deps.db.customer.findUnique({
    where: { id: customerId },
    select: { id: true, email: true, firstName: true, lastName: true, passwordHash: true },
  });
  if (!current) throw new AppError("UNAUTHORIZED", MESSAGES.notSignedIn);
  const emailChanges = current.email !== input.email;
  if (emailChanges) {
    if (!input.currentPassword)
      throw new AppError("BAD_REQUEST", EMAIL_CHANGE_MESSAGES.currentPasswordRequired);
    await checkCurrentPassword(deps, customerId, current.passwordHash, input.currentPassword);
  }
  const row = await deps.db.$transaction(async (tx) => {
    const updated = await tx.customer.update({
      where: { id: customerId },
      data: {
        firstName: input.firstName,
        lastName: input.lastName,
        phone: input.phone,
        acceptsMarketing: input.acceptsMarketing,
        ...(locale ? { locale } : {}),
      },
      select: { ...customerSelect, locale: true },
    });
    // The mails to both addresses are in the account's language (just recorded, when stated).
    if (emailChanges) await requestEmailChange(tx, deps, current, input.email, mailLocale(updated.locale));
    const { locale: _locale, ...customer } = updated;
    return customer;
  });
  if (emailChanges) deps.mailer.kick();
  return toCustomerDto(row, await pendingEmailOf(deps, customerId));
}
