import { act, fireEvent, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { useDialogs } from "../lib/dialogs.ts";
import { renderWithProviders } from "../test/render.tsx";

function Harness() {
  const { alert, confirm } = useDialogs();
  const [result, setResult] = useState("none");
  return (
    <>
      <button
        type="button"
        onClick={() => void alert("Item added to cart").then(() => setResult("alert closed"))}
      >
        open alert
      </button>
      <button
        type="button"
        onClick={() =>
          void confirm("Delete it?", { confirmLabel: "Delete", danger: true }).then((ok) =>
            setResult(`confirm ${ok}`),
          )
        }
      >
        open confirm
      </button>
      <output>{result}</output>
    </>
  );
}

describe("dialogs", () => {
  it("alert shows the message in a modal dialog and resolves on OK", async () => {
    renderWithProviders(<Harness />);
    fireEvent.click(screen.getByRole("button", { name: "open alert" }));
    const dialog = await screen.findByRole("dialog", { name: "Item added to cart" });
    expect(dialog.hasAttribute("open")).toBe(true);
    expect(document.activeElement?.textContent).toBe("OK");
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "OK" })));
    expect(await screen.findByText("alert closed")).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("confirm starts on Cancel and resolves false for it, true for the confirm button", async () => {
    renderWithProviders(<Harness />);
    fireEvent.click(screen.getByRole("button", { name: "open confirm" }));
    await screen.findByRole("dialog", { name: "Delete it?" });
    expect(document.activeElement?.textContent).toBe("Cancel");
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Cancel" })));
    expect(await screen.findByText("confirm false")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "open confirm" }));
    await screen.findByRole("dialog");
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Delete" })));
    expect(await screen.findByText("confirm true")).toBeTruthy();
  });
});
