// The release notes area's queries and actions, with the cache kept in step here: a save puts the
// release it answers with in the cache and refetches the list and the audit trail; a delete
// refetches the list and the trail; all before the caller's own onSuccess runs. A refused save
// refetches nothing: the page keeps what the member typed.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ReleaseKind } from "@vela/shared/admin";
import { type AdminOutputs, useAdminTRPC } from "../../../lib/admin/trpc.ts";

export type ReleaseLists = AdminOutputs["releaseNotes"]["list"];
export type ReleaseDetail = AdminOutputs["releaseNotes"]["get"];

export function useReleaseLists() {
  const trpc = useAdminTRPC();
  return useQuery(trpc.releaseNotes.list.queryOptions(undefined));
}

export function useRelease(kind: ReleaseKind, id: number | null) {
  const trpc = useAdminTRPC();
  return useQuery(trpc.releaseNotes.get.queryOptions({ kind, id: id ?? 0 }, { enabled: id !== null }));
}

export function useReleaseActions() {
  const trpc = useAdminTRPC();
  const queryClient = useQueryClient();
  const others = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.releaseNotes.list.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.audit.list.pathKey() }),
    ]);
  const put = (release: ReleaseDetail) => {
    queryClient.setQueryData(trpc.releaseNotes.get.queryKey({ kind: release.kind, id: release.id }), release);
    return others();
  };
  return {
    createSystem: useMutation(trpc.releaseNotes.createSystem.mutationOptions({ onSuccess: put })),
    updateSystem: useMutation(trpc.releaseNotes.updateSystem.mutationOptions({ onSuccess: put })),
    createApp: useMutation(trpc.releaseNotes.createApp.mutationOptions({ onSuccess: put })),
    updateApp: useMutation(trpc.releaseNotes.updateApp.mutationOptions({ onSuccess: put })),
    remove: useMutation(trpc.releaseNotes.delete.mutationOptions({ onSuccess: others })),
  };
}

/** The id of /admin/release-notes/:kind/:id, or null when the address names none. */
export function releaseRefOf(
  kind: string | undefined,
  id: string | undefined,
): { kind: ReleaseKind; id: number } | null {
  if ((kind !== "system" && kind !== "app") || !id || !/^[1-9][0-9]{0,9}$/.test(id)) return null;
  const n = Number(id);
  return n <= 2_147_483_647 ? { kind, id: n } : null;
}
