// The firmware list's input the server validates (GET /api/firmware?model=, spec 001 §3), from the
// glasses models of @vela/device. Here, behind the server's `@vela/shared/api` entry, and not in
// the package's main entry: the client's pages import that one and need not carry the device's models.
import { GLASSES_MODEL_SLUGS, type GlassesModelSlug } from "@vela/device";
import { z } from "zod";

export const ZGlassesModelSlug = z.enum(
  GLASSES_MODEL_SLUGS as readonly [GlassesModelSlug, ...GlassesModelSlug[]],
  {
    error: `model must be one of ${GLASSES_MODEL_SLUGS.join(", ")}`,
  },
);

export const ZFirmwareListInput = z.strictObject({ model: ZGlassesModelSlug });
export type FirmwareListInput = z.infer<typeof ZFirmwareListInput>;
