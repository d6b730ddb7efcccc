import { ZGamesSearchInput } from "@vela/shared";
import { publicProcedure, router } from "../../trpc/init.ts";
import { searchGames, trendingGames } from "./service.ts";

export const gamesRouter = router({
  search: publicProcedure.input(ZGamesSearchInput).query(({ ctx, input }) => searchGames(ctx, input)),
  trending: publicProcedure.query(({ ctx }) => trendingGames(ctx)),
});
