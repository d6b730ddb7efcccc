import type { CompatibilityTab } from "@vela/shared";
import { type CSSProperties, type KeyboardEvent, useId, useRef, useState } from "react";

/** ARIA tabs (arrow keys, Home, End) over the glasses record's device tabs and their sub-lists. */
export function DeviceTabs({
  tabs,
  initial,
  gridTemplateColumns,
  label,
}: {
  tabs: CompatibilityTab[];
  initial: number;
  gridTemplateColumns: string;
  label: string;
}) {
  const id = useId();
  const [index, setIndex] = useState(Math.min(Math.max(0, initial), Math.max(0, tabs.length - 1)));
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const select = (i: number) => {
    const next = (i + tabs.length) % tabs.length;
    setIndex(next);
    refs.current[next]?.focus();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === "ArrowRight") select(index + 1);
    else if (e.key === "ArrowLeft") select(index - 1);
    else if (e.key === "Home") select(0);
    else if (e.key === "End") select(tabs.length - 1);
    else return;
    e.preventDefault();
  };
  const tab = tabs[index];
  return (
    <div className="compat-tabs">
      <div role="tablist" aria-label={label} className="compat-tablist" onKeyDown={onKeyDown}>
        {tabs.map((t, i) => (
          <button
            key={t.title}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${i}`}
            aria-selected={i === index}
            aria-controls={`${id}-panel`}
            tabIndex={i === index ? 0 : -1}
            className="compat-tab"
            onClick={() => setIndex(i)}
          >
            {t.title}
          </button>
        ))}
      </div>
      {tab ? (
        <div
          role="tabpanel"
          id={`${id}-panel`}
          aria-labelledby={`${id}-tab-${index}`}
          className="compat-panel"
        >
          <p className="compat-subtitle">{tab.subtitle}</p>
          <div className="compat-grid" style={{ gridTemplateColumns }}>
            {tab.list.map((sub) => (
              <div
                key={sub.title}
                className="compat-card"
                style={{ "--row-span": sub.rowSpan, "--col-span": sub.colSpan } as CSSProperties}
              >
                {sub.blackLogo ? (
                  <img className="compat-logo" src={sub.blackLogo} alt="" height={24} />
                ) : null}
                <h3>{sub.title}</h3>
                <ul>
                  {sub.list.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        </div>
      ) : null}
    </div>
  );
}
