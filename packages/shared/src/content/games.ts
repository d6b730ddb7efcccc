import type { z } from "zod";
import type { ZGameFilterGroup, ZGameItem, ZGamesSearchResult } from "../api/content.ts";
// The games search page (spec 001 §2, §3, §4, §5, §9): facets, sort options, paging and the
// limits of the search input. Sample data, searched on the server. The input's zod schema is in
// games-input.ts: a page that only needs these constants does not load zod.
export const GAME_PLATFORMS = [
  "Android",
  "iOS",
  "Windows",
  "macOS",
  "Steam Deck",
  "Nintendo Switch",
  "PlayStation",
  "Xbox",
] as const;
export type GamePlatform = (typeof GAME_PLATFORMS)[number];

export const GAME_GENRES = [
  "Action",
  "Adventure",
  "Horror",
  "Platformer",
  "Puzzle",
  "Racing",
  "Rhythm",
  "RPG",
  "Shooter",
  "Simulation",
  "Sports",
  "Strategy",
] as const;
export type GameGenre = (typeof GAME_GENRES)[number];

/** The filter groups, as the page shows them (spec 001 §3: a title and a list of name and count). */
export const GAME_FILTER_GROUPS = ["platform", "genres"] as const;
export type GameFilterGroupId = (typeof GAME_FILTER_GROUPS)[number];

/** Sort options of §9: Featured (1), A to Z (2), Z to A (3). */
export const GAME_SORTS = [
  { label: "Featured", value: 1 },
  { label: "A to Z", value: 2 },
  { label: "Z to A", value: 3 },
] as const;
export type GameSort = (typeof GAME_SORTS)[number]["value"];
export const DEFAULT_GAME_SORT: GameSort = 1;

/** Games per page. The spec's sample state used 2; a real catalogue of 150+ games wants more. */
export const GAMES_PAGE_SIZE = 12;
export const GAMES_PAGE_SIZE_MAX = 48;
export const GAMES_PAGE_MAX = 10_000;
export const GAMES_QUERY_MAX = 100;
/** The pagination shows at most this many page numbers, with ellipses beyond (§9). */
export const GAMES_PAGINATION_PAGES = 7;
/** The search input waits this long after the last key before it searches (§5). */
export const GAMES_SEARCH_DEBOUNCE_MS = 300;
/** Trending suggestions under the search box (§2: four example titles). */
export const GAMES_TRENDING_COUNT = 4;
/** The desktop filter layout from this width; the filter dialog under GAMES_DIALOG_BELOW_PX (§9). */
export const GAMES_DESKTOP_MIN_PX = 1280;
export const GAMES_DIALOG_BELOW_PX = 768;
/** On small screens a filter group shows this many options until Show more. */
export const GAMES_FILTER_COLLAPSED_COUNT = 5;

// The answer's shapes are declared once, as zod schemas (api/content.ts).
export type GameItem = z.infer<typeof ZGameItem>;
export type GameFilterGroup = z.infer<typeof ZGameFilterGroup>;
export type GamesSearchResult = z.infer<typeof ZGamesSearchResult>;

export const gameCoverPath = (slug: string): string => `/images/games/${slug}.svg`;
