import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp, renderWithProviders } from "../test/render.tsx";
import { SubmitButton } from "./button.tsx";
import { ExternalCard } from "./external-card.tsx";
import { EmailField, NameFields, NewPasswordFields, PasswordField, TextField } from "./field.tsx";

const bound = (value = "") => ({ value, onValueChange: () => {}, error: undefined });

describe("the account forms' shared fields", () => {
  it("EmailField is a required, labelled email field the browser can fill in", () => {
    renderWithProviders(<EmailField {...bound("a@b.test")} />);
    const input = screen.getByLabelText("Email") as HTMLInputElement;
    expect(input.type).toBe("email");
    expect(input.name).toBe("email");
    expect(input.autocomplete).toBe("email");
    expect(input.required).toBe(true);
    expect(input.value).toBe("a@b.test");
  });

  it("PasswordField asks for the current or a new password as its purpose says", () => {
    renderWithProviders(
      <>
        <PasswordField purpose="current" label="Password" name="password" {...bound()} />
        <PasswordField purpose="new" label="New password" name="newPassword" {...bound()} />
      </>,
    );
    const current = screen.getByLabelText("Password") as HTMLInputElement;
    const next = screen.getByLabelText("New password") as HTMLInputElement;
    expect([current.type, current.autocomplete, current.required]).toEqual([
      "password",
      "current-password",
      true,
    ]);
    expect([next.type, next.autocomplete, next.required]).toEqual(["password", "new-password", true]);
  });

  it("NewPasswordFields pairs the new password with a confirmation named confirmPassword", () => {
    renderWithProviders(
      <NewPasswordFields
        password={{ label: "New password", name: "newPassword", hint: "8 or more", ...bound() }}
        confirmLabel="Confirm"
        confirm={{ ...bound(), error: "They differ" }}
      />,
    );
    const confirm = screen.getByLabelText("Confirm") as HTMLInputElement;
    expect(confirm.name).toBe("confirmPassword");
    expect(confirm.autocomplete).toBe("new-password");
    expect(confirm.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("They differ").id).toBe(confirm.getAttribute("aria-describedby"));
    expect(screen.getByText("8 or more")).toBeTruthy();
  });

  it("NameFields gives the first and last name their autocomplete tokens", () => {
    renderWithProviders(<NameFields firstName={bound("Ada")} lastName={bound("Lovelace")} />);
    expect((screen.getByLabelText("First name") as HTMLInputElement).autocomplete).toBe("given-name");
    expect((screen.getByLabelText("Last name") as HTMLInputElement).autocomplete).toBe("family-name");
  });

  it('NameFields and a TextField given no type write type="text" out', () => {
    renderWithProviders(
      <>
        <NameFields firstName={bound("Ada")} lastName={bound("Lovelace")} />
        <TextField label="Title" {...bound()} />
        <TextField label="Phone" type="tel" {...bound()} />
      </>,
    );
    // The attribute itself: the DOM's .type says "text" for an input without one.
    for (const name of ["First name", "Last name", "Title"]) {
      expect(screen.getByLabelText(name).getAttribute("type"), name).toBe("text");
    }
    expect(screen.getByLabelText("Phone").getAttribute("type")).toBe("tel");
  });

  it.each([
    ["/account/register", "Create Account"],
    ["/contact", "Contact Us"],
  ])("every input of %s says its type, the name fields text with a name token", async (path, heading) => {
    renderApp(path);
    await screen.findByRole("heading", { level: 1, name: heading });
    const inputs = [...document.querySelectorAll("input")];
    expect(inputs.length).toBeGreaterThan(0);
    expect(inputs.filter((i) => !i.hasAttribute("type")).map((i) => i.outerHTML)).toEqual([]);
    const names = inputs.filter((i) => /name/i.test(i.getAttribute("autocomplete") ?? ""));
    expect(names.length).toBeGreaterThan(0);
    for (const input of names) expect(input.getAttribute("type")).toBe("text");
  });

  it("SubmitButton says what is happening while busy and cannot be pressed again", () => {
    const { rerender } = render(<SubmitButton busy={false} label="Save" busyLabel="Saving…" />);
    const button = screen.getByRole("button", { name: "Save" }) as HTMLButtonElement;
    expect([button.type, button.disabled]).toEqual(["submit", false]);
    rerender(<SubmitButton busy label="Save" busyLabel="Saving…" />);
    const busy = screen.getByRole("button", { name: "Saving…" }) as HTMLButtonElement;
    expect([busy.disabled, busy.getAttribute("aria-busy")]).toEqual([true, "true"]);
  });
});

describe("ExternalCard", () => {
  it("opens its link in a new window and tells screen readers so", () => {
    render(
      <ul>
        <ExternalCard
          card={{ image: "/a.svg", title: "Guide", link: "https://academy.test/a", desc: "Read it" }}
          className="tile-card"
          newWindow="(opens in a new window)"
        />
      </ul>,
    );
    const link = screen.getByRole("link", { name: /^Guide/ });
    expect(link.textContent).toBe("Guide (opens in a new window)");
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toBe("noopener noreferrer");
    expect(screen.getByText("Read it")).toBeTruthy();
  });
});
