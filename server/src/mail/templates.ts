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

export function emailChangedMail(to: string, firstName: string, newEmail: string): OutgoingMail {
  const subject = `Your ${BRAND.name} sign-in email was changed`;
  const paras = [
    greeting(firstName),
    `The email address of your account was changed to ${quoted(newEmail)}. Use the new address the next time you sign in.`,
    "If this was not you, contact support at once.",
  ];
  return composeMail({ to, subject, kind: "email-changed", paragraphs: paras });
}
