// The store's emails. Every dynamic value is escaped in the HTML part.
import { BRAND } from "@vela/shared";
import type { OutgoingMail } from "./mailer.ts";

const esc = (s: string): string =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

function layout(title: string, paragraphs: string[], link?: { href: string; label: string }): string {
  const body = paragraphs.map((p) => `<p>${esc(p)}</p>`).join("\n");
  const button = link ? `<p><a href="${esc(link.href)}">${esc(link.label)}</a></p>` : "";
  return `<!doctype html><html><body><h1>${esc(title)}</h1>\n${body}\n${button}<p>— ${esc(BRAND.name)}</p></body></html>`;
}

function text(paragraphs: string[], link?: { href: string; label: string }): string {
  return [...paragraphs, ...(link ? [`${link.label}: ${link.href}`] : []), `— ${BRAND.name}`].join("\n\n");
}

export function resetPasswordMail(to: string, firstName: string, url: string): OutgoingMail {
  const subject = `Reset your ${BRAND.name} password`;
  const paras = [
    `Hi ${firstName},`,
    "We received a request to reset your password. The link below works once and expires in 24 hours.",
    "If you did not ask for this, you can ignore this email; your password stays the same.",
  ];
  const link = { href: url, label: "Reset your password" };
  return { to, subject, text: text(paras, link), html: layout(subject, paras, link), kind: "password-reset" };
}

export function activationMail(to: string, firstName: string, url: string): OutgoingMail {
  const subject = `Activate your ${BRAND.name} account`;
  const paras = [
    `Hi ${firstName},`,
    `An account has been created for you at the ${BRAND.name} store. Choose a password to activate it.`,
    "The link works once and expires in 48 hours.",
  ];
  const link = { href: url, label: "Activate your account" };
  return {
    to,
    subject,
    text: text(paras, link),
    html: layout(subject, paras, link),
    kind: "account-activation",
  };
}

export function welcomeMail(to: string, firstName: string, loginUrl: string): OutgoingMail {
  const subject = `Welcome to ${BRAND.name}`;
  const paras = [`Hi ${firstName},`, "Your account is ready. You can sign in at any time."];
  const link = { href: loginUrl, label: "Sign in" };
  return { to, subject, text: text(paras, link), html: layout(subject, paras, link), kind: "welcome" };
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
    `Hi ${firstName},`,
    "Someone (perhaps you) tried to create an account with this email address, but you already have an account.",
    `You can sign in at ${loginUrl}. If you have forgotten your password, reset it here:`,
  ];
  const link = { href: recoverUrl, label: "Reset your password" };
  return {
    to,
    subject,
    text: text(paras, link),
    html: layout(subject, paras, link),
    kind: "already-registered",
  };
}

export function passwordChangedMail(to: string, firstName: string, recoverUrl: string): OutgoingMail {
  const subject = `Your ${BRAND.name} password was changed`;
  const paras = [
    `Hi ${firstName},`,
    "The password of your account was just changed, and every other signed-in device was signed out.",
    "If this was not you, reset your password now and contact support.",
  ];
  const link = { href: recoverUrl, label: "Reset your password" };
  return {
    to,
    subject,
    text: text(paras, link),
    html: layout(subject, paras, link),
    kind: "password-changed",
  };
}

export function emailChangedMail(to: string, firstName: string, newEmail: string): OutgoingMail {
  const subject = `Your ${BRAND.name} sign-in email was changed`;
  const paras = [
    `Hi ${firstName},`,
    `The email address of your account was changed to ${newEmail}. Use the new address the next time you sign in.`,
    "If this was not you, contact support at once.",
  ];
  return { to, subject, text: text(paras), html: layout(subject, paras), kind: "email-changed" };
}
