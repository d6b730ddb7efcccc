// The staff list and every change to it, with the cache kept in step here: a change refetches the
// list (and the audit trail, which it adds to) before the caller's own onSuccess runs.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useAdminTRPC } from "../../../lib/admin/trpc.ts";

export function useStaffList() {
  const trpc = useAdminTRPC();
  return useQuery(trpc.staff.list.queryOptions());
}

export function useStaffChanges() {
  const trpc = useAdminTRPC();
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.staff.list.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.audit.list.pathKey() }),
    ]);
  const onSuccess = { onSuccess: () => refresh() };
  return {
    add: useMutation(trpc.staff.add.mutationOptions(onSuccess)),
    setRole: useMutation(trpc.staff.setRole.mutationOptions(onSuccess)),
    disable: useMutation(trpc.staff.disable.mutationOptions(onSuccess)),
    enable: useMutation(trpc.staff.enable.mutationOptions(onSuccess)),
    issuePasswordLink: useMutation(trpc.staff.issuePasswordLink.mutationOptions(onSuccess)),
    resetSecondFactor: useMutation(trpc.staff.resetSecondFactor.mutationOptions(onSuccess)),
  };
}
