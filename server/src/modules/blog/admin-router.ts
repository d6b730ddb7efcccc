// The admin's blog procedures, each naming the permission it needs (docs/admin.md, "Blog"). Thin:
// the work lives in admin-posts.ts. Writes that change what shoppers see (save, publish, schedule,
// unpublish, delete) are public-data writers: the page cache is emptied after each
// (ADMIN_PUBLIC_DATA_WRITERS). Creating a post is not: a new post is a draft.
import {
  ZBlogCoverUploadInput,
  ZBlogCreateInput,
  ZBlogListAdminInput,
  ZBlogPreviewInput,
  ZBlogPublishInput,
  ZBlogRefInput,
  ZBlogSaveInput,
  ZBlogVersionedRef,
} from "@vela/shared/admin";
import { adminRouter, staffProcedure } from "../../trpc/admin-init.ts";
import {
  createPost,
  deletePost,
  listPostsForStaff,
  postForStaff,
  previewBody,
  publishPost,
  savePost,
  unpublishPost,
} from "./admin-posts.ts";
import { uploadCover } from "./covers.ts";

export const blogAdminRouter = adminRouter({
  /** Every post, drafts and scheduled ones too, newest publish time first. */
  list: staffProcedure("content.manage")
    .input(ZBlogListAdminInput)
    .query(({ ctx, input }) => listPostsForStaff(ctx, input)),

  /** A post's English and Japanese texts (markdown and stored HTML), cover, status, time, version. */
  get: staffProcedure("content.manage")
    .input(ZBlogRefInput)
    .query(({ ctx, input }) => postForStaff(ctx, input.postId)),

  /**
   * The HTML a save would store for a body: the editor's preview is exactly what will be shown. A
   * mutation though it changes nothing: a body of 50,000 characters does not fit in a URL.
   */
  preview: staffProcedure("content.manage")
    .input(ZBlogPreviewInput)
    .mutation(({ input }) => previewBody(input.body)),

  /** A new post, as a draft. */
  create: staffProcedure("content.manage")
    .input(ZBlogCreateInput)
    .mutation(({ ctx, input }) => createPost(ctx, ctx.actor, input)),

  /** Address, cover and texts at the version opened. */
  update: staffProcedure("content.manage")
    .input(ZBlogSaveInput)
    .mutation(({ ctx, input }) => savePost(ctx, ctx.actor, input)),

  /** Publish now, or at a later time (scheduled). */
  publish: staffProcedure("content.manage")
    .input(ZBlogPublishInput)
    .mutation(({ ctx, input }) => publishPost(ctx, ctx.actor, input)),

  /** Back to draft: out of the shop, or off the schedule. */
  unpublish: staffProcedure("content.manage")
    .input(ZBlogVersionedRef)
    .mutation(({ ctx, input }) => unpublishPost(ctx, ctx.actor, input)),

  /**
   * A cover picture (JPEG, PNG or WebP) kept in the media storage: answers the name a post is
   * saved with. Changes no post (the save that names it does), so it is no public-data writer.
   */
  uploadCover: staffProcedure("content.manage")
    .input(ZBlogCoverUploadInput)
    .mutation(({ ctx, input }) => uploadCover(ctx, input.data)),

  /** Deletes the post and its texts. */
  delete: staffProcedure("content.manage")
    .input(ZBlogVersionedRef)
    .mutation(({ ctx, input }) => deletePost(ctx, ctx.actor, input)),
});
