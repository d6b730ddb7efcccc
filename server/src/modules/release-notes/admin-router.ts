// The admin's release notes procedures (docs/admin.md, "Release notes and firmware"), each naming
// the permission it needs. Every write changes what the release-updates pages and the cloud API
// answer, so each is a public-data writer: the page cache is emptied after it
// (ADMIN_PUBLIC_DATA_WRITERS in server/src/http/page-renderer.ts).
import {
  ZAppReleaseCreateInput,
  ZAppReleaseUpdateInput,
  ZReleaseDeleteInput,
  ZReleaseListInput,
  ZReleaseRefInput,
  ZSystemReleaseCreateInput,
  ZSystemReleaseUpdateInput,
} from "@vela/shared/admin";
import { adminRouter, staffProcedure } from "../../trpc/admin-init.ts";
import {
  createAppRelease,
  createSystemRelease,
  deleteRelease,
  listReleasesForStaff,
  releaseForStaff,
  updateAppRelease,
  updateSystemRelease,
} from "./admin.ts";

export const releaseNotesAdminRouter = adminRouter({
  /** System releases per model (of one product, when given), app releases per app and platform, newest first. */
  list: staffProcedure("content.manage")
    .input(ZReleaseListInput)
    .query(({ ctx, input }) => listReleasesForStaff(ctx, input?.product)),

  /** One release with its notes' markdown and stored HTML, and its `rowVersion`. */
  get: staffProcedure("content.manage")
    .input(ZReleaseRefInput)
    .query(({ ctx, input }) => releaseForStaff(ctx, input.kind, input.id)),

  createSystem: staffProcedure("content.manage")
    .input(ZSystemReleaseCreateInput)
    .mutation(({ ctx, input }) => createSystemRelease(ctx, ctx.actor, input)),

  updateSystem: staffProcedure("content.manage")
    .input(ZSystemReleaseUpdateInput)
    .mutation(({ ctx, input }) => updateSystemRelease(ctx, ctx.actor, input)),

  createApp: staffProcedure("content.manage")
    .input(ZAppReleaseCreateInput)
    .mutation(({ ctx, input }) => createAppRelease(ctx, ctx.actor, input)),

  updateApp: staffProcedure("content.manage")
    .input(ZAppReleaseUpdateInput)
    .mutation(({ ctx, input }) => updateAppRelease(ctx, ctx.actor, input)),

  delete: staffProcedure("content.manage")
    .input(ZReleaseDeleteInput)
    .mutation(({ ctx, input }) => deleteRelease(ctx, ctx.actor, input)),
});
