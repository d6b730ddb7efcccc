// The release-notes endpoints' inputs the server validates (spec 001 §7). Apart from
// release-notes.ts, whose apps and languages the footer needs on every page without zod.
import { z } from "zod";
import { APP_PLATFORMS, releaseAppBySlug, SYSTEM_PRODUCTS } from "./release-notes.ts";

export const ZSystemReleaseNoteInput = z.strictObject({
  product: z.enum(SYSTEM_PRODUCTS, { error: `product must be one of ${SYSTEM_PRODUCTS.join(", ")}` }),
});
export type SystemReleaseNoteInput = z.infer<typeof ZSystemReleaseNoteInput>;

export const ZAppReleaseNoteInput = z
  .strictObject({
    product_name: z.string({ error: "product_name is required" }).max(120),
    platform: z.enum(APP_PLATFORMS, { error: `platform must be one of ${APP_PLATFORMS.join(", ")}` }),
  })
  .superRefine((v, ctx) => {
    const app = releaseAppBySlug(v.product_name);
    if (!app) {
      ctx.addIssue({ code: "custom", path: ["product_name"], message: "product_name is not a known app" });
    } else if (!app.platforms.includes(v.platform)) {
      ctx.addIssue({
        code: "custom",
        path: ["platform"],
        message: `platform must be one of ${app.platforms.join(", ")} for ${app.slug}`,
      });
    }
  });
export type AppReleaseNoteInput = z.infer<typeof ZAppReleaseNoteInput>;
