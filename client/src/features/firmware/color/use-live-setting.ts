import { useCallback, useEffect, useState } from "react";
import { usePreviewSender } from "./use-preview-sender.ts";

export type ApplyMessage = "applied" | "failed" | null;

/**
 * A setting edited live on the glasses (the colour sliders, the light strip; spec 001 §2, §9):
 * every change is previewed at once (throttled, the latest value always follows), Apply stores it
 * on the glasses, Reset goes back to the defaults (previewed, not applied). A value read from the
 * glasses replaces the edit and counts as applied. `dirty` says the glasses show something not yet
 * applied.
 */
export function useLiveSetting<T>({
  defaults,
  loaded,
  copy,
  same,
  preview,
  store,
}: {
  defaults(): T;
  /** The applied value read from the glasses; null until read. */
  loaded: T | null;
  copy(value: T): T;
  same(a: T, b: T): boolean;
  /** Shows a value on the glasses without storing it. */
  preview(value: T): Promise<void>;
  /** Stores a value on the glasses; null while there is nothing to store it on. */
  store: ((value: T) => Promise<void>) | null;
}) {
  const [value, setValue] = useState<T>(defaults);
  const [applied, setApplied] = useState<T | null>(null);
  const [message, setMessage] = useState<ApplyMessage>(null);
  const [applying, setApplying] = useState(false);
  const sender = usePreviewSender<T>(preview);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new read from the glasses is what resets the edit.
  useEffect(() => {
    if (!loaded) return;
    sender.cancel();
    setValue(copy(loaded));
    setApplied(copy(loaded));
    setMessage(null);
  }, [loaded, sender]);

  const change = useCallback(
    (next: T) => {
      setValue(next);
      setMessage(null);
      sender.push(next);
    },
    [sender],
  );

  const reset = () => change(defaults());

  const apply = async () => {
    if (!store) return;
    setApplying(true);
    setMessage(null);
    try {
      sender.cancel();
      await sender.idle();
      await store(value);
      setApplied(copy(value));
      setMessage("applied");
    } catch {
      setMessage("failed");
    } finally {
      setApplying(false);
    }
  };

  const dirty = applied !== null && !same(value, applied);
  return { value, change, reset, apply, applying, message, dirty };
}
