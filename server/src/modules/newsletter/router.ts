import { ZNewsletterConfirmInput, ZNewsletterUnsubscribeInput, ZSubscribeInput } from "@vela/shared";
import { publicProcedure, router } from "../../trpc/init.ts";
import { confirmSubscription, subscribe, unsubscribe } from "./service.ts";

export const newsletterRouter = router({
  subscribe: publicProcedure
    .input(ZSubscribeInput)
    .mutation(({ ctx, input }) => subscribe(ctx, input, ctx.ip)),
  confirm: publicProcedure
    .input(ZNewsletterConfirmInput)
    .mutation(({ ctx, input }) => confirmSubscription(ctx, input.token)),
  unsubscribe: publicProcedure
    .input(ZNewsletterUnsubscribeInput)
    .mutation(({ ctx, input }) => unsubscribe(ctx, input.id, input.token)),
});
