// The catalogue as CSV: the export (read), the import's preview (writes nothing) and its apply
// (one transaction). The export is also answered as a file at CATALOGUE_CSV_EXPORT_PATH
// (download-route.ts), through this procedure and its permission.
import { ZCatalogueCsvApplyInput, ZCatalogueCsvPreviewInput } from "@vela/shared/admin";
import { adminRouter, staffProcedure } from "../../trpc/admin-init.ts";
import { applyCatalogueCsv, exportCatalogue, previewCatalogueCsv } from "./service.ts";

export const catalogueCsvAdminRouter = adminRouter({
  /** `{filename, csv}`: every product and variant, one row per variant, in the shop's order. */
  export: staffProcedure("catalogue.read").query(({ ctx }) => exportCatalogue(ctx)),

  /** Every bad cell by row and column, and what the file would change; nothing is written. */
  previewImport: staffProcedure("catalogue.manage")
    .input(ZCatalogueCsvPreviewInput)
    .mutation(({ ctx, input }) => previewCatalogueCsv(ctx, input.csv)),

  /** The previewed file, all of it or nothing; refused when a product it names changed since. */
  applyImport: staffProcedure("catalogue.manage")
    .input(ZCatalogueCsvApplyInput)
    .mutation(({ ctx, input }) => applyCatalogueCsv(ctx, ctx.actor, input)),
});

/** The import's procedures, whose requests carry a whole file: their own body limit. */
export const CATALOGUE_CSV_UPLOAD_PROCEDURES = [
  "catalogueCsv.previewImport",
  "catalogueCsv.applyImport",
] as const;
