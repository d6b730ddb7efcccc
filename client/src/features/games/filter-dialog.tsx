import { type ReactNode, useRef, useState } from "react";
import { useI18n } from "../../lib/i18n.tsx";
import { Button } from "../../ui/button.tsx";
import { Dialog } from "../../ui/dialog.tsx";

/** Under 768 px the filters live in a dialog (spec 001 §9), on native <dialog>. */
export function FilterDialog({
  active,
  total,
  children,
}: {
  active: number;
  total: number;
  children: ReactNode;
}) {
  const { t, tn } = useI18n();
  const opener = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);

  return (
    <>
      <button
        type="button"
        className="btn btn-secondary"
        ref={opener}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        {active ? t("games.filtersCount", { count: active }) : t("games.filters")}
      </button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        returnFocusTo={opener}
        className="games-dialog"
        title={t("games.filters")}
        actions={
          <Button onClick={() => setOpen(false)}>{tn("games.showResults", total, { count: total })}</Button>
        }
      >
        {children}
      </Dialog>
    </>
  );
}
