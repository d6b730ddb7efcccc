/** Signing in to the admin: password, second factor, setting up the authenticator, the password link. */
export const adminAuthEnUS = {
  "admin.signIn.title": "Sign in to the admin",
  "admin.signIn.email": "Email",
  "admin.signIn.password": "Password",
  "admin.signIn.submit": "Sign in",
  "admin.signIn.submitting": "Signing in…",
  "admin.signIn.expired": "Your session has ended. Sign in again to continue where you were.",
  "admin.signIn.required": "Fill in this field",
  "admin.signIn.codeTitle": "Enter your code",
  "admin.signIn.codeIntro":
    "Open your authenticator app and enter the 6-digit code it shows for this store. Lost your phone? Enter one of your recovery codes instead.",
  "admin.signIn.code": "Code or recovery code",
  "admin.signIn.verify": "Continue",
  "admin.signIn.verifying": "Checking…",
  "admin.signIn.restart": "Sign in with another account",
  "admin.enrol.title": "Set up your authenticator app",
  "admin.enrol.required":
    "The store asks every member of staff for a second sign-in factor before they use the admin.",
  "admin.enrol.intro":
    "Scan this QR code with an authenticator app (such as 1Password, Google Authenticator or Microsoft Authenticator), then enter the 6-digit code it shows.",
  "admin.enrol.qr": "QR code to add this store to an authenticator app",
  "admin.enrol.secret": "Or type this key into the app:",
  "admin.enrol.starting": "Preparing a key…",
  "admin.enrol.code": "6-digit code from the app",
  "admin.enrol.confirm": "Confirm",
  "admin.enrol.confirming": "Checking…",
  "admin.enrol.codeFormat": "Enter the 6 digits the app shows",
  "admin.enrol.recoveryTitle": "Save your recovery codes",
  "admin.enrol.recoveryIntro":
    "Each of these codes signs you in once if you lose your phone. Keep them somewhere safe, such as a password manager: they will not be shown again.",
  "admin.enrol.recoveryList": "Recovery codes",
  "admin.enrol.saved": "I have saved them",
  "admin.enrol.already":
    "Your account already has an authenticator app. To set up another one, ask an owner to reset your second factor.",
  "admin.enrolOffer.text":
    "Your account has no second sign-in factor yet. Set up an authenticator app to protect it.",
  "admin.enrolOffer.setUp": "Set it up",
  "admin.enrolOffer.dismiss": "Not now",
  "admin.setupPassword.title": "Choose your password",
  "admin.setupPassword.intro":
    "Choose the password you will sign in to the admin with. This link works once.",
  "admin.setupPassword.password": "New password",
  "admin.setupPassword.confirm": "Repeat the password",
  "admin.setupPassword.hint": "At least {min} characters.",
  "admin.setupPassword.mismatch": "The passwords do not match",
  "admin.setupPassword.tooShort": "Use at least {min} characters",
  "admin.setupPassword.submit": "Set the password",
  "admin.setupPassword.submitting": "Saving…",
  "admin.setupPassword.done": "Your password is set. You can sign in with it now.",
  "admin.setupPassword.noToken":
    "This link is incomplete. Open the whole link you were given, or ask an owner for a new one.",
  "admin.setupPassword.signIn": "Go to sign-in",
} as const;
