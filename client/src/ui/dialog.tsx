import { type ReactNode, type RefObject, useEffect, useId, useRef } from "react";

export interface DialogProps {
  /** Shown while true; the owner sets it false to close (or unmounts the dialog). */
  open: boolean;
  /** The reader asked to close (Escape). The owner sets `open` to false. */
  onClose(): void;
  /** The heading; the dialog is labelled by it. Without it, pass `labelledBy`. */
  title?: ReactNode;
  /** Id of the element that names the dialog, when it has no `title`. */
  labelledBy?: string;
  /** Id of the element that describes the dialog (an alert's message under its title). */
  describedBy?: string;
  /** Beside the heading, e.g. a Close button at the top. */
  headerAction?: ReactNode;
  /** The row of buttons at the bottom. */
  actions?: ReactNode;
  /**
   * False: focus goes to the dialog itself, not its first field (a dialog nobody asked for, on a
   * touch screen, must not open the on-screen keyboard). Default true.
   */
  focusFirstField?: boolean;
  /** A click or tap on the backdrop, outside the dialog's box, asks to close (as Escape does). */
  closeOnBackdrop?: boolean;
  /** Where focus goes back to on close; by default the element that had it when the dialog opened. */
  returnFocusTo?: RefObject<HTMLElement | null>;
  className?: string;
  children?: ReactNode;
}

const FIELD = "input:not([disabled]):not([type=hidden]), select:not([disabled]), textarea:not([disabled])";

/**
 * The store's one modal, on native <dialog> with showModal(): focus is trapped and Escape closes.
 * On open, focus goes to the element marked `data-initial-focus`, else the first form field, else
 * the dialog itself; on close it goes back to the opener. Every dialog of the store is this one.
 */
export function Dialog({
  open,
  onClose,
  title,
  labelledBy,
  describedBy,
  headerAction,
  actions,
  focusFirstField = true,
  closeOnBackdrop = false,
  returnFocusTo,
  className,
  children,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const openRef = useRef(open);
  openRef.current = open;
  const returnRef = useRef(returnFocusTo);
  returnRef.current = returnFocusTo;
  const focusFieldRef = useRef(focusFirstField);
  focusFieldRef.current = focusFirstField;

  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) {
      if (typeof dialog.showModal === "function") dialog.showModal();
      else dialog.setAttribute("open", "");
    }
    const first =
      dialog.querySelector<HTMLElement>("[data-initial-focus]") ??
      (focusFieldRef.current ? dialog.querySelector<HTMLElement>(FIELD) : null);
    (first ?? dialog).focus();
    return () => {
      if (dialog.open && typeof dialog.close === "function") dialog.close();
      const back = returnRef.current?.current ?? before;
      if (back?.isConnected) back.focus();
    };
  }, [open]);

  if (!open) return null;
  const heading = title ? (
    <h2 id={titleId} className="dialog-title">
      {title}
    </h2>
  ) : null;
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click is on the backdrop; the keyboard's way out is Escape, which <dialog> handles.
    <dialog
      ref={ref}
      className={["dialog", className].filter(Boolean).join(" ")}
      aria-labelledby={labelledBy ?? (title ? titleId : undefined)}
      aria-describedby={describedBy}
      tabIndex={-1}
      onClick={(e) => {
        // The backdrop belongs to the <dialog>: a click on it has the dialog as target and lies
        // outside its box (a click on the dialog's own padding is inside).
        if (!closeOnBackdrop || e.target !== e.currentTarget) return;
        const box = e.currentTarget.getBoundingClientRect();
        const inside =
          e.clientX >= box.left && e.clientX <= box.right && e.clientY >= box.top && e.clientY <= box.bottom;
        if (!inside) onCloseRef.current();
      }}
      onClose={(e) => {
        // A close event that arrives while the dialog is open again is stale: React's strict
        // development mode closes and reopens a dialog as it mounts it twice.
        if (e.currentTarget.open) return;
        // Only the reader's Escape asks; a close that the owner caused has already set `open`.
        if (openRef.current) onCloseRef.current();
      }}
    >
      {headerAction ? (
        <div className="dialog-head">
          {heading}
          {headerAction}
        </div>
      ) : (
        heading
      )}
      {children}
      {actions ? <div className="dialog-actions">{actions}</div> : null}
    </dialog>
  );
}
