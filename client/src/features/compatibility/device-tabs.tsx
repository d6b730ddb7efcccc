import type { CompatibilityTab } from "@vela/shared";
import { type CSSProperties, useState } from "react";
import { Tabs } from "../../ui/tabs.tsx";

/** The shared ARIA tabs over the glasses record's device tabs and their sub-lists. */
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
  const [index, setIndex] = useState(Math.min(Math.max(0, initial), Math.max(0, tabs.length - 1)));
  const tab = tabs[index];
  return (
    <div className="compat-tabs">
      <Tabs
        label={label}
        tabs={tabs.map((t) => ({ key: t.title, label: t.title }))}
        selected={index}
        onSelect={setIndex}
        listClassName="compat-tablist"
        tabClassName="compat-tab"
        panelClassName="compat-panel"
      >
        {tab ? (
          <>
            <p className="compat-subtitle">{tab.subtitle}</p>
            <div className="compat-grid" style={{ "--compat-columns": gridTemplateColumns } as CSSProperties}>
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
          </>
        ) : null}
      </Tabs>
    </div>
  );
}
