import { GAMES_PAGE_SIZE, GAMES_TRENDING_COUNT, type GamesSearchResult } from "@vela/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type GameSpec, gameSlug, loadGames, seedGames } from "../src/modules/games/seed.ts";
import { callerFor, createTestApp, json, type TestApp } from "./helpers.ts";

/** Eight games whose facet counts are worked out by hand below. */
const FIXTURE: GameSpec[] = [
  {
    name: "Alpha Quest",
    featuredRank: 3,
    releaseDate: "2020-01-01",
    platforms: ["Android", "iOS"],
    genres: ["RPG"],
  },
  {
    name: "beta Racer",
    featuredRank: 1,
    releaseDate: "2021-01-01",
    platforms: ["Windows"],
    genres: ["Racing"],
  },
  {
    name: "Gamma Quest II",
    featuredRank: 2,
    releaseDate: "2022-01-01",
    platforms: ["iOS", "Windows"],
    genres: ["Action", "RPG"],
  },
  {
    name: "Delta Puzzle",
    featuredRank: 5,
    releaseDate: "2019-01-01",
    platforms: ["Android"],
    genres: ["Puzzle"],
  },
  {
    name: "Epsilon Drift",
    featuredRank: 4,
    releaseDate: "2023-01-01",
    platforms: ["Android", "Nintendo Switch"],
    genres: ["Action", "Racing"],
  },
  {
    name: "Zeta 100% Run",
    featuredRank: 6,
    releaseDate: "2018-01-01",
    platforms: ["Xbox"],
    genres: ["Action"],
  },
  {
    name: "Eta_Racer",
    featuredRank: 7,
    releaseDate: "2024-01-01",
    platforms: ["Windows", "macOS"],
    genres: ["Racing"],
  },
  {
    name: "quest for theta",
    featuredRank: 8,
    releaseDate: "2025-01-01",
    platforms: ["iOS"],
    genres: ["Adventure"],
  },
];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const search = async (query = "") => {
  const res = await t.api("GET", `/api/games${query}`);
  return { res, body: res.statusCode === 200 ? json<GamesSearchResult>(res) : (undefined as never) };
};

/** The counts of one group as {name: count}, leaving out the zeros. */
const counts = (body: GamesSearchResult, id: "platform" | "genres") =>
  Object.fromEntries(
    (body.filters.find((f) => f.id === id)?.list ?? [])
      .filter((o) => o.count > 0)
      .map((o) => [o.name, o.count]),
  );
const names = (body: GamesSearchResult) => body.items.map((g) => g.name);

describe("the seeded catalogue", () => {
  it("holds at least 150 games with covers, platforms and genres, answered in the documented shape", async () => {
    expect(loadGames().length).toBeGreaterThanOrEqual(150);
    expect(new Set(loadGames().map((g) => gameSlug(g.name))).size).toBe(loadGames().length);
    const { res, body } = await search();
    expect(res.statusCode).toBe(200);
    expect(body.total).toBe(loadGames().length);
    expect(body.pageSize).toBe(GAMES_PAGE_SIZE);
    expect(body.items).toHaveLength(GAMES_PAGE_SIZE);
    expect(body.pageCount).toBe(Math.ceil(body.total / GAMES_PAGE_SIZE));
    expect(Object.keys(body).sort()).toEqual([
      "filters",
      "items",
      "page",
      "pageCount",
      "pageSize",
      "sort",
      "total",
    ]);
    for (const g of body.items) {
      expect(Object.keys(g).sort()).toEqual(["genres", "img", "name", "platform", "releaseDate", "slug"]);
      expect(g.img).toBe(`/images/games/${g.slug}.svg`);
      expect(g.platform.length).toBeGreaterThan(0);
    }
    expect(body.filters.map((f) => [f.id, f.title])).toEqual([
      ["platform", "Platform"],
      ["genres", "Genres"],
    ]);
  });

  it("serves a cover made by the project for each game", async () => {
    const { body } = await search();
    const cover = await t.api("GET", body.items[0]?.img ?? "");
    expect(cover.statusCode).toBe(200);
    expect(cover.headers["content-type"]).toMatch(/^image\/svg\+xml/);
    expect(cover.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect((await t.api("GET", "/images/games/..%2Fetc.svg")).statusCode).toBe(404);
    expect((await t.api("GET", "/images/games/x.png")).statusCode).toBe(404);
  });

  it("suggests the four trending games: the top of the Featured order", async () => {
    const res = await t.api("GET", "/api/games/trending");
    expect(res.statusCode).toBe(200);
    const top = [...loadGames()]
      .sort((a, b) => a.featuredRank - b.featuredRank)
      .slice(0, GAMES_TRENDING_COUNT);
    expect(json<{ names: string[] }>(res).names).toEqual(top.map((g) => g.name));
    expect(GAMES_TRENDING_COUNT).toBe(4);
  });

  it("answers the same through tRPC", async () => {
    const viaTrpc = await callerFor(t).games.search({ platforms: ["iOS"], sort: 2, page: 2 });
    const { body } = await search("?platform=iOS&sort=2&page=2");
    expect(viaTrpc).toEqual(body);
  });
});

describe("search, facets, sort and pages over a hand-computed fixture", () => {
  beforeAll(async () => {
    await t.db.game.deleteMany();
    await seedGames(t.db, FIXTURE);
  });

  it("counts every platform and genre with no filter", async () => {
    const { body } = await search();
    expect(body.total).toBe(8);
    expect(counts(body, "platform")).toEqual({
      Android: 3,
      iOS: 3,
      Windows: 3,
      macOS: 1,
      "Nintendo Switch": 1,
      Xbox: 1,
    });
    expect(counts(body, "genres")).toEqual({ Action: 3, Adventure: 1, Puzzle: 1, Racing: 3, RPG: 2 });
    // Zero counts are listed too, in the catalogue's order.
    expect(body.filters[0]?.list.map((o) => o.name)).toEqual([
      "Android",
      "iOS",
      "Windows",
      "macOS",
      "Steam Deck",
      "Nintendo Switch",
      "PlayStation",
      "Xbox",
    ]);
  });

  it("narrows both groups' counts by the text", async () => {
    const { body } = await search("?q=QUEST");
    expect(names(body).sort()).toEqual(["Alpha Quest", "Gamma Quest II", "quest for theta"]);
    expect(counts(body, "platform")).toEqual({ Android: 1, iOS: 3, Windows: 1 });
    expect(counts(body, "genres")).toEqual({ RPG: 2, Action: 1, Adventure: 1 });
  });

  it("keeps a group's own counts when one of its chips is ticked, and narrows the other group", async () => {
    const { body } = await search("?platform=iOS");
    expect(body.total).toBe(3);
    expect(counts(body, "platform")).toEqual({
      Android: 3,
      iOS: 3,
      Windows: 3,
      macOS: 1,
      "Nintendo Switch": 1,
      Xbox: 1,
    });
    expect(counts(body, "genres")).toEqual({ RPG: 2, Action: 1, Adventure: 1 });
  });

  it("ORs the chips of one group and ANDs the groups", async () => {
    const either = (await search("?platform=iOS,Windows")).body;
    expect(either.total).toBe(5);
    expect(counts(either, "genres")).toEqual({ RPG: 2, Racing: 2, Action: 1, Adventure: 1 });
    const both = (await search("?genre=Racing&platform=Android")).body;
    expect(names(both)).toEqual(["Epsilon Drift"]);
    expect(counts(both, "platform")).toEqual({ Windows: 2, Android: 1, "Nintendo Switch": 1, macOS: 1 });
    expect(counts(both, "genres")).toEqual({ RPG: 1, Puzzle: 1, Racing: 1, Action: 1 });
    // Repeated parameters read like a comma list.
    expect((await search("?platform=iOS&platform=Windows")).body.total).toBe(5);
  });

  it("every word of the text must match, and LIKE wildcards match only themselves", async () => {
    expect(names((await search("?q=quest%20theta")).body)).toEqual(["quest for theta"]);
    expect(names((await search("?q=%25")).body)).toEqual(["Zeta 100% Run"]);
    expect(names((await search("?q=_")).body)).toEqual(["Eta_Racer"]);
    expect((await search("?q=nothing-like-this")).body.total).toBe(0);
  });

  it("sorts Featured (1), A to Z (2) and Z to A (3), ignoring case", async () => {
    const featured = [
      "beta Racer",
      "Gamma Quest II",
      "Alpha Quest",
      "Epsilon Drift",
      "Delta Puzzle",
      "Zeta 100% Run",
      "Eta_Racer",
      "quest for theta",
    ];
    const az = [
      "Alpha Quest",
      "beta Racer",
      "Delta Puzzle",
      "Epsilon Drift",
      "Eta_Racer",
      "Gamma Quest II",
      "quest for theta",
      "Zeta 100% Run",
    ];
    expect(names((await search()).body)).toEqual(featured);
    expect(names((await search("?sort=1")).body)).toEqual(featured);
    expect(names((await search("?sort=2")).body)).toEqual(az);
    expect(names((await search("?sort=3")).body)).toEqual([...az].reverse());
    expect((await search("?sort=3")).body.sort).toBe(3);
  });

  it("pages within bounds: the last page holds the rest, a page past it is empty", async () => {
    const pages = await Promise.all([1, 2, 3, 4].map((p) => search(`?sort=2&pageSize=3&page=${p}`)));
    expect(pages.map((p) => p.body.pageCount)).toEqual([3, 3, 3, 3]);
    expect(pages.map((p) => p.body.items.length)).toEqual([3, 3, 2, 0]);
    expect(pages.flatMap((p) => names(p.body))).toEqual([
      "Alpha Quest",
      "beta Racer",
      "Delta Puzzle",
      "Epsilon Drift",
      "Eta_Racer",
      "Gamma Quest II",
      "quest for theta",
      "Zeta 100% Run",
    ]);
    // One page holds all: a page count of 1 (the page shows no pagination).
    expect((await search("?pageSize=8")).body.pageCount).toBe(1);
    expect((await search("?q=none-at-all")).body.pageCount).toBe(0);
  });

  it("answers bad parameters with 400 and a message", async () => {
    for (const query of [
      "?sort=0",
      "?sort=4",
      "?sort=featured",
      "?page=0",
      "?page=-1",
      "?page=1.5",
      "?page=abc",
      "?page=10001",
      "?pageSize=0",
      "?pageSize=49",
      "?platform=Linux",
      "?platform=ios",
      "?genre=Jazz",
      "?colour=red",
      `?q=${"x".repeat(101)}`,
      "?q=vela%00one",
      "?q=vela%0Aone",
      "?q=%E2%80%AEeno",
    ]) {
      const { res } = await search(query);
      expect(res.statusCode, query).toBe(400);
      const body = json(res);
      expect(body.message, query).toEqual(body.error);
      expect(String(body.message), query).not.toBe("");
    }
  });
});
