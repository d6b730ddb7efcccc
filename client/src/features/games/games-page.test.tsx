import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { GAME_GENRES, GAME_PLATFORMS, GAMES_SEARCH_DEBOUNCE_MS, type GamesSearchResult } from "@vela/shared";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderApp } from "../../test/render.tsx";

interface Input {
  q?: string;
  platforms?: string[];
  genres?: string[];
  sort?: number;
  page?: number;
}

const GAMES = Array.from({ length: 30 }, (_, i) => ({
  slug: `game-${i + 1}`,
  name: `Game ${String(i + 1).padStart(2, "0")}`,
  img: `/images/games/game-${i + 1}.svg`,
  platform: [i % 2 ? "iOS" : "Android"] as GamesSearchResult["items"][number]["platform"],
  genres: ["RPG"] as GamesSearchResult["items"][number]["genres"],
  releaseDate: "2024-01-01",
}));

/** A tiny stand-in for the server's search: 12 a page. */
function search(raw: unknown): GamesSearchResult {
  const input = (raw ?? {}) as Input;
  let items = GAMES.filter((g) => !input.q || g.name.toLowerCase().includes(input.q.toLowerCase()));
  if (input.platforms?.length)
    items = items.filter((g) => g.platform.some((p) => input.platforms?.includes(p)));
  if (input.sort === 3) items = [...items].reverse();
  const page = input.page ?? 1;
  return {
    items: items.slice((page - 1) * 12, page * 12),
    total: items.length,
    page,
    pageSize: 12,
    pageCount: Math.ceil(items.length / 12),
    sort: (input.sort ?? 1) as 1,
    filters: [
      { id: "platform", title: "Platform", list: GAME_PLATFORMS.map((name) => ({ name, count: 15 })) },
      { id: "genres", title: "Genres", list: GAME_GENRES.map((name) => ({ name, count: 30 })) },
    ],
  };
}

const handlers = {
  "games.search": search,
  "games.trending": () => ({ names: ["Neon Drift", "Echo Harbor", "Solar Quest", "Tiny Relay"] }),
};

afterEach(() => {
  vi.useRealTimers();
});

describe("games page", () => {
  it("lists the games, four trending suggestions and the pages", async () => {
    renderApp("/games", { handlers });
    const grid = await screen.findByRole("list", { name: "Games" });
    expect(within(grid).getAllByRole("heading", { level: 2 })).toHaveLength(12);
    expect(screen.getByRole("status").textContent).toBe("30 games");
    expect(await screen.findAllByRole("button", { name: /^Search for / })).toHaveLength(4);
    const pages = screen.getByRole("navigation", { name: "Pages" });
    expect(
      within(pages)
        .getAllByRole("link", { name: /^Page / })
        .map((a) => a.textContent),
    ).toEqual(["1", "2", "3"]);
    expect(within(pages).getByRole("link", { name: "Page 1" }).getAttribute("aria-current")).toBe("page");
  });

  it("searches 300 ms after the last key, not before, and writes q to the URL", async () => {
    const { api, router } = renderApp("/games", { handlers });
    await screen.findByRole("list", { name: "Games" });
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const box = screen.getByRole("searchbox", { name: "Search games" });
    fireEvent.change(box, { target: { value: "Game 0" } });
    act(() => vi.advanceTimersByTime(GAMES_SEARCH_DEBOUNCE_MS - 1));
    fireEvent.change(box, { target: { value: "Game 07" } });
    act(() => vi.advanceTimersByTime(GAMES_SEARCH_DEBOUNCE_MS - 1));
    expect(router.state.location.search).toBe("");
    act(() => vi.advanceTimersByTime(1));
    expect(router.state.location.search).toBe("?q=Game+07");
    vi.useRealTimers();
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("1 game"));
    expect(api.calls.filter((c) => c.path === "games.search").map((c) => (c.input as Input).q)).toEqual([
      undefined,
      "Game 07",
    ]);
  });

  it("the search form has a labelled Search button that searches at once, without waiting for the pause", async () => {
    const { router } = renderApp("/games", { handlers });
    await screen.findByRole("list", { name: "Games" });
    const search = screen.getByRole("search", { name: "Search games" });
    const box = within(search).getByRole("searchbox", { name: "Search games" });
    const form = box.closest("form");
    if (!form) throw new Error("the search box is in no form");
    const submit = within(form).getByRole("button", { name: "Search" }) as HTMLButtonElement;
    // The form's one submit button: reached with Tab, pressed with Enter or Space like any button.
    expect([...form.querySelectorAll('button[type="submit"], input[type="submit"]')]).toEqual([submit]);
    expect(submit.type).toBe("submit");
    expect(submit.disabled).toBe(false);
    expect(submit.tabIndex).toBe(0);
    // Without script, the form's GET carries the text as the URL's q.
    expect(box.getAttribute("name")).toBe("q");
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    fireEvent.change(box, { target: { value: "Game 07" } });
    fireEvent.click(submit);
    expect(router.state.location.search).toBe("?q=Game+07");
    vi.useRealTimers();
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("1 game"));
  });

  it("a chip, the sort and Reset all each rewrite the URL and go back to page 1", async () => {
    const { router } = renderApp("/games?page=2", { handlers });
    await screen.findByRole("list", { name: "Games" });
    fireEvent.click(screen.getByRole("checkbox", { name: "iOS (15)" }));
    await waitFor(() => expect(router.state.location.search).toBe("?platform=iOS"));
    fireEvent.click(screen.getByRole("button", { name: "Sort by: Featured" }));
    fireEvent.click(screen.getByRole("button", { name: "Z to A" }));
    await waitFor(() => expect(router.state.location.search).toBe("?platform=iOS&sort=3"));
    expect(screen.getByRole("button", { name: "Sort by: Z to A" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Reset all" }));
    await waitFor(() => expect(router.state.location.search).toBe("?sort=3"));
  });

  it("on small screens a group shows five options until Show more", async () => {
    renderApp("/games", { handlers });
    await screen.findByRole("list", { name: "Games" });
    const genres = screen.getByRole("group", { name: "Genres" });
    expect(within(genres).getAllByRole("checkbox")).toHaveLength(5);
    fireEvent.click(within(genres).getByRole("button", { name: "Show more" }));
    expect(within(genres).getAllByRole("checkbox")).toHaveLength(GAME_GENRES.length);
    fireEvent.click(within(genres).getByRole("button", { name: "Show less" }));
    expect(within(genres).getAllByRole("checkbox")).toHaveLength(5);
  });

  it("shows no pagination when one page holds all", async () => {
    renderApp("/games?q=Game%201", { handlers });
    await screen.findByRole("list", { name: "Games" });
    expect(screen.queryByRole("navigation", { name: "Pages" })).toBeNull();
  });

  it("speaks Japanese", async () => {
    renderApp("/games", { handlers, locale: "ja-JP" });
    expect(await screen.findByRole("heading", { level: 1, name: "XRグラスで遊べるゲーム" })).toBeTruthy();
    expect(await screen.findByRole("checkbox", { name: "アクション（30）" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "並べ替え：おすすめ順" })).toBeTruthy();
    expect(
      within(screen.getByRole("search", { name: "ゲームを検索" })).getByRole("button", { name: "検索" }),
    ).toBeTruthy();
  });
});
