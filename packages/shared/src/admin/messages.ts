/**
 * The admin server's answers, in English; the admin's catalogues (packages/i18n,
 * messages/admin) hold them in every language the admin is offered in, keyed `admin.server.*`.
 */
export const ADMIN_MESSAGES = {
  notSignedIn: "Sign in to the admin to do that",
  forbidden: "Your role does not allow this",
  invalidCredentials: "Sign-in failed: check the email and password",
  secondFactorRequired: "Enter the code from your authenticator app to finish signing in",
  secondFactorWrong: "That code is not right, or it was used already",
  enrolmentRequired: "Set up a second sign-in factor before using the admin",
  enrolmentNotStarted: "Start setting up the authenticator app first",
  alreadyEnrolled: "An authenticator app is already set up for this account",
  setupLinkInvalid: "This link to choose a password is invalid or was used already",
  setupLinkExpired: "This link to choose a password has expired. Ask an owner for a new one.",
  staffNotFound: "No member of staff has this email",
  staffExists: "A member of staff already has this email",
  lastOwner: "The store needs at least one active owner",
  staffDisabled: "This member of staff is disabled: enable them first",
  unknownRole: "Unknown role",
  totpCodeFormat: "Enter the 6-digit code from the authenticator app",
} as const;
