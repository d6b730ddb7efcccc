// The admin's firmware procedures (docs/admin.md, "Release notes and firmware"). They need
// `firmware.manage` (owner and manager), not `content.manage`: a bad image could stop glasses
// from starting. Publishing, withdrawing and changing a version's notes change what the update tool
// shows, so they are public-data writers (ADMIN_PUBLIC_DATA_WRITERS); adding makes a draft, which
// it does not offer.
// `firmware.add` takes the image in its body and has a body limit of its own (admin-route.ts).
import {
  ZFirmwareAddInput,
  ZFirmwareListAdminInput,
  ZFirmwareStatusInput,
  ZFirmwareUpdateInput,
} from "@vela/shared/admin";
import { adminRouter, staffProcedure } from "../../trpc/admin-init.ts";
import {
  addFirmwareVersion,
  listFirmwareForStaff,
  setFirmwareStatus,
  updateFirmwareVersion,
} from "./admin.ts";

export const firmwareAdminRouter = adminRouter({
  /** Every version of every model (or of one), with its status, newest first per model. */
  list: staffProcedure("firmware.manage")
    .input(ZFirmwareListAdminInput)
    .query(({ ctx, input }) => listFirmwareForStaff(ctx, input?.model)),

  /** A version with its image (base64, raw or gzip), checked as the update tool checks it; a draft. */
  add: staffProcedure("firmware.manage")
    .input(ZFirmwareAddInput)
    .mutation(({ ctx, input }) => addFirmwareVersion(ctx, ctx.actor, input)),

  /** A version's release date and notes, at the version opened (the update tool shows both). */
  update: staffProcedure("firmware.manage")
    .input(ZFirmwareUpdateInput)
    .mutation(({ ctx, input }) => updateFirmwareVersion(ctx, ctx.actor, input)),

  /** Publish or withdraw, at the version opened. */
  setStatus: staffProcedure("firmware.manage")
    .input(ZFirmwareStatusInput)
    .mutation(({ ctx, input }) => setFirmwareStatus(ctx, ctx.actor, input)),
});
