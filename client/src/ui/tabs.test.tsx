import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { Tabs } from "./tabs.tsx";

const TABS = ["One", "Two", "Three"].map((name) => ({ key: name, label: name }));

function Owner() {
  const [selected, setSelected] = useState(1);
  return (
    <Tabs label="Numbers" tabs={TABS} selected={selected} onSelect={setSelected}>
      panel of {TABS[selected]?.label}
    </Tabs>
  );
}

const tab = (name: string) => screen.getByRole("tab", { name });

describe("Tabs", () => {
  it("names the list, marks the selected tab and links it with the one panel", () => {
    render(<Owner />);
    expect(screen.getByRole("tablist", { name: "Numbers" })).toBeTruthy();
    expect(tab("Two").getAttribute("aria-selected")).toBe("true");
    expect(tab("One").getAttribute("aria-selected")).toBe("false");
    const panel = screen.getByRole("tabpanel", { name: "Two" });
    expect(panel.textContent).toBe("panel of Two");
    for (const name of ["One", "Two", "Three"])
      expect(tab(name).getAttribute("aria-controls")).toBe(panel.id);
  });

  it("has one tab stop, the selected tab (roving tabindex)", () => {
    render(<Owner />);
    expect(TABS.map((t) => tab(t.label).tabIndex)).toEqual([-1, 0, -1]);
    fireEvent.click(tab("Three"));
    expect(TABS.map((t) => tab(t.label).tabIndex)).toEqual([-1, -1, 0]);
    expect(screen.getByRole("tabpanel").textContent).toBe("panel of Three");
  });

  it("moves with the arrows (wrapping), Home and End, and focus follows", () => {
    render(<Owner />);
    tab("Two").focus();
    fireEvent.keyDown(tab("Two"), { key: "ArrowRight" });
    expect(document.activeElement).toBe(tab("Three"));
    expect(tab("Three").getAttribute("aria-selected")).toBe("true");
    fireEvent.keyDown(tab("Three"), { key: "ArrowRight" });
    expect(document.activeElement).toBe(tab("One"));
    fireEvent.keyDown(tab("One"), { key: "ArrowLeft" });
    expect(document.activeElement).toBe(tab("Three"));
    fireEvent.keyDown(tab("Three"), { key: "Home" });
    expect(document.activeElement).toBe(tab("One"));
    fireEvent.keyDown(tab("One"), { key: "End" });
    expect(document.activeElement).toBe(tab("Three"));
    expect(screen.getByRole("tabpanel", { name: "Three" })).toBeTruthy();
    fireEvent.keyDown(tab("Three"), { key: "a" });
    expect(tab("Three").getAttribute("aria-selected")).toBe("true");
  });
});
