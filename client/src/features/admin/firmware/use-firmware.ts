// The firmware area's queries and actions: adding or publishing or withdrawing a version refetches
// the list and the audit trail before the caller's own onSuccess runs.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type AdminOutputs, useAdminTRPC } from "../../../lib/admin/trpc.ts";

export type FirmwareVersionRow = AdminOutputs["firmware"]["list"]["versions"][number];

export function useFirmwareList(model: string) {
  const trpc = useAdminTRPC();
  return useQuery(trpc.firmware.list.queryOptions(model ? { model } : undefined));
}

export function useFirmwareActions() {
  const trpc = useAdminTRPC();
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.firmware.list.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.audit.list.pathKey() }),
    ]);
  return {
    add: useMutation(trpc.firmware.add.mutationOptions({ onSuccess: refresh })),
    update: useMutation(trpc.firmware.update.mutationOptions({ onSuccess: refresh })),
    setStatus: useMutation(trpc.firmware.setStatus.mutationOptions({ onSuccess: refresh })),
  };
}

/** A file's bytes as base64, for the JSON body of `firmware.add`. */
export async function fileAsBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = "";
  const step = 0x8000;
  for (let i = 0; i < bytes.length; i += step) binary += String.fromCharCode(...bytes.subarray(i, i + step));
  return btoa(binary);
}
