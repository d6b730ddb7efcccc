import { ZAuditListInput } from "@vela/shared/admin";
import { adminRouter, staffProcedure } from "../../trpc/admin-init.ts";
import { list } from "./service.ts";

export const auditRouter = adminRouter({
  /** Newest first; filter by actor (`"operator"` or a staff id), kind, entity and dates; `cursor` pages. */
  list: staffProcedure("audit.read")
    .input(ZAuditListInput)
    .query(({ ctx, input }) => list(ctx, input)),
});
