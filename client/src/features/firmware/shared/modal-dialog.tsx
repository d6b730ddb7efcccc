import { type ReactNode, useEffect, useId, useRef } from "react";

/**
 * A modal on native <dialog> with showModal(): focus moves in and is trapped, Escape closes,
 * and focus returns to where it was. `onClose` runs however the dialog was closed.
 */
export function ModalDialog({
  open,
  title,
  onClose,
  children,
  actions,
  className,
}: {
  open: boolean;
  title: string;
  onClose(): void;
  children: ReactNode;
  actions: ReactNode;
  className?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      const first = dialog.querySelector<HTMLElement>("[data-initial-focus]");
      first?.focus();
      return () => {
        if (dialog.open) dialog.close();
        before?.focus();
      };
    }
    return undefined;
  }, [open]);

  if (!open) return null;
  return (
    <dialog
      ref={ref}
      className={["dialog", className].filter(Boolean).join(" ")}
      aria-labelledby={titleId}
      onClose={() => onCloseRef.current()}
    >
      <h2 id={titleId} className="dialog-title">
        {title}
      </h2>
      {children}
      <div className="dialog-actions">{actions}</div>
    </dialog>
  );
}
