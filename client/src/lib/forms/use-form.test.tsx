import { act, fireEvent, render, screen } from "@testing-library/react";
import { useRef, useState } from "react";
import { describe, expect, it } from "vitest";
import { useForm } from "./use-form.ts";

/** A bare field (this layer has no ui/): the input, aria-invalid and the error text. */
function Field({
  label,
  value,
  onValueChange,
  error,
}: {
  label: string;
  value: string;
  onValueChange(v: string): void;
  error?: string;
}) {
  return (
    <>
      <input
        aria-label={label}
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
        aria-invalid={error ? true : undefined}
      />
      {error ? <span>{error}</span> : null}
    </>
  );
}

/** A form whose rule ("name is required") loads on submit, as the storefront forms' zod rules do. */
function LazyRulesForm({ load }: { load(): Promise<boolean> }) {
  const rules = useRef<boolean | null>(null);
  const [sent, setSent] = useState<string[]>([]);
  const form = useForm(
    { name: "", note: "" },
    (v) => (rules.current && !v.name.trim() ? { name: "Name is required" } : {}),
    { prepare: async () => (rules.current ??= await load()) },
  );
  return (
    <form
      ref={form.formRef}
      onSubmit={(e) => void form.handleSubmit(async (v) => setSent((s) => [...s, v.name]))(e)}
    >
      <Field label="Note" {...form.field("note")} />
      <Field label="Name" {...form.field("name")} />
      <button type="submit">Send</button>
      <output>{`sent ${sent.length}: ${sent.join(",")}`}</output>
    </form>
  );
}

describe("useForm", () => {
  it("loads the rules before the first check, then shows errors and focuses the first invalid field", async () => {
    render(<LazyRulesForm load={async () => true} />);
    expect(screen.queryByText("Name is required")).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Send" })));
    expect(screen.getByText("Name is required")).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole("textbox", { name: "Name" }));
    expect(screen.getByText("sent 0:")).toBeTruthy();

    // After the first submit the errors follow the values.
    fireEvent.change(screen.getByRole("textbox", { name: "Name" }), { target: { value: "Kim" } });
    expect(screen.queryByText("Name is required")).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Send" })));
    expect(screen.getByText("sent 1: Kim")).toBeTruthy();
  });

  it("sends, for the server to check, when the rules fail to load", async () => {
    render(<LazyRulesForm load={() => Promise.reject(new Error("offline"))} />);
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Send" })));
    expect(screen.getByText("sent 1:")).toBeTruthy();
  });

  it("sends once while the rules are still loading, however often the reader submits", async () => {
    let release: (ok: boolean) => void = () => {};
    render(<LazyRulesForm load={() => new Promise<boolean>((r) => (release = r))} />);
    fireEvent.change(screen.getByRole("textbox", { name: "Name" }), { target: { value: "Kim" } });
    const send = screen.getByRole("button", { name: "Send" });
    await act(async () => {
      fireEvent.click(send);
      fireEvent.click(send);
    });
    await act(async () => release(true));
    expect(screen.getByText("sent 1: Kim")).toBeTruthy();
  });
});
