import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "../../../test/render.tsx";
import { AccountTabs } from "./account-tabs.tsx";
import { isTabActive } from "./tab-active.ts";

describe("isTabActive (spec 000 §2)", () => {
  it("a tab is active on its route and beneath it", () => {
    expect(isTabActive("/account/orders", "/account/orders")).toBe(true);
    expect(isTabActive("/account/orders", "/account/orders/")).toBe(true);
    expect(isTabActive("/account/orders", "/account/orders/1001")).toBe(true);
    expect(isTabActive("/account/addresses", "/account/addresses")).toBe(true);
    expect(isTabActive("/account/profile", "/account/profile")).toBe(true);
  });

  it("a path that merely starts with the same letters is not beneath it", () => {
    expect(isTabActive("/account/orders", "/account/orders-archive")).toBe(false);
    expect(isTabActive("/account/orders", "/account/addresses")).toBe(false);
  });

  it("Account Overview is active on exactly /account, not on the pages beneath it", () => {
    expect(isTabActive("/account", "/account")).toBe(true);
    expect(isTabActive("/account", "/account/")).toBe(true);
    expect(isTabActive("/account", "/account/orders")).toBe(false);
    expect(isTabActive("/account", "/account/orders/1001")).toBe(false);
    expect(isTabActive("/account", "/account/profile")).toBe(false);
  });
});

describe("AccountTabs", () => {
  it("marks exactly one tab as the current page", () => {
    renderWithProviders(<AccountTabs />, { path: "/account/orders/1001" });
    const current = screen.getAllByRole("link").filter((a) => a.getAttribute("aria-current") === "page");
    expect(current.map((a) => a.textContent)).toEqual(["Orders"]);
    expect(screen.getByRole("link", { name: "Account Overview" }).getAttribute("href")).toBe("/account");
    expect(screen.getByRole("link", { name: "Addresses" }).getAttribute("href")).toBe("/account/addresses");
    expect(screen.getByRole("link", { name: "Profile Settings" }).getAttribute("href")).toBe(
      "/account/profile",
    );
  });

  it("lights Account Overview on /account", () => {
    renderWithProviders(<AccountTabs />, { path: "/account" });
    expect(screen.getByRole("link", { name: "Account Overview" }).getAttribute("aria-current")).toBe("page");
    expect(screen.getByRole("link", { name: "Orders" }).getAttribute("aria-current")).toBeNull();
  });
});
