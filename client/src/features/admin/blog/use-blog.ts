// The blog area's queries and actions, with the cache kept in step here: a write puts the post it
// answers with in the cache and refetches the list and the audit trail, before the caller's own
// onSuccess runs. The preview asks the server to render the markdown as a save would store it,
// once the member has stopped typing for a moment.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { type AdminOutputs, useAdminTRPC, useAdminTRPCClient } from "../../../lib/admin/trpc.ts";

export type BlogListRow = AdminOutputs["blog"]["list"]["posts"][number];
export type BlogPost = AdminOutputs["blog"]["get"];
export type BlogState = BlogListRow["state"];
export const BLOG_STATES: readonly BlogState[] = ["DRAFT", "SCHEDULED", "PUBLISHED"];

/** How long the body must rest before its preview is asked for. */
export const PREVIEW_DELAY_MS = 400;

export function useBlogList(state: BlogState | undefined) {
  const trpc = useAdminTRPC();
  return useQuery(
    trpc.blog.list.queryOptions(state ? { status: state } : {}, { placeholderData: keepPreviousData }),
  );
}

export function useBlogPost(postId: number | null) {
  const trpc = useAdminTRPC();
  return useQuery(trpc.blog.get.queryOptions({ postId: postId ?? 0 }, { enabled: postId !== null }));
}

/** A value that follows `value` once it has not changed for `ms`. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** The stored HTML a save would make of `body`, asked for once typing rests (a POST: bodies are long). */
export function useBlogPreview(body: string) {
  const client = useAdminTRPCClient();
  const settled = useSettled(body, PREVIEW_DELAY_MS);
  return useQuery({
    queryKey: ["admin", "blog.preview", settled],
    queryFn: () => client.blog.preview.mutate({ body: settled }),
    enabled: settled.trim().length > 0,
    placeholderData: keepPreviousData,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useBlogActions(postId: number) {
  const trpc = useAdminTRPC();
  const queryClient = useQueryClient();
  const others = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.blog.list.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.audit.list.pathKey() }),
    ]);
  const put = (post: BlogPost) => {
    queryClient.setQueryData(trpc.blog.get.queryKey({ postId }), post);
    return others();
  };
  return {
    update: useMutation(trpc.blog.update.mutationOptions({ onSuccess: put })),
    publish: useMutation(trpc.blog.publish.mutationOptions({ onSuccess: put })),
    unpublish: useMutation(trpc.blog.unpublish.mutationOptions({ onSuccess: put })),
    remove: useMutation(
      trpc.blog.delete.mutationOptions({
        onSuccess: () => {
          queryClient.removeQueries({ queryKey: trpc.blog.get.queryKey({ postId }) });
          return others();
        },
      }),
    ),
    /** Reads the post again (after a refused save: the version someone else saved), and answers it. */
    reload: () => queryClient.fetchQuery({ ...trpc.blog.get.queryOptions({ postId }), staleTime: 0 }),
  };
}

/** A new post (a draft); the list and the audit trail are refetched before the caller goes on. */
export function useCreatePost() {
  const trpc = useAdminTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.blog.create.mutationOptions({
      onSuccess: (post) => {
        queryClient.setQueryData(trpc.blog.get.queryKey({ postId: post.id }), post);
        return Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.blog.list.pathKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.audit.list.pathKey() }),
        ]);
      },
    }),
  );
}

/** `/admin/blog/12` -> 12; anything but a positive whole number is no post. */
export function postIdOf(value: string | undefined): number | null {
  return value && /^[1-9]\d{0,9}$/.test(value) && Number(value) <= 2_147_483_647 ? Number(value) : null;
}

/** Keeps a cover picture on the server; answers the name a post is saved with. */
export function useUploadCover() {
  const trpc = useAdminTRPC();
  return useMutation(trpc.blog.uploadCover.mutationOptions());
}
