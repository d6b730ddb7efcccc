import { act, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../test/render.tsx";

describe("focus on navigation", () => {
  it("leaves focus alone on the first load", async () => {
    renderApp("/privacy-policy");
    await screen.findByRole("heading", { level: 1 });
    expect(document.activeElement).toBe(document.body);
  });

  it("moves focus from the link followed to the new page's main heading", async () => {
    const { router } = renderApp("/");
    await screen.findByRole("heading", { level: 1 });
    const privacy = within(screen.getByRole("contentinfo")).getByRole("link", { name: "Privacy Policy" });
    act(() => privacy.focus());
    act(() => privacy.click());
    await waitFor(() => expect(router.state.location.pathname).toBe("/privacy-policy"));
    const heading = await screen.findByRole("heading", { level: 1, name: /privacy/i });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(heading.closest("main")).not.toBeNull();
    expect(heading.getAttribute("tabindex")).toBe("-1");
  });

  it("keeps focus where it is when only the query string or hash changes", async () => {
    const { router } = renderApp("/privacy-policy");
    await screen.findByRole("heading", { level: 1 });
    const account = within(screen.getByRole("banner")).getByRole("link", { name: "Account" });
    act(() => account.focus());
    await act(() => router.navigate("/privacy-policy?lang=en-US#cookies"));
    await new Promise((r) => setTimeout(r, 50));
    expect(document.activeElement).toBe(account);
  });
});
