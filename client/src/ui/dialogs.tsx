import { type ReactNode, useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { type DialogOptions, type Dialogs, DialogsContext } from "../lib/dialogs.ts";
import { useI18n } from "../lib/i18n.tsx";
import { Button } from "./button.tsx";
import { Dialog } from "./dialog.tsx";

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
  // Answers wait until the dialog has closed and given focus back, so that whatever the caller
  // does next (move focus, open another dialog) comes after.
  const answered = useRef<Array<() => void>>([]);
  const done = useCallback((request: DialogRequest, confirmed: boolean) => {
    answered.current.push(() => request.resolve(confirmed));
    setQueue((q) => q.filter((r) => r.id !== request.id));
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each change of the queue.
  useEffect(() => {
    for (const answer of answered.current.splice(0)) answer();
  }, [queue]);

  return (
    <DialogsContext.Provider value={api}>
      {children}
      {current ? <MessageDialog key={current.id} request={current} onDone={done} /> : null}
    </DialogsContext.Provider>
  );
}

function MessageDialog({
  request,
  onDone,
}: {
  request: DialogRequest;
  onDone(request: DialogRequest, confirmed: boolean): void;
}) {
  const { t } = useI18n();
  const messageId = useId();
  const isConfirm = request.kind === "confirm";
  return (
    <Dialog
      open
      // Escape: an alert is read, a confirm is declined.
      onClose={() => onDone(request, false)}
      title={request.title}
      labelledBy={request.title ? undefined : messageId}
      describedBy={request.title ? messageId : undefined}
      actions={
        <>
          {isConfirm ? (
            // A confirm starts on Cancel, so a stray Enter destroys nothing.
            <Button variant="secondary" data-initial-focus onClick={() => onDone(request, false)}>
              {request.cancelLabel ?? t("common.cancel")}
            </Button>
          ) : null}
          <Button
            variant={request.danger ? "danger" : "primary"}
            data-initial-focus={isConfirm ? undefined : true}
            onClick={() => onDone(request, true)}
          >
            {request.confirmLabel ?? t("common.ok")}
          </Button>
        </>
      }
    >
      <p id={messageId} className="dialog-message">
        {request.message}
      </p>
    </Dialog>
  );
}
