import { skipToken, useQuery, useQueryClient } from "@tanstack/react-query";
import { DEFAULT_STOREFRONT_CURRENCY, type StorefrontCurrency } from "@vela/shared";
import { useCallback, useEffect, useMemo } from "react";
import { isNotFound } from "../errors.ts";
import { useI18n } from "../i18n.tsx";
import { catalogLanguage, useStoreCurrency } from "../store-locale.ts";
import { type ApiClient, type RouterOutputs, useTRPC, useTRPCClient } from "../trpc.ts";
import { readCartId, useCartId, writeCartId } from "./cart-id.ts";

export type Cart = RouterOutputs["cart"]["get"]["cart"];
export type CartLine = Cart["lines"][number];
export interface CartItem {
  merchandiseId: string;
  quantity: number;
}

/** Which step failed, so the caller can pick the spec's text ('Failed to create cart'...). */
export class CartError extends Error {
  constructor(
    readonly step: "create" | "add" | "update",
    override readonly cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = "CartError";
  }
}

// One creation at a time, whichever component asks first.
let creating: Promise<string> | null = null;
// Carts being moved to another currency ("id:currency"), so that the many users of the cart ask once.
const moving = new Set<string>();

/**
 * The stored cart id, or a new cart when none is stored (spec 000 §7). Carts are made on the
 * first add rather than on every visit, so a passing visitor writes nothing. A new cart is priced
 * in the reader's store currency (USD unless told).
 */
export function ensureCartId(
  client: ApiClient,
  currencyCode: StorefrontCurrency = DEFAULT_STOREFRONT_CURRENCY,
): Promise<string> {
  const stored = readCartId();
  if (stored) return Promise.resolve(stored);
  creating ??= client.cart.create
    .mutate(currencyCode === DEFAULT_STOREFRONT_CURRENCY ? undefined : { currencyCode })
    .then(({ cart }) => {
      writeCartId(cart.id);
      return cart.id;
    })
    .catch((err: unknown) => {
      throw new CartError("create", err);
    })
    .finally(() => {
      creating = null;
    });
  return creating;
}

/** After sign-in: the browser's cart joins the customer's, and the browser keeps the result. */
export async function claimCart(client: ApiClient): Promise<void> {
  const { cart } = await client.cart.claim.mutate({ cartId: readCartId() });
  writeCartId(cart.id);
}

/** At sign-out the customer's cart stays with the account; the browser starts afresh. */
export function forgetCart(): void {
  writeCartId(null);
}

/**
 * The cart shared by the header's count, the cart page and every Add to Cart. Changes write
 * the server's answer into the query cache, so every view of the cart moves together.
 */
export function useCart() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const cartId = useCartId();
  const { locale } = useI18n();
  const language = useMemo(() => catalogLanguage(locale), [locale]);
  const currency = useStoreCurrency();

  const query = useQuery(
    trpc.cart.get.queryOptions(cartId ? { cartId, ...language } : skipToken, { retry: false }),
  );

  // The stored cart is gone (expired, or it belonged to a customer who signed out): forget it;
  // the next add makes a new one.
  useEffect(() => {
    if (cartId && query.error && isNotFound(query.error)) writeCartId(null);
  }, [cartId, query.error]);

  const store = useCallback(
    (id: string, cart: Cart) => {
      queryClient.setQueryData(trpc.cart.get.queryKey({ cartId: id, ...language }), { cart });
      // The cart read in any other language is stale too.
      void queryClient.invalidateQueries(trpc.cart.get.queryFilter({ cartId: id }));
    },
    [queryClient, trpc, language],
  );

  // A cart made in another store's currency (the reader switched language) moves to the reader's:
  // a Japanese reader pays in yen. Should the server refuse, the cart stays as it is.
  const loadedCurrency = query.data?.cart.currencyCode;
  useEffect(() => {
    const key = `${cartId}:${currency}`;
    if (!cartId || !loadedCurrency || loadedCurrency === currency || moving.has(key)) return;
    moving.add(key);
    client.cart.setCurrency
      .mutate({ cartId, currencyCode: currency, ...language })
      .then(({ cart }) => store(cartId, cart))
      .catch(() => undefined)
      .finally(() => moving.delete(key));
  }, [cartId, currency, loadedCurrency, client, store, language]);

  const addLines = useCallback(
    async (items: CartItem[]): Promise<Cart> => {
      let id = await ensureCartId(client, currency);
      const add = async (cartIdToUse: string) => {
        try {
          return (await client.cart.addLines.mutate({ cartId: cartIdToUse, items, ...language })).cart;
        } catch (err) {
          throw new CartError("add", err);
        }
      };
      let cart: Cart;
      try {
        cart = await add(id);
      } catch (err) {
        if (!(err instanceof CartError && isNotFound(err.cause))) throw err;
        // The stored cart vanished since we read it: start a new one and try once more.
        writeCartId(null);
        id = await ensureCartId(client, currency);
        cart = await add(id);
      }
      store(id, cart);
      return cart;
    },
    [client, store, currency, language],
  );

  const updateLine = useCallback(
    async (lineId: string, quantity: number): Promise<Cart> => {
      const id = readCartId();
      if (!id) throw new CartError("update", new Error("No cart"));
      try {
        const { cart } = await client.cart.updateLine.mutate({ cartId: id, lineId, quantity, ...language });
        store(id, cart);
        return cart;
      } catch (err) {
        throw new CartError("update", err);
      }
    },
    [client, store, language],
  );

  const removeLine = useCallback(
    async (lineId: string): Promise<Cart> => {
      const id = readCartId();
      if (!id) throw new CartError("update", new Error("No cart"));
      try {
        const { cart } = await client.cart.removeLine.mutate({ cartId: id, lineId, ...language });
        store(id, cart);
        return cart;
      } catch (err) {
        throw new CartError("update", err);
      }
    },
    [client, store, language],
  );

  const cart = cartId ? (query.data?.cart ?? null) : null;
  return useMemo(
    () => ({
      cartId,
      cart,
      count: cart?.totalQuantity ?? 0,
      isLoading: cartId !== null && query.isPending,
      error: query.error && !isNotFound(query.error) ? query.error : null,
      refetch: query.refetch,
      addLines,
      updateLine,
      removeLine,
    }),
    [cartId, cart, query.isPending, query.error, query.refetch, addLines, updateLine, removeLine],
  );
}
