import { serverAnswered } from "../errors.ts";
import type { I18n } from "../i18n.tsx";
import { CartError } from "./use-cart.ts";

/**
 * Spec 000 §8 for the cart: the server's text, else 'Failed to create cart' when no cart
 * could be made, 'Failed to add items to cart' when the server refused the items, and
 * 'Error reordering items' when the request itself failed.
 */
export function cartErrorText({ t, serverText, errorText }: I18n, err: unknown): string {
  if (!(err instanceof CartError)) return t("error.cartReorder");
  if (err.step === "update") return errorText(err.cause, "cartUpdate");
  const message = serverAnswered(err.cause) ? (err.cause as Error).message.trim() : "";
  if (message) return serverText(message);
  if (err.step === "create") return t("error.cartCreate");
  return serverAnswered(err.cause) ? t("error.cartAdd") : t("error.cartReorder");
}
