import { ZBlogListInput, ZBlogPostInput } from "@vela/shared";
import { publicProcedure, router } from "../../trpc/init.ts";
import { getPost, listPosts } from "./service.ts";

export const blogRouter = router({
  list: publicProcedure
    .input(ZBlogListInput)
    .query(({ ctx, input }) => listPosts(ctx, input.language, input.limit)),
  post: publicProcedure
    .input(ZBlogPostInput)
    .query(({ ctx, input }) => getPost(ctx, input.language, input.slug)),
});
