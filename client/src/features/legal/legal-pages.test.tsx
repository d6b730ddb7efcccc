import { screen, waitFor, within } from "@testing-library/react";
import { BRAND, RETURN_WINDOW_DAYS, SELLER, WARRANTY_MONTHS } from "@vela/shared";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../test/render.tsx";

const PAGES = [
  ["Shipping", "/shipping-policy", "Shipping Policy"],
  ["Returns and Refunds", "/returns-policy", "Returns and Refunds"],
  ["Warranty", "/warranty", "Warranty"],
  ["Terms of Sale", "/terms-of-sale", "Terms of Sale"],
  ["Legal Notice", "/legal-notice", "Legal Notice (Specified Commercial Transactions Act)"],
] as const;

describe("legal and trust pages", () => {
  it.each(PAGES)(
    "the footer's %s link opens %s, titled and with the other policies listed",
    async (link, path, title) => {
      renderApp(path);
      expect(await screen.findByRole("heading", { level: 1, name: title })).toBeTruthy();
      await waitFor(() => expect(document.title).toBe(`${title} | ${BRAND.name}`));
      const footer = within(screen.getByRole("contentinfo"));
      expect(footer.getByRole("link", { name: link }).getAttribute("href")).toBe(path);
      const related = within(screen.getByRole("navigation", { name: "Our policies" }));
      expect(related.getByRole("link", { name: link }).getAttribute("aria-current")).toBe("page");
      expect(related.getAllByRole("link")).toHaveLength(PAGES.length + 1);
      // Each contents link leads to a section of the page.
      const contents = screen.queryByRole("navigation", { name: "On this page" });
      for (const a of contents ? within(contents).getAllByRole("link") : []) {
        expect(document.getElementById(a.getAttribute("href")?.slice(1) ?? "")).toBeTruthy();
      }
    },
  );

  it("the shipping policy shows the checkout's table in both currencies, the reader's first", async () => {
    renderApp("/shipping-policy");
    const tables = await screen.findAllByRole("table");
    expect(tables.map((t) => t.getAttribute("data-currency"))).toEqual([null, "USD", "JPY"]);
    const usd = within(screen.getByRole("table", { name: "Orders in US dollars" }));
    expect(usd.getByRole("row", { name: /United States/ }).textContent).toBe(
      "United States$8.00$25.00$100.00",
    );
    expect(usd.getByRole("row", { name: /Japan/ }).textContent).toBe("Japan$25.00$45.00Not offered");
    const jpy = within(screen.getByRole("table", { name: "Orders in yen" }));
    expect(jpy.getByRole("row", { name: /Japan/ }).textContent).toBe("Japan¥800¥2,000¥15,000");
    const days = within(
      screen.getByRole("table", { name: "Delivery times, in business days after shipping" }),
    );
    expect(days.getAllByRole("row").map((r) => r.textContent)).toEqual([
      "DestinationStandardExpress",
      "United States3–5 business days1–2 business days",
      "Japan2–4 business days1–2 business days",
      "Other countries7–14 business days3–5 business days",
    ]);
  });

  it("the returns policy states the window, the postage and the return address", async () => {
    renderApp("/returns-policy");
    await screen.findByRole("heading", { level: 1, name: "Returns and Refunds" });
    expect(screen.getByRole("region", { name: "The return window" }).textContent).toContain(
      `Requests are accepted for ${RETURN_WINDOW_DAYS} days from your order's latest shipment`,
    );
    const send = screen.getByRole("region", { name: "Sending it back" });
    expect(send.textContent).toContain("The return postage is paid by you.");
    for (const line of SELLER.returnAddress) expect(send.textContent).toContain(line);
    expect(screen.getByRole("region", { name: "Refunds" }).textContent).toContain("original payment method");
  });

  it("the legal notice names the seller and says when the card is charged", async () => {
    renderApp("/legal-notice");
    await screen.findByRole("heading", { level: 1, name: /Legal Notice/ });
    const value = (term: string) =>
      screen.getByText(term, { selector: "dt" }).nextElementSibling?.textContent;
    expect(value("Seller")).toBe(SELLER.name);
    expect(value("Email")).toBe(SELLER.email);
    expect(value("When you pay")).toBe("Your card is charged when you place the order.");
    expect(value("Delivery")).toContain(
      "within Japan takes 2–4 business days by Standard and 1–2 by Express",
    );
    expect(value("Returns and cancellation")).toContain(`within ${RETURN_WINDOW_DAYS} days of shipment`);
    expect(value("Returns and cancellation")).toContain(`${WARRANTY_MONTHS}-month warranty`);
  });

  it("is written in Japanese too, in yen first", async () => {
    renderApp("/legal-notice", { locale: "ja-JP" });
    expect(await screen.findByRole("heading", { level: 1, name: "特定商取引法に基づく表記" })).toBeTruthy();
    expect(screen.getByText("販売業者", { selector: "dt" })).toBeTruthy();
    expect(
      within(screen.getByRole("contentinfo")).getByRole("link", { name: "特定商取引法に基づく表記" }),
    ).toBeTruthy();
  });

  it("the shipping policy in Japanese lists the yen table first", async () => {
    renderApp("/shipping-policy", { locale: "ja-JP" });
    const tables = await screen.findAllByRole("table");
    expect(tables.map((t) => t.getAttribute("data-currency"))).toEqual([null, "JPY", "USD"]);
    const days = within(screen.getByRole("table", { name: "お届け日数（発送後の営業日）" }));
    expect(days.getAllByRole("row")[1]?.textContent).toBe("日本2〜4営業日1〜2営業日");
  });
});
