/** Texts of spec 000 §5, §6 and §8, shared by the server's answers and the client's fallbacks. */
export const MESSAGES = {
  orderNotFound: "This order does not exist or you don't have permission to view it",
  passwordsMismatchRegister: "Password and confirmation password do not match",
  passwordRequired: "Password is required",
  passwordsMismatch: "Passwords do not match",
  newPasswordsMismatch: "New passwords do not match",
  newPasswordTooShort: "New password must be at least 8 characters long",
  passwordHint: "Password must be at least 8 characters",
  invalidActivationLink:
    "Invalid activation link. Please check your email for the correct link or contact support.",
  invalidResetLink:
    "Invalid password reset link. Please check your email for the correct link or request a new one.",
  activationLinkExpired: "This activation link has expired. Please request a new one.",
  resetLinkExpired: "This password reset link has expired. Please request a new one.",
  deleteAddressConfirm: "Are you sure you want to delete this address? This action cannot be undone.",
  invalidCredentials: "Login failed, please check your email and password",
  notSignedIn: "You need to sign in to do that",
  tooManyRequests: "Too many attempts. Please wait a moment and try again.",
  crossSite: "Cross-site requests are not allowed",
  jsonRequired: "Requests must be sent as JSON",
  currentPasswordWrong: "Current password is incorrect",
  emailTaken: "An account with this email already exists",
  addressNotFound: "Address not found",
  cartNotFound: "Cart not found",
  cartLineNotFound: "Cart line not found",
  variantUnavailable: "This product variant is not available",
  internal: "Something went wrong on our side. Please try again later.",
  busy: "The store is busy. Please try again in a moment.",
} as const;

/** Fallback texts of spec 000 §8: [the failure answer, the network or unexpected error]. */
export const FALLBACKS = {
  login: [
    "Login failed, please check your email and password",
    "An error occurred during login, please try again later",
  ],
  register: [
    "Registration failed, please try again later",
    "An error occurred during registration, please try again later",
  ],
  recover: [
    "Password recovery request failed, please try again later",
    "Error sending password recovery email, please try again later",
  ],
  activate: [
    "Account activation failed",
    "We could not activate your account. The activation link may be invalid or expired.",
  ],
  reset: [
    "Password reset failed",
    "We could not reset your password. The reset link may be invalid or expired.",
  ],
  password: ["Failed to update password", "Error updating password"],
  profile: ["Failed to update profile", "Error submitting profile"],
  addressSave: ["Failed to save address", "Error submitting address"],
  addressDelete: ["Failed to delete address", "Error deleting address"],
  setDefault: ["Failed to set default address", "Error setting default address"],
  customer: ["Failed to fetch customer information", "Error loading customer information"],
  addresses: ["Failed to fetch addresses", "Error loading addresses"],
  orders: ["Failed to fetch orders", "Error loading orders"],
  orderDetail: ["Failed to fetch order details", "Error loading order details"],
  cart: ["Failed to create cart", "Failed to add items to cart", "Error reordering items"],
  logout: ["Logout failed", "Error during logout"],
} as const satisfies Record<string, readonly string[]>;

export const CART_ALERTS = { added: "Item added to cart", failed: "Failed to add item to cart" } as const;
export const BUY_AGAIN_TEXTS = {
  adding: "Adding...",
  success: "Items successfully added to cart! Redirecting to cart...",
} as const;

/**
 * Texts of the sign-in email change: the profile answer, and the answers of the confirm link
 * (sent to the new address) and the stop link (sent to the old one).
 */
export const EMAIL_CHANGE_MESSAGES = {
  currentPasswordRequired: "Current password is required",
  linkInvalid: "This email change link is invalid. Please check your email for the correct link.",
  linkUsed: "This email change link has already been used.",
  linkReplaced:
    "This email change link no longer works: the change was stopped, or a newer change was requested.",
  linkExpired: "This email change link has expired. Please change your email again from your profile.",
  emailTaken: "This email address already belongs to another account, so your sign-in email was not changed.",
  cancelInvalid:
    "This link to stop an email change is invalid. Please check your email for the correct link.",
  cancelTooLate:
    "This email change can no longer be stopped here: it was already confirmed, stopped, or replaced by a newer request. If you did not ask for it, reset your password and contact support.",
  cancelExpired:
    "This link has expired, and so has the email change it was for unless it was confirmed. If your sign-in email was changed without you, reset your password and contact support.",
} as const;
