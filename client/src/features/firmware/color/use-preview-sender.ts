import { useEffect, useRef } from "react";
import { LatestValueSender } from "../shared/latest-sender.ts";

/** How often a dragged slider is sent to the glasses at most (the last value always follows). */
export const PREVIEW_INTERVAL_MS = 40;

/**
 * One preview channel for the lifetime of a section: the latest `send` is used (it closes over
 * the current client), failures are ignored because the connection status already tells.
 */
export function usePreviewSender<T>(send: (value: T) => Promise<void>): LatestValueSender<T> {
  const sendRef = useRef(send);
  sendRef.current = send;
  const senderRef = useRef<LatestValueSender<T> | null>(null);
  senderRef.current ??= new LatestValueSender<T>((value) => sendRef.current(value), {
    minIntervalMs: PREVIEW_INTERVAL_MS,
  });
  const sender = senderRef.current;
  useEffect(() => () => sender.cancel(), [sender]);
  return sender;
}
