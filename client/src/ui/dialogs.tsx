import { type ReactNode, useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { type DialogOptions, type Dialogs, DialogsContext } from "../lib/dialogs.ts";
import { useI18n } from "../lib/i18n.tsx";
import { Button } from "./button.tsx";

interface DialogRequest extends DialogOptions {
  id: number;
  kind: "alert" | "confirm";
  message: string;
  resolve(confirmed: boolean): void;
}

/**
 * One alert and one confirm for the whole store, on native <dialog> with showModal(): focus
 * is trapped and Escape closes for free. Requests queue; one dialog shows at a time.
 */
export function DialogsProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<DialogRequest[]>([]);
  const nextId = useRef(1);

  const push = useCallback((request: Omit<DialogRequest, "id">) => {
    const id = nextId.current++;
    setQueue((q) => [...q, { ...request, id }]);
  }, []);

  const api = useMemo<Dialogs>(
    () => ({
      alert: (message, options) =>
        new Promise<void>((resolve) =>
          push({ ...options, kind: "alert", message, resolve: () => resolve() }),
        ),
      confirm: (message, options) =>
        new Promise<boolean>((resolve) => push({ ...options, kind: "confirm", message, resolve })),
    }),
    [push],
  );

  const current = queue[0];
  const done = useCallback((request: DialogRequest, confirmed: boolean) => {
    setQueue((q) => q.filter((r) => r.id !== request.id));
    request.resolve(confirmed);
  }, []);

  return (
    <DialogsContext.Provider value={api}>
      {children}
      {current ? <ModalDialog key={current.id} request={current} onDone={done} /> : null}
    </DialogsContext.Provider>
  );
}

function ModalDialog({
  request,
  onDone,
}: {
  request: DialogRequest;
  onDone(request: DialogRequest, confirmed: boolean): void;
}) {
  const { t } = useI18n();
  const ref = useRef<HTMLDialogElement>(null);
  const result = useRef(false);
  const finished = useRef(false);
  const returnFocus = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const messageId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || dialog.open) return;
    returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (typeof dialog.showModal === "function") dialog.showModal();
    else dialog.setAttribute("open", "");
    // A confirm starts on Cancel, so a stray Enter destroys nothing.
    dialog.querySelector<HTMLElement>("[data-initial-focus]")?.focus();
  }, []);

  const finish = () => {
    if (finished.current) return;
    finished.current = true;
    onDone(request, result.current);
    returnFocus.current?.focus();
  };

  const close = (confirmed: boolean) => {
    result.current = confirmed;
    const dialog = ref.current;
    if (dialog?.open && typeof dialog.close === "function") dialog.close();
    else finish();
  };

  const isConfirm = request.kind === "confirm";
  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={request.title ? titleId : messageId}
      aria-describedby={request.title ? messageId : undefined}
      onCancel={() => {
        result.current = false;
      }}
      onClose={finish}
    >
      {request.title ? (
        <h2 id={titleId} className="dialog-title">
          {request.title}
        </h2>
      ) : null}
      <p id={messageId} className="dialog-message">
        {request.message}
      </p>
      <div className="dialog-actions">
        {isConfirm ? (
          <Button variant="secondary" data-initial-focus onClick={() => close(false)}>
            {request.cancelLabel ?? t("common.cancel")}
          </Button>
        ) : null}
        <Button
          variant={request.danger ? "danger" : "primary"}
          data-initial-focus={isConfirm ? undefined : true}
          onClick={() => close(true)}
        >
          {request.confirmLabel ?? t("common.ok")}
        </Button>
      </div>
    </dialog>
  );
}
