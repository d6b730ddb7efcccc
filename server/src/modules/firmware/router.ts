import { ZFirmwareListInput } from "@vela/shared/api";
import { publicProcedure, router } from "../../trpc/init.ts";
import { listFirmware } from "./service.ts";

export const firmwareRouter = router({
  /** The firmware releases of one glasses model, newest first. */
  list: publicProcedure.input(ZFirmwareListInput).query(({ ctx, input }) => listFirmware(ctx, input.model)),
});
