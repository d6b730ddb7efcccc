import { EMAIL_CHANGE_MESSAGES as TEXTS } from "@vela/shared";

/**
 * The sign-in email change: the profile's pending notice, the pages of the confirm link (sent to
 * the new address) and of the stop link (sent to the old one), and the server's answers to them.
 */
export const emailChangeEnUS = {
  "emailChange.pending":
    "Check your inbox at {email}: follow the link we sent to confirm your new email. Until then, log in with {current}.",
  "emailChange.missingToken": "This link is incomplete. Please check your email for the correct link.",
  "emailChange.confirmTitle": "Confirm Your New Email",
  "emailChange.confirmIntro":
    "Make the address this link was sent to the email you log in with. Other devices signed in to your account will be signed out.",
  "emailChange.confirmSubmit": "Confirm New Email",
  "emailChange.confirming": "Confirming...",
  "emailChange.confirmed": "Your email is now {email}. Use it the next time you log in.",
  "emailChange.login": "Login with your new email",
  "emailChange.toProfile": "Back to Profile Settings",
  "emailChange.cancelTitle": "Stop the Email Change",
  "emailChange.cancelIntro":
    "Stop the requested change of your sign-in email. Every device signed in to your account will be signed out.",
  "emailChange.cancelSubmit": "Stop the Change",
  "emailChange.cancelling": "Stopping...",
  "emailChange.cancelled":
    "The change was stopped: you still log in with your current email. If you did not ask for it, reset your password now.",
  "emailChange.resetPassword": "Reset your password",
  "error.emailChange": "Failed to confirm your new email",
  "error.emailChange.network": "Error confirming your new email, please try again later",
  "error.emailChangeCancel": "Failed to stop the email change",
  "error.emailChangeCancel.network": "Error stopping the email change, please try again later",
  "server.currentPasswordRequired": TEXTS.currentPasswordRequired,
  "server.emailChangeLinkInvalid": TEXTS.linkInvalid,
  "server.emailChangeLinkUsed": TEXTS.linkUsed,
  "server.emailChangeLinkReplaced": TEXTS.linkReplaced,
  "server.emailChangeLinkExpired": TEXTS.linkExpired,
  "server.emailChangeTaken": TEXTS.emailTaken,
  "server.emailChangeCancelInvalid": TEXTS.cancelInvalid,
  "server.emailChangeCancelTooLate": TEXTS.cancelTooLate,
  "server.emailChangeCancelExpired": TEXTS.cancelExpired,
} as const;
