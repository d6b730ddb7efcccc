import { act, fireEvent, render, screen } from "@testing-library/react";
import { type ReactNode, StrictMode, useRef, useState } from "react";
import { describe, expect, it } from "vitest";
import { Dialog } from "./dialog.tsx";

function Owner({ children, useReturnRef = false }: { children?: ReactNode; useReturnRef?: boolean }) {
  const [open, setOpen] = useState(false);
  const [closes, setCloses] = useState(0);
  const elsewhere = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open it
      </button>
      <button type="button" ref={elsewhere}>
        elsewhere
      </button>
      <output>closes {closes}</output>
      <Dialog
        open={open}
        onClose={() => {
          setCloses((n) => n + 1);
          setOpen(false);
        }}
        title="Help"
        returnFocusTo={useReturnRef ? elsewhere : undefined}
        actions={
          <button type="button" onClick={() => setOpen(false)}>
            Done
          </button>
        }
      >
        {children}
      </Dialog>
    </>
  );
}

function openIt() {
  const opener = screen.getByRole("button", { name: "open it" });
  opener.focus();
  fireEvent.click(opener);
  return { opener, dialog: screen.getByRole("dialog", { name: "Help" }) as HTMLDialogElement };
}

describe("Dialog", () => {
  it("is absent while closed, and opens modal, labelled by its title", () => {
    render(<Owner />);
    expect(screen.queryByRole("dialog")).toBeNull();
    const { dialog } = openIt();
    expect(dialog.open).toBe(true);
    expect(dialog.getAttribute("aria-labelledby")).toBe(screen.getByRole("heading", { name: "Help" }).id);
  });

  it("focuses the element marked data-initial-focus first", () => {
    render(
      <Owner>
        <input aria-label="name" />
        <button type="button" data-initial-focus>
          marked
        </button>
      </Owner>,
    );
    openIt();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "marked" }));
  });

  it("else the first form field, else the dialog itself", () => {
    const { unmount } = render(
      <Owner>
        <button type="button">a button</button>
        <input aria-label="email" />
      </Owner>,
    );
    openIt();
    expect(document.activeElement).toBe(screen.getByRole("textbox", { name: "email" }));
    unmount();

    render(<Owner>plain text</Owner>);
    const { dialog } = openIt();
    expect(document.activeElement).toBe(dialog);
  });

  it("Escape (the native close) asks the owner once, and focus goes back to the opener", async () => {
    render(<Owner />);
    const { opener, dialog } = openIt();
    await act(async () => dialog.close());
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.getByText("closes 1")).toBeTruthy();
    expect(document.activeElement).toBe(opener);
  });

  it("closed by its owner, it does not ask again and gives focus back", async () => {
    render(<Owner />);
    const { opener } = openIt();
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Done" })));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.getByText("closes 0")).toBeTruthy();
    expect(document.activeElement).toBe(opener);
  });

  it("gives focus to returnFocusTo when the owner names one", async () => {
    render(<Owner useReturnRef />);
    openIt();
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Done" })));
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "elsewhere" }));
  });
});

describe("Dialog in React's strict development mode", () => {
  it("ignores a close event that arrives while it is open again (the first mount's clean-up)", async () => {
    render(
      <StrictMode>
        <Owner />
      </StrictMode>,
    );
    act(() => fireEvent.click(screen.getByRole("button", { name: "open it" })));
    const dialog = screen.getByRole("dialog", { name: "Help" });
    expect(dialog.hasAttribute("open")).toBe(true);
    // Browsers fire the clean-up's close event after the second mount has reopened the dialog.
    act(() => {
      dialog.dispatchEvent(new Event("close"));
    });
    expect(dialog.hasAttribute("open")).toBe(true);
    expect(screen.getByText("closes 0")).toBeTruthy();
  });
});
