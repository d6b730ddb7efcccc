// The demo owner of the admin: a published password and no second factor, so never in
// production (seedDatabase calls this in its demo branch, and this refuses on its own too).
import { BRAND } from "@vela/shared";
import { hashPassword } from "../../auth/password.ts";
import type { Deps } from "../../deps.ts";

export const DEMO_OWNER = { email: `admin@${BRAND.domain}`, password: "admin-password" } as const;

export async function seedDemoOwner(deps: Pick<Deps, "db" | "clock" | "config">): Promise<void> {
  if (deps.config.env === "production") return;
  if (await deps.db.staff.findUnique({ where: { email: DEMO_OWNER.email }, select: { id: true } })) return;
  const now = deps.clock.now();
  await deps.db.staff.create({
    data: {
      email: DEMO_OWNER.email,
      role: "owner",
      passwordHash: await hashPassword(DEMO_OWNER.password),
      passwordChangedAt: now,
      createdAt: now,
    },
  });
}
