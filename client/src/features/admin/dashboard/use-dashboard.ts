import { useQuery } from "@tanstack/react-query";
import { type AdminOutputs, useAdminTRPC } from "../../../lib/admin/trpc.ts";

export type DashboardSummary = AdminOutputs["dashboard"]["summary"];

/** The figures, read again every minute while the page is open. */
export function useDashboard() {
  const trpc = useAdminTRPC();
  return useQuery(trpc.dashboard.summary.queryOptions(undefined, { refetchInterval: 60_000 }));
}
