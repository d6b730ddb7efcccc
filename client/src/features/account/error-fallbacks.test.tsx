// Spec 000 §8: when the server answers without a text, each area shows its first fallback; when
// the request fails outright (no answer), its second. One table for the twelve areas whose texts
// no other test shows (login, password, orders and reordering have theirs beside their pages).
import { fireEvent, screen, within } from "@testing-library/react";
import { CART_ID_STORAGE_KEY, FALLBACKS } from "@vela/shared";
import { describe, expect, it } from "vitest";
import { ApiFailure, type Handlers } from "../../test/api-mock.ts";
import { CART_ID, makeAddress, makeCart, makeCustomer, makeOrder } from "../../test/fixtures.ts";
import { renderApp } from "../../test/render.tsx";

type Failure = "answer without a text" | "network error";

const failing = (failure: Failure) => () => {
  if (failure === "answer without a text") throw new ApiFailure("INTERNAL_SERVER_ERROR", "");
  throw new TypeError("Failed to fetch");
};

const fill = (label: string, value: string, scope: Pick<typeof screen, "getByLabelText"> = screen) =>
  fireEvent.change(scope.getByLabelText(label), { target: { value } });

const ISSUED_SECONDS = 1_767_000_000;

const addressBook = {
  "addresses.list": () => ({ addresses: [makeAddress(1), makeAddress(2)], defaultAddress: makeAddress(1) }),
};
const addressCard = async (name: string) =>
  within((await screen.findByText(name)).closest("li") as HTMLElement);

interface Area {
  area: string;
  /** [the answer without a text, the network error] */
  texts: readonly [string, string];
  path: string;
  /** The handlers, with `fail` answering the call under test. */
  handlers(fail: () => never): Handlers;
  /** What the reader does to make the call, if loading the page does not. */
  act?(): Promise<void>;
  setup?(): void;
  clock?: () => number;
}

const AREAS: Area[] = [
  {
    area: "register",
    texts: [FALLBACKS.register[0], FALLBACKS.register[1]],
    path: "/account/register",
    handlers: (fail) => ({ "account.register": fail }),
    async act() {
      await screen.findByRole("heading", { level: 1, name: "Create Account" });
      fill("First name", "Ada");
      fill("Last name", "Lovelace");
      fill("Email", "ada@vela.test");
      fill("Password", "long-enough-1");
      fill("Confirm password", "long-enough-1");
      fireEvent.click(screen.getByRole("button", { name: "Create Account" }));
    },
  },
  {
    area: "recover",
    texts: [FALLBACKS.recover[0], FALLBACKS.recover[1]],
    path: "/account/recover",
    handlers: (fail) => ({ "account.recover": fail }),
    async act() {
      fireEvent.change(await screen.findByLabelText("Email"), { target: { value: "ada@vela.test" } });
      fireEvent.click(screen.getByRole("button", { name: "Send Reset Link" }));
    },
  },
  {
    area: "reset",
    texts: [FALLBACKS.reset[0], FALLBACKS.reset[1]],
    path: `/account/reset?customerId=7&token=tok123&timestamp=${ISSUED_SECONDS}`,
    clock: () => (ISSUED_SECONDS + 60) * 1000,
    handlers: (fail) => ({ "account.reset": fail }),
    async act() {
      fireEvent.change(await screen.findByLabelText("New password"), { target: { value: "new-password-1" } });
      fill("Confirm password", "new-password-1");
      fireEvent.click(screen.getByRole("button", { name: "Reset Password" }));
    },
  },
  {
    area: "profile",
    texts: [FALLBACKS.profile[0], FALLBACKS.profile[1]],
    path: "/account/profile",
    handlers: (fail) => ({
      "account.me": () => ({ customer: makeCustomer() }),
      "account.updateProfile": fail,
    }),
    async act() {
      const profile = within(await screen.findByRole("form", { name: "Personal Information" }));
      fill("First name", "Dani", profile);
      fireEvent.click(profile.getByRole("button", { name: "Save Changes" }));
    },
  },
  {
    area: "address save",
    texts: [FALLBACKS.addressSave[0], FALLBACKS.addressSave[1]],
    path: "/account/addresses",
    handlers: (fail) => ({ ...addressBook, "addresses.update": fail }),
    async act() {
      fireEvent.click(
        (await addressCard("Dana Demo 2")).getByRole("button", { name: "Edit: 2 Market St, San Francisco" }),
      );
      fireEvent.click(await screen.findByRole("button", { name: "Save Address" }));
    },
  },
  {
    area: "address delete",
    texts: [FALLBACKS.addressDelete[0], FALLBACKS.addressDelete[1]],
    path: "/account/addresses",
    handlers: (fail) => ({ ...addressBook, "addresses.delete": fail }),
    async act() {
      fireEvent.click(
        (await addressCard("Dana Demo 2")).getByRole("button", {
          name: "Delete: 2 Market St, San Francisco",
        }),
      );
      fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Delete" }));
    },
  },
  {
    area: "set default",
    texts: [FALLBACKS.setDefault[0], FALLBACKS.setDefault[1]],
    path: "/account/addresses",
    handlers: (fail) => ({ ...addressBook, "addresses.setDefault": fail }),
    async act() {
      fireEvent.click(
        (await addressCard("Dana Demo 2")).getByRole("button", {
          name: "Set as Default: 2 Market St, San Francisco",
        }),
      );
    },
  },
  {
    area: "customer",
    texts: [FALLBACKS.customer[0], FALLBACKS.customer[1]],
    path: "/account",
    handlers: (fail) => ({
      "account.me": fail,
      "orders.list": () => ({ orders: { edges: [], pageInfo: { hasNextPage: false, endCursor: null } } }),
    }),
  },
  {
    area: "addresses",
    texts: [FALLBACKS.addresses[0], FALLBACKS.addresses[1]],
    path: "/account/addresses",
    handlers: (fail) => ({ "addresses.list": fail }),
  },
  {
    area: "order detail",
    texts: [FALLBACKS.orderDetail[0], FALLBACKS.orderDetail[1]],
    path: "/account/orders/1042",
    handlers: (fail) => ({ "orders.byId": fail }),
  },
  {
    // No cart id stored: Buy Again makes a cart first, and that fails. Without a cart there is
    // nothing to reorder into, so both failures say so.
    area: "cart create",
    texts: [FALLBACKS.cart[0], FALLBACKS.cart[0]],
    path: "/account/orders/1042",
    handlers: (fail) => ({ "orders.byId": () => ({ order: makeOrder(1042) }), "cart.create": fail }),
    async act() {
      fireEvent.click(await screen.findByRole("button", { name: "Buy Again" }));
    },
  },
  {
    area: "cart add",
    texts: [FALLBACKS.cart[1], FALLBACKS.cart[2]],
    path: "/account/orders/1042",
    setup: () => window.localStorage.setItem(CART_ID_STORAGE_KEY, CART_ID),
    handlers: (fail) => ({
      "orders.byId": () => ({ order: makeOrder(1042) }),
      "cart.get": () => makeCart([]),
      "cart.addLines": fail,
    }),
    async act() {
      fireEvent.click(await screen.findByRole("button", { name: "Buy Again" }));
    },
  },
];

const CASES = AREAS.flatMap((area) =>
  (["answer without a text", "network error"] as const).map(
    (failure, i) => [area.area, failure, area.texts[i] as string, area] as const,
  ),
);

describe("error fallbacks of spec 000 §8", () => {
  it("covers the twelve areas", () => {
    expect(AREAS).toHaveLength(12);
  });

  it.each(CASES)("%s, %s: shows '%s'", async (_area, failure, text, area) => {
    area.setup?.();
    renderApp(area.path, {
      handlers: area.handlers(failing(failure)),
      ...(area.clock ? { clock: area.clock } : {}),
    });
    await area.act?.();
    const alert = await screen.findByText((_content, element) =>
      Boolean(element?.getAttribute("role") === "alert" && element.textContent?.includes(text)),
    );
    expect(alert).toBeTruthy();
  });
});
