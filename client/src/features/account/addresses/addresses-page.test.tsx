import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { MESSAGES } from "@vela/shared";
import { describe, expect, it } from "vitest";
import { ApiFailure } from "../../../test/api-mock.ts";
import { makeAddress } from "../../../test/fixtures.ts";
import { renderApp } from "../../../test/render.tsx";

/** A tiny address book the handlers change, like the server would. */
function book(initial = [makeAddress(1), makeAddress(2)], defaultIndex: number | null = 0) {
  let addresses = [...initial];
  let defaultId = defaultIndex === null ? null : (addresses[defaultIndex]?.id ?? null);
  let next = 100;
  return {
    "addresses.list": () => ({
      addresses,
      defaultAddress: addresses.find((a) => a.id === defaultId) ?? null,
    }),
    "addresses.create": (input: unknown) => {
      const address = { ...makeAddress(next++), ...(input as object) };
      addresses.push(address);
      return { address };
    },
    "addresses.update": (input: unknown) => {
      const { id, address } = input as { id: string; address: object };
      addresses = addresses.map((a) => (a.id === id ? { ...a, ...address } : a));
      return { address: addresses.find((a) => a.id === id) };
    },
    "addresses.delete": (input: unknown) => {
      const { id } = input as { id: string };
      addresses = addresses.filter((a) => a.id !== id);
      if (defaultId === id) defaultId = addresses.at(-1)?.id ?? null;
      return { deletedAddressId: id };
    },
    "addresses.setDefault": (input: unknown) => {
      defaultId = (input as { id: string }).id;
      return { ok: true };
    },
  };
}

const card = (name: string) => within(screen.getByText(name).closest("li") as HTMLElement);

describe("addresses page", () => {
  it("lists addresses; Set as Default is hidden on the default one", async () => {
    renderApp("/account/addresses", { handlers: book() });
    expect(await screen.findByRole("heading", { level: 1, name: "Address Management" })).toBeTruthy();
    await screen.findByText("Dana Demo 1");
    expect(card("Dana Demo 1").getByText("Default")).toBeTruthy();
    expect(card("Dana Demo 1").queryByRole("button", { name: /Set as Default/ })).toBeNull();
    expect(
      card("Dana Demo 2").getByRole("button", { name: "Set as Default: 2 Market St, San Francisco" }),
    ).toBeTruthy();
  });

  it("sets another address as default and reloads", async () => {
    const { api } = renderApp("/account/addresses", { handlers: book() });
    await screen.findByText("Dana Demo 2");
    fireEvent.click(card("Dana Demo 2").getByRole("button", { name: /Set as Default/ }));
    await waitFor(() =>
      expect(card("Dana Demo 2").queryByRole("button", { name: /Set as Default/ })).toBeNull(),
    );
    expect(card("Dana Demo 1").getByRole("button", { name: /Set as Default/ })).toBeTruthy();
    expect(api.calls.find((c) => c.path === "addresses.setDefault")?.input).toEqual({
      id: "gid://vela/Address/2",
    });
  });

  it("lists the default address first, the others in the order they were saved", async () => {
    renderApp("/account/addresses", {
      handlers: book([makeAddress(1), makeAddress(2), makeAddress(3)], 2),
    });
    await screen.findByText("Dana Demo 3");
    const cards = [...document.querySelectorAll(".address-list > li")];
    const names = cards.map((li) => li.querySelector("strong")?.textContent);
    expect(names).toEqual(["Dana Demo 3", "Dana Demo 1", "Dana Demo 2"]);
    expect(card("Dana Demo 3").getByText("Default")).toBeTruthy();
  });

  it("asks before deleting, naming the address, with the spec's text; Cancel keeps the address", async () => {
    const { api } = renderApp("/account/addresses", { handlers: book() });
    await screen.findByText("Dana Demo 2");
    fireEvent.click(card("Dana Demo 2").getByRole("button", { name: "Delete: 2 Market St, San Francisco" }));
    // The dialog is named by the address; the spec's warning describes it.
    const dialog = await screen.findByRole("dialog", {
      name: "Delete the address 2 Market St, San Francisco?",
      description: MESSAGES.deleteAddressConfirm,
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(api.calls.some((c) => c.path === "addresses.delete")).toBe(false);

    fireEvent.click(card("Dana Demo 2").getByRole("button", { name: "Delete: 2 Market St, San Francisco" }));
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(screen.queryByText("Dana Demo 2")).toBeNull());
  });

  it("adds an address after inline validation, then returns to the reloaded list", async () => {
    const { api } = renderApp("/account/addresses", { handlers: book([], null) });
    expect(await screen.findByText("You haven't saved any addresses yet")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Add New Address" }));
    fireEvent.click(await screen.findByRole("button", { name: "Save Address" }));
    expect(await screen.findByText("First name is required")).toBeTruthy();
    expect(screen.getByText("Postal/ZIP code is required")).toBeTruthy();
    expect(screen.queryByText(/Company is required/)).toBeNull();
    expect(document.activeElement?.getAttribute("name")).toBe("firstName");
    expect(screen.getByLabelText("Address").getAttribute("autocomplete")).toBe("address-line1");

    const fill = (label: string, value: string) =>
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    fill("First name", "Ada");
    fill("Last name", "Lovelace");
    fill("Address", "12 St James's Square");
    fill("City", "London");
    // The country is a list (the US by default); the province is typed for the UK.
    fill("Country", "GB");
    fill("Province/State/Region", "London");
    fill("Postal/ZIP code", "SW1Y 4JH");
    fill("Phone (optional)", "not a phone!");
    fireEvent.click(screen.getByRole("button", { name: "Save Address" }));
    expect(await screen.findByText("Enter a valid phone number")).toBeTruthy();
    fill("Phone (optional)", "");
    fireEvent.click(screen.getByRole("button", { name: "Save Address" }));

    expect(await screen.findByText("Ada Lovelace")).toBeTruthy();
    expect(api.calls.find((c) => c.path === "addresses.create")?.input).toEqual({
      firstName: "Ada",
      lastName: "Lovelace",
      company: null,
      address1: "12 St James's Square",
      address2: null,
      city: "London",
      province: "London",
      country: "GB",
      zip: "SW1Y 4JH",
      phone: null,
    });
  });

  it("edits an address; Cancel returns to the list", async () => {
    const { api } = renderApp("/account/addresses", { handlers: book() });
    await screen.findByText("Dana Demo 2");
    fireEvent.click(card("Dana Demo 2").getByRole("button", { name: "Edit: 2 Market St, San Francisco" }));
    expect(await screen.findByRole("heading", { name: "Edit Address" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(await screen.findByText("Dana Demo 2")).toBeTruthy();

    fireEvent.click(card("Dana Demo 2").getByRole("button", { name: "Edit: 2 Market St, San Francisco" }));
    fireEvent.change(await screen.findByLabelText("City"), { target: { value: "Oakland" } });
    fireEvent.click(screen.getByRole("button", { name: "Save Address" }));
    await waitFor(() => expect(card("Dana Demo 2").getByText(/Oakland/)).toBeTruthy());
    expect(api.calls.find((c) => c.path === "addresses.update")?.input).toMatchObject({
      id: "gid://vela/Address/2",
      address: { city: "Oakland" },
    });
  });

  it("shows a save failure in a red box with the server's text", async () => {
    const handlers = {
      ...book(),
      "addresses.update": () => {
        throw new ApiFailure("NOT_FOUND", "Address not found");
      },
    };
    renderApp("/account/addresses", { handlers });
    await screen.findByText("Dana Demo 2");
    fireEvent.click(card("Dana Demo 2").getByRole("button", { name: "Edit: 2 Market St, San Francisco" }));
    fireEvent.click(await screen.findByRole("button", { name: "Save Address" }));
    expect((await screen.findByRole("alert")).textContent).toContain("Address not found");
  });

  it("sends a 401 to /account/login?redirect=/account/addresses", async () => {
    const { router } = renderApp("/account/addresses", {
      handlers: {
        "addresses.list": () => {
          throw new ApiFailure("UNAUTHORIZED", "You need to sign in to do that");
        },
      },
    });
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        "/account/login?redirect=/account/addresses",
      ),
    );
  });
});
