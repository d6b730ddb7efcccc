import {
  BUY_AGAIN_TEXTS,
  CART_ALERTS,
  FALLBACKS,
  FINANCIAL_STATUS_LABELS as FIN,
  FULFILLMENT_STATUS_LABELS as FUL,
  MESSAGES,
  TEXT_FIELD_MESSAGES,
} from "@vela/shared";
import { addressEnUS } from "./address/en-US.ts";
import type { adminEnUS } from "./admin/en-US.ts";
import { checkoutEnUS } from "./checkout/en-US.ts";
import { contentEnUS } from "./content/en-US.ts";
import { emailChangeEnUS } from "./email-change/en-US.ts";
import type { firmwareEnUS } from "./firmware/en-US.ts";
import type { legalEnUS } from "./legal/en-US.ts";
import { legalLinksEnUS } from "./legal-links/en-US.ts";
import { noScriptEnUS } from "./no-script/en-US.ts";
import type { privacyEnUS } from "./privacy/en-US.ts";
import { returnsEnUS } from "./returns/en-US.ts";
import { searchEnUS } from "./search/en-US.ts";
import { seoEnUS } from "./seo/en-US.ts";
import { shopperPanelsEnUS } from "./shopper-panels/en-US.ts";
import { shopperWalkEnUS } from "./shopper-walk/en-US.ts";
import { stockDeliveryEnUS } from "./stock-delivery/en-US.ts";
import { storefrontEnUS } from "./storefront/en-US.ts";

// The shared label tables are Record<string, string>; these read them as plain strings.
const fin = (status: string): string => FIN[status] ?? status;
const ful = (status: string): string => FUL[status] ?? status;

/**
 * The source catalogue: its keys are the keys of every other language. Texts the spec fixes
 * (errors, fallbacks, status labels, Buy Again) come from @vela/shared so they are written once.
 * `{name}` marks a parameter.
 */
export const enUS = {
  // Shell
  "layout.skipToContent": "Skip to content",
  "layout.mainNav": "Main",
  "layout.home": "Home",
  "layout.products": "Products",
  "layout.account": "Account",
  "layout.cart": "Cart",
  "layout.cartCount": "Cart, {count} items",
  "layout.language": "Language",
  "layout.footerNav": "Footer",
  "layout.privacy": "Privacy Policy",
  "layout.copyright": "© {year} {brand}. All rights reserved.",
  "home.title": "Welcome to {brand}",
  "home.intro": "XR glasses and accessories for work, play and travel.",
  "home.shop": "Shop all products",
  "home.account": "Go to your account",
  "notFound.title": "Page not found",
  "notFound.body": "The page you are looking for does not exist or has moved.",
  "notFound.home": "Back to the home page",

  // Shared pieces
  "common.loading": "Loading...",
  "common.retry": "Retry",
  "common.ok": "OK",
  "common.cancel": "Cancel",
  "common.close": "Close",
  "common.delete": "Delete",
  "common.optional": "optional",
  "common.errorTitle": "Something went wrong",
  "form.required": "{field} is required",
  "form.invalidEmail": "Enter a valid email address",
  "form.invalidPhone": "Enter a valid phone number",
  "form.tooLong": "{field} must be at most {max} characters",
  "form.errorSummary": "Please correct the highlighted fields.",

  // Field labels
  "field.firstName": "First name",
  "field.lastName": "Last name",
  "field.email": "Email",
  "field.phone": "Phone",
  "field.password": "Password",
  "field.confirmPassword": "Confirm password",
  "field.currentPassword": "Current password",
  "field.newPassword": "New password",
  "field.confirmNewPassword": "Confirm new password",
  "field.company": "Company",
  "field.address1": "Address",
  "field.address2": "Apartment, suite, etc.",
  "field.city": "City",
  "field.province": "Province/State/Region",
  "field.country": "Country",
  "field.zip": "Postal/ZIP code",

  // Order statuses (spec 000 §4)
  "status.financial.PAID": fin("PAID"),
  "status.financial.PENDING": fin("PENDING"),
  "status.financial.AUTHORIZED": fin("AUTHORIZED"),
  "status.financial.PARTIALLY_PAID": fin("PARTIALLY_PAID"),
  "status.financial.REFUNDED": fin("REFUNDED"),
  "status.financial.PARTIALLY_REFUNDED": fin("PARTIALLY_REFUNDED"),
  "status.financial.VOIDED": fin("VOIDED"),
  "status.fulfillment.FULFILLED": ful("FULFILLED"),
  "status.fulfillment.IN_PROGRESS": ful("IN_PROGRESS"),
  "status.fulfillment.PARTIALLY_FULFILLED": ful("PARTIALLY_FULFILLED"),
  "status.fulfillment.PENDING_FULFILLMENT": ful("PENDING_FULFILLMENT"),
  "status.fulfillment.RESTOCKED": ful("RESTOCKED"),
  "status.fulfillment.UNFULFILLED": ful("UNFULFILLED"),

  // Account navigation
  "account.nav.label": "My Account sections",
  "account.nav.overview": "Account Overview",
  "account.nav.orders": "Orders",
  "account.nav.addresses": "Addresses",
  "account.nav.profile": "Profile Settings",

  // Overview
  "overview.title": "My Account",
  "overview.details": "Account details",
  "overview.name": "Name",
  "overview.email": "Email",
  "overview.phone": "Phone",
  "overview.createdAt": "Customer since",
  "overview.logout": "Logout",
  "overview.loggingOut": "Logging out...",
  "overview.recentOrders": "Recent Orders",
  "overview.allOrders": "View all orders",
  "overview.defaultAddress": "Default address",

  // Orders
  "orders.title": "My Orders",
  "orders.order": "Order #{number}",
  "orders.date": "Date",
  "orders.payment": "Payment",
  "orders.fulfillment": "Fulfillment",
  "orders.total": "Total",
  "orders.view": "View order #{number}",
  "orders.loadMore": "Load More Orders",
  "orders.loadingMore": "Loading more orders...",
  "orders.empty": "You don't have any orders yet",
  "orders.shop": "Start shopping",

  // Order detail
  "order.title": "Order #{number}",
  "order.processedAt": "Placed on {date}",
  "order.paymentStatus": "Payment status",
  "order.fulfillmentStatus": "Fulfillment status",
  // The payment as Stripe reports it (orders paid with Stripe only).
  "order.payment.label": "Payment",
  "order.payment.requires_capture": "authorized, taken when your order ships",
  "order.payment.succeeded": "paid",
  "order.payment.processing": "processing: we'll email you when it's confirmed",
  "order.payment.canceled": "canceled: nothing was taken",
  "order.payment.konbini": "awaiting payment at a convenience store until {date} (payment number {number})",
  "order.payment.disputed": "disputed with your card issuer",
  "order.trackPackage": "Track Package",
  "order.buyAgain": "Buy Again",
  "order.adding": BUY_AGAIN_TEXTS.adding,
  "order.buyAgainSuccess": BUY_AGAIN_TEXTS.success,
  "order.shippingAddress": "Shipping Address",
  "order.tracking": "Tracking Information",
  "order.trackingCompany": "Carrier",
  "order.trackingNumber": "Tracking number",
  "order.summary": "Order Summary",
  "order.subtotal": "Subtotal",
  "order.shipping": "Shipping",
  "order.tax": "Tax",
  "order.total": "Total",
  "order.items": "Items",
  "order.quantity": "Quantity: {quantity}",
  "order.unitPrice": "Unit price",
  "order.lineTotal": "Line total",
  "order.addToCart": "Add to Cart",
  "order.addToCartLabel": "Add to Cart: {title}",
  "order.back": "Back to Order List",
  "order.notFoundTitle": "Order Not Found",
  "order.notFoundBody": MESSAGES.orderNotFound,

  // Addresses
  "addresses.title": "Address Management",
  "addresses.add": "Add New Address",
  "addresses.addTitle": "Add New Address",
  "addresses.editTitle": "Edit Address",
  "addresses.edit": "Edit",
  "addresses.editLabel": "Edit: {place}",
  "addresses.delete": "Delete",
  "addresses.deleteLabel": "Delete: {place}",
  "addresses.setDefault": "Set as Default",
  "addresses.setDefaultLabel": "Set as Default: {place}",
  "addresses.default": "Default",
  "addresses.empty": "You haven't saved any addresses yet",
  "addresses.deleteConfirm": MESSAGES.deleteAddressConfirm,
  "addresses.save": "Save Address",
  "addresses.saving": "Saving...",

  // Profile
  "profile.title": "Profile Settings",
  "profile.personal": "Personal Information",
  "profile.acceptsMarketing": "Email me with news and offers",
  "profile.emailNote":
    "If you change your email address, we send a link to the new one. Once you follow it, use the new one the next time you log in.",
  "profile.currentPasswordForEmail": "Current password (needed to change your email)",
  "profile.save": "Save Changes",
  "profile.saving": "Saving...",
  "profile.saved": "Your profile has been updated.",
  "password.title": "Change Password",
  "password.hint": MESSAGES.passwordHint,
  "password.mismatch": MESSAGES.newPasswordsMismatch,
  "password.tooShort": MESSAGES.newPasswordTooShort,
  "password.submit": "Update Password",
  "password.submitting": "Updating...",
  "password.updated": "Your password has been updated.",

  // Sign-in flows
  "login.title": "Login",
  "login.submit": "Login",
  "login.submitting": "Signing in...",
  "login.forgot": "Forgot your password?",
  "login.noAccount": "New customer?",
  "login.register": "Create an account",
  "login.noticeReset": "Your password has been reset. Please log in with your new password.",
  "login.noticeActivated": "Your account is now active. Please log in.",
  "register.title": "Create Account",
  "register.passwordPlaceholder": "At least 8 characters",
  "register.mismatch": MESSAGES.passwordsMismatchRegister,
  "register.submit": "Create Account",
  "register.submitting": "Creating account...",
  "register.haveAccount": "Already have an account?",
  "register.login": "Login",
  "recover.title": "Recover Password",
  "recover.intro": "Enter your email address and we will send you a link to reset your password.",
  "recover.submit": "Send Reset Link",
  "recover.submitting": "Sending...",
  "recover.sent": "If an account exists for this email, we have sent a link to reset your password.",
  "recover.back": "Back to login",
  "reset.title": "Reset Password",
  "reset.intro": "Choose a new password for your account.",
  "reset.submit": "Reset Password",
  "reset.submitting": "Resetting password...",
  "activate.title": "Activate Account",
  "activate.intro": "Choose a password to activate your account.",
  "activate.submit": "Activate Account",
  "activate.submitting": "Activating...",
  "link.passwordRequired": MESSAGES.passwordRequired,
  "link.mismatch": MESSAGES.passwordsMismatch,
  "link.invalidActivation": MESSAGES.invalidActivationLink,
  "link.invalidReset": MESSAGES.invalidResetLink,
  "link.expiredActivation": MESSAGES.activationLinkExpired,
  "link.expiredReset": MESSAGES.resetLinkExpired,
  "link.failed": "Failed: {message}",
  "link.retry": "Try again",
  "link.requestNew": "Request a new link",

  // Cart
  "cart.title": "Your Cart",
  "cart.itemAdded": CART_ALERTS.added,
  "cart.itemFailed": CART_ALERTS.failed,
  "cart.empty": "Your cart is empty",
  "cart.continue": "Continue shopping",
  "cart.items": "Items in your cart",
  "cart.unitPrice": "Price",
  "cart.quantity": "Quantity",
  "cart.quantityOf": "Quantity of {title}",
  "cart.decrease": "Decrease quantity of {title}",
  "cart.increase": "Increase quantity of {title}",
  "cart.remove": "Remove",
  "cart.removeLabel": "Remove: {title}",
  "cart.lineTotal": "Total",
  "cart.subtotal": "Subtotal",
  "cart.taxNote": "Taxes and shipping are calculated at checkout.",
  "cart.unavailable": "No longer available",

  // Fallback texts of spec 000 §8: the failure answer, then the network or unexpected error.
  "error.login": FALLBACKS.login[0],
  "error.login.network": FALLBACKS.login[1],
  "error.register": FALLBACKS.register[0],
  "error.register.network": FALLBACKS.register[1],
  "error.recover": FALLBACKS.recover[0],
  "error.recover.network": FALLBACKS.recover[1],
  "error.activate": FALLBACKS.activate[0],
  "error.activate.network": FALLBACKS.activate[1],
  "error.reset": FALLBACKS.reset[0],
  "error.reset.network": FALLBACKS.reset[1],
  "error.password": FALLBACKS.password[0],
  "error.password.network": FALLBACKS.password[1],
  "error.profile": FALLBACKS.profile[0],
  "error.profile.network": FALLBACKS.profile[1],
  "error.addressSave": FALLBACKS.addressSave[0],
  "error.addressSave.network": FALLBACKS.addressSave[1],
  "error.addressDelete": FALLBACKS.addressDelete[0],
  "error.addressDelete.network": FALLBACKS.addressDelete[1],
  "error.setDefault": FALLBACKS.setDefault[0],
  "error.setDefault.network": FALLBACKS.setDefault[1],
  "error.customer": FALLBACKS.customer[0],
  "error.customer.network": FALLBACKS.customer[1],
  "error.addresses": FALLBACKS.addresses[0],
  "error.addresses.network": FALLBACKS.addresses[1],
  "error.orders": FALLBACKS.orders[0],
  "error.orders.network": FALLBACKS.orders[1],
  "error.orderDetail": FALLBACKS.orderDetail[0],
  "error.orderDetail.network": FALLBACKS.orderDetail[1],
  "error.cartCreate": FALLBACKS.cart[0],
  "error.cartAdd": FALLBACKS.cart[1],
  "error.cartReorder": FALLBACKS.cart[2],
  "error.logout": FALLBACKS.logout[0],
  "error.logout.network": FALLBACKS.logout[1],
  // Cart page failures the spec does not name.
  "error.cart": "Failed to load your cart",
  "error.cart.network": "Error loading your cart",
  "error.cartUpdate": "Failed to update your cart",
  "error.cartUpdate.network": "Error updating your cart",

  // Texts the server answers with, so they can be shown in the reader's language.
  "server.notSignedIn": MESSAGES.notSignedIn,
  "server.tooManyRequests": MESSAGES.tooManyRequests,
  "server.crossSite": MESSAGES.crossSite,
  "server.jsonRequired": MESSAGES.jsonRequired,
  "server.currentPasswordWrong": MESSAGES.currentPasswordWrong,
  "server.emailTaken": MESSAGES.emailTaken,
  "server.addressNotFound": MESSAGES.addressNotFound,
  "server.cartNotFound": MESSAGES.cartNotFound,
  "server.cartLineNotFound": MESSAGES.cartLineNotFound,
  "server.variantUnavailable": MESSAGES.variantUnavailable,
  "server.internal": MESSAGES.internal,
  "server.busy": MESSAGES.busy,
  "server.registered": "Thank you for registering. Please check your email to continue.",
  "server.firstNameRequired": "First name is required",
  "server.lastNameRequired": "Last name is required",
  "server.addressRequired": "Address is required",
  "server.cityRequired": "City is required",
  "server.provinceRequired": "Province/State/Region is required",
  "server.countryRequired": "Country is required",
  "server.zipRequired": "Postal/ZIP code is required",
  // The storefront (catalogue and helper pages) keeps its texts in its own block.
  ...storefrontEnUS,
  // The glasses tools keep their texts in ./firmware, loaded with their pages
  // (catalogues.ts); the footer links to them, so their name is here.
  "firmware.nav.label": "Glasses tools",
  // The content site: release notes, games, home page, blog, mobile kit
  ...contentEnUS,
  // Changing the sign-in email
  ...emailChangeEnUS,
  // Checkout and the order confirmation
  ...checkoutEnUS,
  // Address lists and the answers to an address that does not fit its country
  ...addressEnUS,
  // Returns: the order page's return section, the guest's return page
  ...returnsEnUS,
  // The footer's link to the app release notes (spec 001 §2)
  "links.appReleaseNotes": "{app} release notes",

  // Text fields holding a control, line-break or bidi-override character (the shared schemas' texts).
  "textField.firstName": TEXT_FIELD_MESSAGES.firstName,
  "textField.lastName": TEXT_FIELD_MESSAGES.lastName,
  "textField.company": TEXT_FIELD_MESSAGES.company,
  "textField.address1": TEXT_FIELD_MESSAGES.address1,
  "textField.address2": TEXT_FIELD_MESSAGES.address2,
  "textField.city": TEXT_FIELD_MESSAGES.city,
  "textField.province": TEXT_FIELD_MESSAGES.province,
  "textField.country": TEXT_FIELD_MESSAGES.country,
  "textField.zip": TEXT_FIELD_MESSAGES.zip,
  "textField.contactName": TEXT_FIELD_MESSAGES.contactName,
  "textField.reviewTitle": TEXT_FIELD_MESSAGES.reviewTitle,
  "textField.contactMessage": TEXT_FIELD_MESSAGES.contactMessage,
  "textField.reviewBody": TEXT_FIELD_MESSAGES.reviewBody,

  // The cart line's quantity brought within its limits; an address named in its action buttons.
  "cart.quantityClamped": "Quantity set to {quantity}: it can be {min} to {max}.",
  "addresses.place": "{address1}, {city}",
  // Page descriptions for search results and link previews
  ...seoEnUS,
  // What a shopper's walk through the store needed: after registering, counted words, forms
  ...shopperWalkEnUS,
  // Stock and delivery: availability, arrival dates, the cart's stock cap, checkout's summary controls
  ...stockDeliveryEnUS,
  // The cart drawer, the docked subscribe offer, the named delete-address question
  ...shopperPanelsEnUS,
  // Notes beside forms and controls that need JavaScript, seen only with it turned off
  ...noScriptEnUS,
  // The legal pages' names in the footer and at checkout, and their descriptions
  ...legalLinksEnUS,
  // The header's search box and the results page
  ...searchEnUS,
} as const;

/** Every English text, the general ones and those of the areas loaded with their pages (the admin's too). */
export type EnglishTexts = typeof enUS &
  typeof firmwareEnUS &
  typeof privacyEnUS &
  typeof legalEnUS &
  typeof adminEnUS;
export type MessageKey = keyof EnglishTexts;
/** A complete translation: every key, any text. */
export type Catalogue = Record<MessageKey, string>;
/** A complete translation of the general texts (those loaded with the language). */
export type GeneralCatalogue = Record<keyof typeof enUS, string>;
