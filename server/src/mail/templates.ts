// The account emails, laid out by composeMail.
import { BRAND } from "@vela/shared";
import { composeMail, greeting, quoted } from "./compose.ts";
import type { OutgoingMail } from "./mailer.ts";

export function resetPasswordMail(to: string, firstName: string, url: string): OutgoingMail {
  const subject = `Reset your ${BRAND.name} password`;
  const paras = [
    greeting(firstName),
    "We received a request to reset your password. The link below works once and expires in 24 hours.",
    "If you did not ask for this, you can ignore this email; your password stays the same.",
  ];
  const link = { href: url, label: "Reset your password" };
  return composeMail({ to, subject, kind: "password-reset", paragraphs: paras, link });
}

export function activationMail(to: string, firstName: string, url: string): OutgoingMail {
  const subject = `Activate your ${BRAND.name} account`;
  const paras = [
    greeting(firstName),
    `An account has been created for you at the ${BRAND.name} store. Choose a password to activate it.`,
    "The link works once and expires in 48 hours.",
  ];
  const link = { href: url, label: "Activate your account" };
  return composeMail({ to, subject, kind: "account-activation", paragraphs: paras, link });
}

export function welcomeMail(to: string, firstName: string, loginUrl: string): OutgoingMail {
  const subject = `Welcome to ${BRAND.name}`;
  const paras = [greeting(firstName), "Your account is ready. You can sign in at any time."];
  const link = { href: loginUrl, label: "Sign in" };
  return composeMail({ to, subject, kind: "welcome", paragraphs: paras, link });
}

/** Sent instead of a welcome when someone registers with an email that already has an account. */
export function alreadyRegisteredMail(
  to: string,
  firstName: string,
  loginUrl: string,
  recoverUrl: string,
): OutgoingMail {
  const subject = `You already have a ${BRAND.name} account`;
  const paras = [
    greeting(firstName),
    "Someone (perhaps you) tried to create an account with this email address, but you already have an account.",
    `You can sign in at ${loginUrl}. If you have forgotten your password, reset it here:`,
  ];
  const link = { href: recoverUrl, label: "Reset your password" };
  return composeMail({ to, subject, kind: "already-registered", paragraphs: paras, link });
}

export function passwordChangedMail(to: string, firstName: string, recoverUrl: string): OutgoingMail {
  const subject = `Your ${BRAND.name} password was changed`;
  const paras = [
    greeting(firstName),
    "The password of your account was just changed, and every other signed-in device was signed out.",
    "If this was not you, reset your password now and contact support.",
  ];
  const link = { href: recoverUrl, label: "Reset your password" };
  return composeMail({ to, subject, kind: "password-changed", paragraphs: paras, link });
}

/** Sent to the old address when the change is confirmed. */
export function emailChangedMail(
  to: string,
  firstName: string,
  newEmail: string,
  recoverUrl: string,
): OutgoingMail {
  const subject = `Your ${BRAND.name} sign-in email was changed`;
  const paras = [
    greeting(firstName),
    `The sign-in email of your account was changed to ${quoted(newEmail)}, and every other signed-in device was signed out. Use the new address the next time you sign in.`,
    "If this was not you, reset your password now and contact support.",
  ];
  const link = { href: recoverUrl, label: "Reset your password" };
  return composeMail({ to, subject, kind: "email-changed", paragraphs: paras, link });
}

/**
 * Sent to the new address: the link that makes it the sign-in email. It greets no one by name
 * and repeats nothing the requester typed, since anyone signed in can make the store write to
 * any address this way.
 */
export function emailChangeConfirmMail(to: string, confirmUrl: string): OutgoingMail {
  const subject = `Confirm your new ${BRAND.name} sign-in email`;
  const paras = [
    "Hello,",
    `Someone asked to make this address the sign-in email of a ${BRAND.name} account. If it was you, confirm it with the link below. The link works once and expires in 24 hours; until then the account keeps its old sign-in email.`,
    "If you did not ask for this, ignore this email: nothing changes.",
  ];
  const link = { href: confirmUrl, label: "Confirm your new email" };
  return composeMail({ to, subject, kind: "email-change-confirm", paragraphs: paras, link });
}

/** Sent to the old address when a change is asked for: how to stop it and secure the account. */
export function emailChangeRequestedMail(
  to: string,
  firstName: string,
  newEmail: string,
  cancelUrl: string,
  recoverUrl: string,
): OutgoingMail {
  const subject = `A change of your ${BRAND.name} sign-in email was requested`;
  const paras = [
    greeting(firstName),
    `Someone signed in to your account asked to change its sign-in email to ${quoted(newEmail)}. The change takes effect only when the link we sent to that address is followed, within 24 hours; until then you sign in with this address.`,
    "If this was not you, stop the change with the link below, then reset your password, which signs every device out.",
  ];
  const link = { href: cancelUrl, label: "Stop this change" };
  const footer = [{ href: recoverUrl, label: "Reset your password" }];
  return composeMail({ to, subject, kind: "email-change-requested", paragraphs: paras, link, footer });
}
