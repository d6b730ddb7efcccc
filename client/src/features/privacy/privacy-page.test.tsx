import { screen, waitFor, within } from "@testing-library/react";
import { BRAND } from "@vela/shared";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../test/render.tsx";

describe("privacy policy (/privacy-policy)", () => {
  it("is the page the footer links to, with its title, headings and retention facts", async () => {
    renderApp("/privacy-policy");
    expect(await screen.findByRole("heading", { level: 1, name: "Privacy Policy" })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe(`Privacy Policy | ${BRAND.name}`));
    const footer = within(screen.getByRole("contentinfo"));
    expect(footer.getByRole("link", { name: "Privacy Policy" }).getAttribute("href")).toBe("/privacy-policy");

    for (const heading of [
      "Your account",
      "Orders",
      "Saved addresses",
      "Signing in",
      "Emails we send you",
      "Reviews",
      "Messages to our team",
      "Newsletter",
      "In your browser",
      "Getting a copy, correcting or deleting your data",
    ]) {
      expect(screen.getByRole("heading", { level: 2, name: heading })).toBeTruthy();
    }
    const signingIn = screen.getByRole("region", { name: "Signing in" });
    expect(signingIn.textContent).toContain("after 14 days without use or 30 days after you signed in");
    expect(signingIn.textContent).toContain("A password reset link works for 24 hours");
    expect(signingIn.textContent).toContain("an account activation link for 48 hours");
    expect(screen.getByRole("region", { name: "Emails we send you" }).textContent).toContain(
      "no job that empties the outbox",
    );
    const rights = screen.getByRole("region", { name: "Getting a copy, correcting or deleting your data" });
    expect(within(rights).getByRole("link", { name: "Write to us" }).getAttribute("href")).toBe("/contact");
    // The contents list leads to every section.
    const contents = within(screen.getByRole("navigation", { name: "On this page" }));
    for (const link of contents.getAllByRole("link")) {
      expect(document.getElementById(link.getAttribute("href")?.slice(1) ?? "")).toBeTruthy();
    }
  });

  it("is written in Japanese too", async () => {
    renderApp("/privacy-policy", { locale: "ja-JP" });
    expect(await screen.findByRole("heading", { level: 1, name: "プライバシーポリシー" })).toBeTruthy();
    expect(screen.getByRole("region", { name: "ログイン" }).textContent).toContain("14日間");
    expect(screen.queryByText("Not Found")).toBeNull();
  });
});
