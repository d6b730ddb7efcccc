import { type ReactNode, useRef, useState } from "react";
import { useI18n } from "../../lib/i18n.tsx";
import { Button } from "../../ui/button.tsx";
import { Dialog } from "../../ui/dialog.tsx";

/**
 * Under 768 px the filters live in a dialog (spec 001 §9), on native <dialog>: a Close button at
 * the top, Escape and a tap outside close it; Reset all and Show N games share the bottom row.
 */
export function FilterDialog({
  active,
  total,
  onReset,
  children,
}: {
  active: number;
  total: number;
  onReset(): void;
  children: ReactNode;
}) {
  const { t, tn } = useI18n();
  const opener = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);

  return (
    <>
      <button
        type="button"
        className="btn btn-secondary games-filters-open"
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
        closeOnBackdrop
        headerAction={
          <button
            type="button"
            className="btn btn-secondary games-dialog-close"
            aria-label={t("common.close")}
            onClick={() => setOpen(false)}
          >
            <span aria-hidden="true">×</span>
          </button>
        }
        actions={
          <>
            <Button variant="secondary" onClick={onReset} disabled={active === 0}>
              {t("games.resetAll")}
            </Button>
            <Button onClick={() => setOpen(false)}>{tn("games.showResults", total, { count: total })}</Button>
          </>
        }
      >
        {children}
      </Dialog>
    </>
  );
}
