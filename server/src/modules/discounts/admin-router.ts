// The admin's discount codes and code templates, each procedure naming the permission it needs
// (docs/admin.md, "Discount codes"). Thin: the work is in admin.ts. Nothing here changes what a
// public page shows (codes are applied at checkout), so none is a public-data writer.
import {
  ZDiscountCreateInput,
  ZDiscountDisableInput,
  ZDiscountListInput,
  ZDiscountRefInput,
  ZDiscountTemplateInput,
  ZDiscountUpdateInput,
} from "@vela/shared/admin";
import { adminRouter, staffProcedure } from "../../trpc/admin-init.ts";
import {
  createDiscount,
  discountForStaff,
  listDiscounts,
  listTemplates,
  setDiscountDisabled,
  updateDiscount,
  updateTemplate,
} from "./admin.ts";

export const discountsAdminRouter = adminRouter({
  /** Searched by code, filtered by status; each with its uses and the sales it touched per currency. */
  list: staffProcedure("discounts.read")
    .input(ZDiscountListInput)
    .query(({ ctx, input }) => listDiscounts(ctx, input)),

  get: staffProcedure("discounts.read")
    .input(ZDiscountRefInput)
    .query(({ ctx, input }) => discountForStaff(ctx, input.discountId)),

  create: staffProcedure("discounts.manage")
    .input(ZDiscountCreateInput)
    .mutation(({ ctx, input }) => createDiscount(ctx, ctx.actor, input)),

  /** Every rule of the code, at the version opened; refused when it moved since. */
  update: staffProcedure("discounts.manage")
    .input(ZDiscountUpdateInput)
    .mutation(({ ctx, input }) => updateDiscount(ctx, ctx.actor, input)),

  /** Disable (checkout refuses it) or enable again, at the version opened. */
  setDisabled: staffProcedure("discounts.manage")
    .input(ZDiscountDisableInput)
    .mutation(({ ctx, input }) => setDiscountDisabled(ctx, ctx.actor, input)),

  /** The code templates (the newsletter's welcome code). */
  templates: staffProcedure("discounts.read").query(({ ctx }) => listTemplates(ctx)),

  updateTemplate: staffProcedure("discounts.manage")
    .input(ZDiscountTemplateInput)
    .mutation(({ ctx, input }) => updateTemplate(ctx, ctx.actor, input)),
});
