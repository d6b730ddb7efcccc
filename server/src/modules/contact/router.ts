import { ZContactInput } from "@vela/shared";
import { publicProcedure, router } from "../../trpc/init.ts";
import { sendContactMessage } from "./service.ts";

export const contactRouter = router({
  send: publicProcedure
    .input(ZContactInput)
    .mutation(({ ctx, input }) => sendContactMessage(ctx, input, ctx.ip)),
});
