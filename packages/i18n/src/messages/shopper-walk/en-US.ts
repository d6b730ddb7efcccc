/**
 * Texts of the places a shopper's walk through the store used to stop short: the sign-in page
 * after registering, and the kit finder's, contact form's and name/address forms' newer words.
 */
export const shopperWalkEnUS = {
  "login.noticeRegistered":
    "Thank you for registering. We have sent you an email. Enter your email and password below to continue.",
} as const;
