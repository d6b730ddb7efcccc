// A list's filters live in the page's URL (`?kind=staff.created&from=2026-01-01`): a reload, the
// back button and a shared link show the same list. Each list names its filter keys once.
import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router-dom";

export type Filters<K extends string> = Partial<Record<K, string>>;

export interface ListFilters<K extends string> {
  /** The filters set in the URL (an empty value counts as unset). */
  values: Filters<K>;
  /** Replaces the filters given (an empty or undefined value removes one); others stay. */
  set(next: Filters<K>): void;
  /** Removes every filter of this list. */
  clear(): void;
}

export function useListFilters<const K extends string>(keys: readonly K[]): ListFilters<K> {
  const [params, setParams] = useSearchParams();
  const signature = keys.join(" ");
  // biome-ignore lint/correctness/useExhaustiveDependencies: the keys are read through their signature.
  const values = useMemo(() => {
    const out: Filters<K> = {};
    for (const key of keys) {
      const value = params.get(key)?.trim();
      if (value) out[key] = value;
    }
    return out;
  }, [params, signature]);
  const set = useCallback(
    (next: Filters<K>) => {
      setParams((current) => {
        const copy = new URLSearchParams(current);
        for (const [key, value] of Object.entries(next) as [K, string | undefined][]) {
          if (value?.trim()) copy.set(key, value.trim());
          else copy.delete(key);
        }
        return copy;
      });
    },
    [setParams],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: the keys are read through their signature.
  const clear = useCallback(() => {
    setParams((current) => {
      const copy = new URLSearchParams(current);
      for (const key of keys) copy.delete(key);
      return copy;
    });
  }, [setParams, signature]);
  return { values, set, clear };
}
