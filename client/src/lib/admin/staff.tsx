// The signed-in member of staff, for every admin page below the shell, and what they may do.
// Pages and controls ask `useCan` (or draw through ui/admin's PermissionGuard); both read the
// permissions `auth.me` answered, the one list of @vela/shared/admin that the server checks too.
import { can, type Permission } from "@vela/shared/admin";
import { createContext, type ReactNode, useContext } from "react";
import type { StaffMe } from "./trpc.ts";

const StaffContext = createContext<StaffMe | null>(null);

/** The admin's shell provides the member it signed in; tests provide one of any role. */
export function StaffProvider({ staff, children }: { staff: StaffMe; children: ReactNode }) {
  return <StaffContext.Provider value={staff}>{children}</StaffContext.Provider>;
}

/** The signed-in member: only inside the admin's shell (which renders nothing until it knows). */
export function useStaff(): StaffMe {
  const staff = useContext(StaffContext);
  if (!staff) throw new Error("useStaff needs a <StaffProvider> (the admin's shell) above it");
  return staff;
}

/**
 * Whether the signed-in member holds `needed`: "all" of them, or "any" one, said at every use.
 * The server decides anyway (every procedure names its permission); this only hides what it would refuse.
 */
export function useCan(needed: Permission | readonly Permission[], mode: "all" | "any"): boolean {
  const staff = useContext(StaffContext);
  if (!staff) return false;
  return can(staff.permissions, typeof needed === "string" ? [needed] : needed, mode);
}
