import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeAddress, makeCustomer } from "../../test/fixtures.ts";
import { renderApp } from "../../test/render.tsx";

/** The labels of a form's text fields, in the order a person meets them. */
// The address form's country, state and prefecture are lists: their selects are fields too.
const labelsIn = (root: HTMLElement) =>
  Array.from(root.querySelectorAll("input:not([type=checkbox]):not([type=hidden]), select")).map(
    (input) => root.querySelector(`label[for="${input.id}"]`)?.textContent?.replace(/\s*\(.*\)$/, "") ?? "",
  );

const HANAKO = makeAddress(1, {
  firstName: "花子",
  lastName: "佐藤",
  address1: "神南1-2-3",
  address2: "渋谷ビル4F",
  city: "渋谷区",
  province: "東京都",
  zip: "150-0041",
  country: "日本",
});

describe("names and addresses in the Japanese store", () => {
  it("registration asks for the family name (姓) before the given name (名)", async () => {
    renderApp("/account/register", { locale: "ja-JP" });
    const form = (await screen.findByLabelText("姓")).closest("form") as HTMLElement;
    expect(labelsIn(form).slice(0, 2)).toEqual(["姓", "名"]);
  });

  it("the English store keeps the given name first", async () => {
    renderApp("/account/register");
    const form = (await screen.findByLabelText("First name")).closest("form") as HTMLElement;
    expect(labelsIn(form).slice(0, 2)).toEqual(["First name", "Last name"]);
  });

  it("the overview shows 佐藤 花子", async () => {
    renderApp("/account", {
      locale: "ja-JP",
      handlers: {
        "account.me": () => ({ customer: makeCustomer({ firstName: "花子", lastName: "佐藤" }) }),
        "orders.list": () => ({ orders: { edges: [], pageInfo: { hasNextPage: false, endCursor: null } } }),
      },
    });
    expect(await screen.findByText("佐藤 花子")).toBeTruthy();
  });

  it("the address book shows the name family first and the address from the postcode down, and its form asks in that order", async () => {
    renderApp("/account/addresses", {
      locale: "ja-JP",
      handlers: {
        "addresses.list": () => ({ addresses: [HANAKO], defaultAddress: HANAKO }),
      },
    });
    const name = await screen.findByText("佐藤 花子");
    const lines = (name.closest("address") as HTMLElement).innerHTML
      .split("<br>")
      .map((l) => l.replace(/<[^>]+>/g, ""));
    expect(lines).toEqual(["佐藤 花子", "〒150-0041", "東京都 渋谷区", "神南1-2-3", "渋谷ビル4F", "日本"]);

    fireEvent.click(screen.getByRole("button", { name: "新しい住所を追加" }));
    const form = within(await screen.findByRole("form"))
      .getByLabelText("姓")
      .closest("form") as HTMLElement;
    expect(labelsIn(form)).toEqual([
      "姓",
      "名",
      "会社名",
      "郵便番号",
      "都道府県・州・地域",
      "市区町村",
      "住所",
      "建物名・部屋番号など",
      "国",
      "電話番号",
    ]);
  });
});
