import type { MessageKey } from "@vela/i18n";
import { GAME_SORTS, type GameSort } from "@vela/shared";
import { useEffect, useId, useRef, useState } from "react";
import { useI18n } from "../../lib/i18n.tsx";

export function SortPopover({ sort, onChange }: { sort: GameSort; onChange(sort: GameSort): void }) {
  const { t, tKey } = useI18n();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const label = (value: GameSort) => tKey(`games.sort.${value}` as MessageKey);

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    root.current?.querySelector<HTMLButtonElement>("[aria-pressed=true]")?.focus();
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  return (
    <div className="games-sort" ref={root}>
      <button
        ref={button}
        type="button"
        className="btn btn-secondary"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        {t("games.sortBy", { label: label(sort) })}
      </button>
      <div id={panelId} className="games-sort-panel" hidden={!open}>
        <ul aria-label={t("games.sortLabel")}>
          {GAME_SORTS.map((s) => (
            <li key={s.value}>
              <button
                type="button"
                aria-pressed={s.value === sort}
                data-sort={s.value}
                onClick={() => {
                  setOpen(false);
                  button.current?.focus();
                  if (s.value !== sort) onChange(s.value);
                }}
              >
                {label(s.value)}
              </button>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
