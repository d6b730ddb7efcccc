import { ZOrderAccessInput, ZOrderLookupInput } from "@vela/shared";
import { publicProcedure, router } from "../../trpc/init.ts";
import { ORDER_ACCESS_COOKIE, ORDER_ACCESS_MAX_AGE_SECONDS } from "../checkout/router.ts";
import { openOrderLink, requestOrderLink } from "./service.ts";

export const orderLookupRouter = router({
  /** Always `{ok: true}`: whether an order matched is told only to the order's inbox. */
  request: publicProcedure
    .input(ZOrderLookupInput)
    .mutation(({ ctx, input }) => requestOrderLink(ctx, input, ctx.ip)),
  /** Follows a mailed link: a POST from the link's page, so a mail scanner's GET spends nothing. */
  open: publicProcedure.input(ZOrderAccessInput).mutation(async ({ ctx, input }) => {
    const opened = await openOrderLink(ctx, input.token, ctx.ip);
    // The cookie the checkout sets for the browser that placed the order, with its attributes.
    ctx.reply.setCookie(ORDER_ACCESS_COOKIE, opened.accessToken, {
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: ctx.config.publicUrl.startsWith("https:") || ctx.req.protocol === "https",
      maxAge: ORDER_ACCESS_MAX_AGE_SECONDS,
      expires: new Date(ctx.clock.now().getTime() + ORDER_ACCESS_MAX_AGE_SECONDS * 1000),
    });
    return { orderId: String(opened.orderId) };
  }),
});
