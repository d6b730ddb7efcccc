// The games page's whole state lives in the URL (spec 001 §2): `q`, repeated `platform` and
// `genre`, `sort` (1, 2, 3) and `page`. Values the server would refuse are dropped when read, so
// a hand-edited link still opens a working page.
import {
  DEFAULT_GAME_SORT,
  GAME_GENRES,
  GAME_PLATFORMS,
  GAMES_PAGE_MAX,
  GAMES_QUERY_MAX,
  type GameGenre,
  type GamePlatform,
  type GameSort,
  type GamesSearchInput,
} from "@vela/shared";

export interface GamesState {
  q: string;
  platforms: GamePlatform[];
  genres: GameGenre[];
  sort: GameSort;
  page: number;
}

const pickAll = <T extends string>(values: string[], allowed: readonly T[]): T[] =>
  allowed.filter((a) => values.includes(a));

export function readGamesState(params: URLSearchParams): GamesState {
  const sort = Number(params.get("sort"));
  const page = Number(params.get("page"));
  return {
    q: (params.get("q") ?? "").slice(0, GAMES_QUERY_MAX),
    platforms: pickAll(params.getAll("platform"), GAME_PLATFORMS),
    genres: pickAll(params.getAll("genre"), GAME_GENRES),
    sort: sort === 1 || sort === 2 || sort === 3 ? sort : DEFAULT_GAME_SORT,
    page: Number.isInteger(page) && page >= 1 && page <= GAMES_PAGE_MAX ? page : 1,
  };
}

/** The URL query of a state; defaults are left out, so the plain page is plain `/games`. */
export function gamesQuery(state: GamesState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q.trim()) params.set("q", state.q.trim());
  for (const p of state.platforms) params.append("platform", p);
  for (const g of state.genres) params.append("genre", g);
  if (state.sort !== DEFAULT_GAME_SORT) params.set("sort", String(state.sort));
  if (state.page > 1) params.set("page", String(state.page));
  return params;
}

/** The server's search input for a state. */
export function searchInput(state: GamesState): NonNullable<GamesSearchInput> {
  return {
    ...(state.q.trim() ? { q: state.q.trim() } : {}),
    ...(state.platforms.length ? { platforms: state.platforms } : {}),
    ...(state.genres.length ? { genres: state.genres } : {}),
    sort: state.sort,
    page: state.page,
  };
}

/** Ticks or unticks one option of a group; any change of filters goes back to page 1. */
export function toggleOption(state: GamesState, group: "platform" | "genres", name: string): GamesState {
  if (group === "platform") {
    const has = state.platforms.includes(name as GamePlatform);
    const platforms = has
      ? state.platforms.filter((p) => p !== name)
      : pickAll([...state.platforms, name], GAME_PLATFORMS);
    return { ...state, platforms, page: 1 };
  }
  const has = state.genres.includes(name as GameGenre);
  const genres = has ? state.genres.filter((g) => g !== name) : pickAll([...state.genres, name], GAME_GENRES);
  return { ...state, genres, page: 1 };
}
