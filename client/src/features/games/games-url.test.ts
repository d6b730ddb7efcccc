import { describe, expect, it } from "vitest";
import { gamesQuery, readGamesState, searchInput, toggleOption } from "./games-url.ts";

describe("games URL state", () => {
  it("reads every part and writes it back the same", () => {
    const params = new URLSearchParams("q=neon&platform=iOS&platform=Android&genre=RPG&sort=2&page=3");
    const state = readGamesState(params);
    expect(state).toEqual({ q: "neon", platforms: ["Android", "iOS"], genres: ["RPG"], sort: 2, page: 3 });
    expect(gamesQuery(state).toString()).toBe("q=neon&platform=Android&platform=iOS&genre=RPG&sort=2&page=3");
  });

  it("leaves defaults out and drops what the server would refuse", () => {
    const state = readGamesState(new URLSearchParams("platform=Linux&genre=Jazz&sort=9&page=-2"));
    expect(state).toEqual({ q: "", platforms: [], genres: [], sort: 1, page: 1 });
    expect(gamesQuery(state).toString()).toBe("");
    expect(searchInput(state)).toEqual({ sort: 1, page: 1 });
  });

  it("toggles a chip and goes back to page 1", () => {
    const state = readGamesState(new URLSearchParams("page=4&platform=iOS"));
    expect(toggleOption(state, "platform", "Android")).toMatchObject({
      platforms: ["Android", "iOS"],
      page: 1,
    });
    expect(toggleOption(state, "platform", "iOS")).toMatchObject({ platforms: [], page: 1 });
    expect(toggleOption(state, "genres", "RPG")).toMatchObject({ genres: ["RPG"], page: 1 });
  });
});
