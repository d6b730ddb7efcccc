import { GLASSES_MODEL_SLUGS, type GlassesModelSlug, isGlassesModelSlug } from "@vela/device";
import { z } from "zod";
import { publicProcedure, router } from "../../trpc/init.ts";
import { listFirmware } from "./service.ts";

export const ZGlassesModelSlug = z.custom<GlassesModelSlug>(
  (value) => typeof value === "string" && isGlassesModelSlug(value),
  { message: `model must be one of ${GLASSES_MODEL_SLUGS.join(", ")}` },
);

export const ZFirmwareListInput = z.strictObject({ model: ZGlassesModelSlug });

export const firmwareRouter = router({
  /** The firmware releases of one glasses model, newest first. */
  list: publicProcedure.input(ZFirmwareListInput).query(({ ctx, input }) => listFirmware(ctx, input.model)),
});
