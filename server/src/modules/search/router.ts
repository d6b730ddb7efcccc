import { ZSearchInput, ZSearchSuggestInput } from "@vela/shared";
import { publicProcedure, router } from "../../trpc/init.ts";
import { search, suggest } from "./service.ts";

export const searchRouter = router({
  /** The results page (/search?q=). */
  query: publicProcedure.input(ZSearchInput).query(({ ctx, input }) => search(ctx, input)),
  /** The suggestions under the header's box, as one types. */
  suggest: publicProcedure.input(ZSearchSuggestInput).query(({ ctx, input }) => suggest(ctx, input)),
});
