import { type KeyboardEvent, type ReactNode, useId, useRef } from "react";

export interface TabsProps {
  /** Names the tab list for assistive technology. */
  label: string;
  /** One entry per tab; `key` is stable across renders. */
  tabs: ReadonlyArray<{ key: string; label: ReactNode }>;
  /** Index of the selected tab; the owner keeps it. */
  selected: number;
  onSelect(index: number): void;
  listClassName?: string;
  tabClassName?: string;
  panelClassName?: string;
  /** The selected tab's panel. */
  children: ReactNode;
}

/**
 * ARIA tabs (WAI-ARIA Authoring Practices, "Tabs with automatic activation"): one tab stop (roving
 * tabindex), Left/Right move and wrap, Home/End jump, the selected tab has aria-selected and
 * controls the one panel, which it labels. Every tab strip of the store is this one.
 */
export function Tabs({
  label,
  tabs,
  selected,
  onSelect,
  listClassName,
  tabClassName,
  panelClassName,
  children,
}: TabsProps) {
  const id = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const count = tabs.length;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target =
      event.key === "ArrowRight"
        ? (selected + 1) % count
        : event.key === "ArrowLeft"
          ? (selected - 1 + count) % count
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? count - 1
              : null;
    if (target === null || count === 0) return;
    event.preventDefault();
    onSelect(target);
    refs.current[target]?.focus();
  };

  return (
    <>
      <div role="tablist" aria-label={label} className={listClassName} onKeyDown={onKeyDown}>
        {tabs.map((tab, i) => (
          <button
            key={tab.key}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${i}`}
            aria-selected={i === selected}
            aria-controls={`${id}-panel`}
            tabIndex={i === selected ? 0 : -1}
            className={tabClassName}
            onClick={() => onSelect(i)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {count > 0 ? (
        <div
          role="tabpanel"
          id={`${id}-panel`}
          aria-labelledby={`${id}-tab-${selected}`}
          className={panelClassName}
        >
          {children}
        </div>
      ) : null}
    </>
  );
}
