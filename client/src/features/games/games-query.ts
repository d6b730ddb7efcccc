import type { RouteData } from "../../lib/route-data.ts";
import { type GamesState, searchInput } from "./games-url.ts";

/** The games page's queries (games-page.tsx), started early by the route's loader. */
export const gamesSearchQuery = ({ trpc }: Pick<RouteData, "trpc">, state: GamesState) =>
  trpc.games.search.queryOptions(searchInput(state));

export const gamesTrendingQuery = ({ trpc }: Pick<RouteData, "trpc">) =>
  trpc.games.trending.queryOptions(undefined, { staleTime: 5 * 60_000 });
