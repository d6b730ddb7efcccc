import { ZAppReleaseNoteInput, ZSystemReleaseNoteInput } from "@vela/shared";
import { publicProcedure, router } from "../../trpc/init.ts";
import { appReleaseNotes, systemReleaseNotes } from "./service.ts";

export const releaseNotesRouter = router({
  /** The tRPC twin of GET /api/cloud/system/releasenote?product=. */
  system: publicProcedure
    .input(ZSystemReleaseNoteInput)
    .query(({ ctx, input }) => systemReleaseNotes(ctx, input.product)),
  /** The tRPC twin of POST /api/cloud/academy/releasenote {product_name, platform}. */
  app: publicProcedure.input(ZAppReleaseNoteInput).query(({ ctx, input }) => appReleaseNotes(ctx, input)),
});
