import { ZCompatibilityInput } from "@vela/shared";
import { publicProcedure, router } from "../../trpc/init.ts";
import { getCompatibility } from "./service.ts";

export const compatibilityRouter = router({
  /** The tRPC twin of GET /api/compatibility?language=&handle=. */
  get: publicProcedure
    .input(ZCompatibilityInput)
    .query(({ ctx, input }) => getCompatibility(ctx, input.language, input.handle)),
});
