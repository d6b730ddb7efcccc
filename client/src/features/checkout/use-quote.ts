import { useEffect, useRef, useState } from "react";
import { type RouterOutputs, useTRPCClient } from "../../lib/trpc.ts";

export type Quote = RouterOutputs["checkout"]["quote"]["quote"];
export type QuoteRequest = Parameters<ReturnType<typeof useTRPCClient>["checkout"]["quote"]["mutate"]>[0];

/**
 * The server's quote of the cart for what the form holds now: asked again (after a short pause
 * while typing) whenever the request changes; an answer to an older request is dropped.
 */
export function useQuote(request: QuoteRequest | null) {
  const client = useTRPCClient();
  const [quote, setQuote] = useState<Quote | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(false);
  const serial = useRef(0);
  const key = request ? JSON.stringify(request) : null;
  const [nonce, setNonce] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the request is read through its key.
  useEffect(() => {
    if (!request) return;
    const mine = ++serial.current;
    setLoading(true);
    const timer = setTimeout(() => {
      client.checkout.quote.mutate(request).then(
        (answer) => {
          if (mine !== serial.current) return;
          setQuote(answer.quote);
          setError(null);
          setLoading(false);
        },
        (err: unknown) => {
          if (mine !== serial.current) return;
          setError(err);
          setLoading(false);
        },
      );
    }, 250);
    return () => clearTimeout(timer);
  }, [key, client, nonce]);

  return { quote, error, loading, refetch: () => setNonce((n) => n + 1) };
}
