import { createContext, useContext } from "react";

export interface DialogOptions {
  title?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  /** The confirm button is red: the action destroys something. */
  danger?: boolean;
}

/**
 * The store's one alert and one confirm. The contract lives here, below `ui/`, so that hooks of
 * this layer (Add to Cart) can ask for a message; `ui/dialogs.tsx` draws them.
 */
export interface Dialogs {
  /** Resolves when the reader closes the message. */
  alert(message: string, options?: DialogOptions): Promise<void>;
  /** Resolves true for the confirm button, false for Cancel or Escape. */
  confirm(message: string, options?: DialogOptions): Promise<boolean>;
}

export const DialogsContext = createContext<Dialogs | null>(null);

export function useDialogs(): Dialogs {
  const value = useContext(DialogsContext);
  if (!value) throw new Error("useDialogs needs a <DialogsProvider> above it");
  return value;
}
