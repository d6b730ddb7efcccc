import { act, render, screen } from "@testing-library/react";
import { createMemoryRouter, Outlet, RouterProvider, ScrollRestoration } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { firmwareRoutes } from "../routes.tsx";
import { ToolsScrollShell } from "./manual-scroll.tsx";

/** The layout's router restoration around a tools page and a page of the store. */
function renderTools() {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <Outlet />
            <ScrollRestoration />
          </>
        ),
        children: [
          {
            element: <ToolsScrollShell />,
            children: [
              { path: "/firmware/calibration", element: <h1>Calibration</h1> },
              { path: "/firmware/update", element: <h1>Update</h1> },
            ],
          },
          { path: "/games", element: <h1>Games</h1> },
        ],
      },
    ],
    { initialEntries: ["/games"] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

let scrollY = 0;
beforeEach(() => {
  scrollY = 0;
  vi.spyOn(window, "scrollY", "get").mockImplementation(() => scrollY);
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  window.history.scrollRestoration = "auto";
});
afterEach(() => {
  window.history.scrollRestoration = "auto";
});

const lastScroll = () => (window.scrollTo as unknown as ReturnType<typeof vi.fn>).mock.calls.at(-1);

describe("glasses tools scroll restoration (spec 001 §7)", () => {
  it("puts every tools page inside the scroll rule", () => {
    expect(firmwareRoutes).toHaveLength(1);
    expect(firmwareRoutes[0]?.children?.map((r) => r.path)).toEqual([
      "/firmware/calibration",
      "/firmware/update",
      "/firmware/color",
    ]);
  });

  it("is manual while on a tools page, starts each page at the top, even on Back, and gives the setting back", async () => {
    const router = renderTools();
    await screen.findByRole("heading", { name: "Games" });
    // The router's own restoration made it manual already; a tools page keeps it so, whatever came before.
    window.history.scrollRestoration = "auto";

    await act(() => router.navigate("/firmware/calibration"));
    expect(window.history.scrollRestoration).toBe("manual");
    expect(lastScroll()).toEqual([0, 0]);

    scrollY = 700; // the reader scrolled down the tool, then left it
    await act(() => router.navigate("/games"));
    expect(window.history.scrollRestoration).toBe("auto");

    scrollY = 0;
    await act(() => router.navigate(-1)); // Back: the router would put the tool at 700
    await screen.findByRole("heading", { name: "Calibration" });
    expect(lastScroll()).toEqual([0, 0]);

    scrollY = 300;
    await act(() => router.navigate("/firmware/update"));
    expect(lastScroll()).toEqual([0, 0]);
  });
});
