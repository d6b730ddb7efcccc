import { ZHandle, ZReviewInput, ZReviewsListInput } from "@vela/shared";
import { z } from "zod";
import { customerProcedure, publicProcedure, router } from "../../trpc/init.ts";
import { createReview, listReviews, reviewEligibility } from "./service.ts";

export const reviewsRouter = router({
  list: publicProcedure.input(ZReviewsListInput).query(({ ctx, input }) => listReviews(ctx, input)),
  /** Whether the signed-in customer may review this product (ordered it, not reviewed yet). */
  eligibility: customerProcedure
    .input(z.strictObject({ handle: ZHandle }))
    .query(({ ctx, input }) => reviewEligibility(ctx, ctx.customerId, input.handle)),
  create: customerProcedure
    .input(ZReviewInput)
    .mutation(({ ctx, input }) => createReview(ctx, ctx.customerId, input)),
});
