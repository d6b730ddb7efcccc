// The texts, limits and delays of spec 000 (store and account area), written here as the spec
// writes them. Code and other tests import the constants, so a changed constant would slip past
// them; this file is where such a change fails.
import { describe, expect, it } from "vitest";
import {
  GAME_SORTS,
  GAMES_DESKTOP_MIN_PX,
  GAMES_DIALOG_BELOW_PX,
  GAMES_PAGINATION_PAGES,
  GAMES_SEARCH_DEBOUNCE_MS,
  GAMES_TRENDING_COUNT,
} from "./content/games.ts";
import {
  ACTIVATION_TOKEN_TTL_SECONDS,
  BANNER_BACKGROUND_AUTOPLAY_MS,
  BANNER_CARD_AUTOPLAY_MS,
  BUY_AGAIN_REDIRECT_MS,
  BUY_AGAIN_TEXTS,
  CART_ALERTS,
  CART_ID_STORAGE_KEY,
  CART_LINE_QUANTITY_MAX,
  CART_LINE_QUANTITY_MIN,
  COMPATIBILITY_COLLAPSED_HEIGHT_PX,
  COMPATIBILITY_SCROLL_DELAY_MS,
  COPY_CONFIRMATION_MS,
  EMAIL_CHANGE_TOKEN_TTL_SECONDS,
  FALLBACKS,
  FINANCIAL_STATUS_LABELS,
  FULFILLMENT_STATUS_LABELS,
  financialStatusLabel,
  fulfillmentStatusLabel,
  LOGOUT_REFRESH_MS,
  MESSAGES,
  ORDERS_PAGE_DEFAULT,
  ORDERS_PAGE_MAX,
  OVERVIEW_ORDER_COUNT,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  RESET_TOKEN_TTL_SECONDS,
  SHARE_POPUP,
  SUBSCRIBE_COOKIE_MAX_AGE_SECONDS,
  SUBSCRIBE_DIALOG_DELAY_MS,
  SUBSCRIBE_DISCOUNT_PERCENT,
  TRACKABLE_FULFILLMENT_STATUSES,
} from "./index.ts";

describe("spec 000 §9 business constants", () => {
  it("keeps every limit and delay", () => {
    expect(ACTIVATION_TOKEN_TTL_SECONDS).toBe(172_800);
    expect(RESET_TOKEN_TTL_SECONDS).toBe(86_400);
    expect(PASSWORD_MIN_LENGTH).toBe(8);
    expect(OVERVIEW_ORDER_COUNT).toBe(3);
    expect(BUY_AGAIN_REDIRECT_MS).toBe(3_000);
    expect(LOGOUT_REFRESH_MS).toBe(500);
    expect(SUBSCRIBE_DIALOG_DELAY_MS).toBe(5_000);
    expect(SUBSCRIBE_COOKIE_MAX_AGE_SECONDS).toBe(86_400);
    expect(SUBSCRIBE_DISCOUNT_PERCENT).toBe(10);
    expect(COPY_CONFIRMATION_MS).toBe(2_000);
    expect(BANNER_BACKGROUND_AUTOPLAY_MS).toBe(5_000);
    expect(BANNER_CARD_AUTOPLAY_MS).toBe(3_000);
    expect(COMPATIBILITY_SCROLL_DELAY_MS).toBe(2_000);
    expect(COMPATIBILITY_COLLAPSED_HEIGHT_PX).toBe(260);
    expect(SHARE_POPUP).toEqual({ width: 600, height: 400 });
    expect(CART_ID_STORAGE_KEY).toBe("cartId");
  });

  it("keeps the limits the foundation issue sets", () => {
    expect(PASSWORD_MAX_LENGTH).toBe(128);
    expect(EMAIL_CHANGE_TOKEN_TTL_SECONDS).toBe(86_400);
    expect(ORDERS_PAGE_DEFAULT).toBe(10);
    expect(ORDERS_PAGE_MAX).toBe(50);
    expect([CART_LINE_QUANTITY_MIN, CART_LINE_QUANTITY_MAX]).toEqual([1, 99]);
  });
});

describe("spec 000 §4 status labels", () => {
  it("labels every financial status, and shows an unknown one raw", () => {
    expect(FINANCIAL_STATUS_LABELS).toEqual({
      PAID: "Paid",
      PENDING: "Pending",
      AUTHORIZED: "Authorized",
      PARTIALLY_PAID: "Partially Paid",
      REFUNDED: "Refunded",
      PARTIALLY_REFUNDED: "Partially Refunded",
      VOIDED: "Voided",
    });
    expect(financialStatusLabel("EXPIRED")).toBe("EXPIRED");
  });

  it("labels every fulfilment status; a missing one is Unfulfilled, an unknown one raw", () => {
    expect(FULFILLMENT_STATUS_LABELS).toEqual({
      FULFILLED: "Fulfilled",
      IN_PROGRESS: "In Progress",
      PARTIALLY_FULFILLED: "Partially Fulfilled",
      PENDING_FULFILLMENT: "Pending Fulfillment",
      RESTOCKED: "Restocked",
      UNFULFILLED: "Unfulfilled",
    });
    expect(fulfillmentStatusLabel(null)).toBe("Unfulfilled");
    expect(fulfillmentStatusLabel("LOST")).toBe("LOST");
    expect([...TRACKABLE_FULFILLMENT_STATUSES]).toEqual(["FULFILLED", "PARTIALLY_FULFILLED"]);
  });
});

describe("spec 000 texts (§4, §5, §6, §8)", () => {
  it("keeps the validation and permission texts", () => {
    expect(MESSAGES).toMatchObject({
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
    });
  });

  it("keeps the Buy Again and Add to Cart texts", () => {
    expect(BUY_AGAIN_TEXTS).toEqual({
      adding: "Adding...",
      success: "Items successfully added to cart! Redirecting to cart...",
    });
    expect(CART_ALERTS).toEqual({ added: "Item added to cart", failed: "Failed to add item to cart" });
  });

  it("keeps every fallback of the error catalogue", () => {
    expect(FALLBACKS).toEqual({
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
    });
  });
});

describe("spec 001 §5, §9 games constants", () => {
  it("keeps the debounce, the pagination window, the trending count, the breakpoints and the sorts", () => {
    expect(GAMES_SEARCH_DEBOUNCE_MS).toBe(300);
    expect(GAMES_PAGINATION_PAGES).toBe(7);
    expect(GAMES_TRENDING_COUNT).toBe(4);
    expect(GAMES_DESKTOP_MIN_PX).toBe(1280);
    expect(GAMES_DIALOG_BELOW_PX).toBe(768);
    expect(GAME_SORTS.map((s) => [s.label, s.value])).toEqual([
      ["Featured", 1],
      ["A to Z", 2],
      ["Z to A", 3],
    ]);
  });
});
