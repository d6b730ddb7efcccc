import { BUY_AGAIN_REDIRECT_MS } from "@vela/shared";
import { useCallback, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router-dom";
import { type CartItem, useCart } from "../../../lib/cart/use-cart.ts";
import { PATHS } from "../../../lib/routes.ts";

export type BuyAgainState =
  | { step: "idle" }
  | { step: "adding" }
  | { step: "success" }
  | { step: "error"; error: unknown };

/**
 * Spec 000 §4: idle, then adding ('Adding...'), then success with its message and /cart
 * after 3 s; on failure the error shows and the button works again.
 */
export function useBuyAgain(items: CartItem[]) {
  const { addLines } = useCart();
  const navigate = useNavigate();
  const [state, setState] = useState<BuyAgainState>({ step: "idle" });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const buyAgain = useCallback(async () => {
    setState({ step: "adding" });
    try {
      await addLines(items);
      setState({ step: "success" });
      timer.current = setTimeout(() => navigate(PATHS.cart), BUY_AGAIN_REDIRECT_MS);
    } catch (error) {
      setState({ step: "error", error });
    }
  }, [addLines, items, navigate]);

  return { state, buyAgain };
}
