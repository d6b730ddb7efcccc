import { CART_ID_STORAGE_KEY } from "@vela/shared";
import { useSyncExternalStore } from "react";

/**
 * The rule of the shared `ZCartId` schema (trimmed, 10 to 64 of A-Z a-z 0-9 _ -), written out so
 * that the first screen does not load zod for one check; cart-id.test.ts holds the two together.
 */
const CART_ID = /^[A-Za-z0-9_-]{10,64}$/;

export function isCartId(value: string): boolean {
  return CART_ID.test(value.trim());
}

/** The cart id lives in localStorage (spec 000 §3); every tab and component sees one value. */
const listeners = new Set<() => void>();

export function readCartId(): string | null {
  try {
    const value = window.localStorage.getItem(CART_ID_STORAGE_KEY);
    // A value that cannot be a cart id (hand-edited, another app's) counts as none.
    return value && isCartId(value) ? value : null;
  } catch {
    return null;
  }
}

export function writeCartId(id: string | null): void {
  try {
    if (id) window.localStorage.setItem(CART_ID_STORAGE_KEY, id);
    else window.localStorage.removeItem(CART_ID_STORAGE_KEY);
  } catch {
    // Storage may be off (private mode): the cart then lasts for this page only.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === CART_ID_STORAGE_KEY) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

export function useCartId(): string | null {
  return useSyncExternalStore(subscribe, readCartId, () => null);
}
