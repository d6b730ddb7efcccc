import { z } from "zod";
import { ZEmail, ZLoginInput, ZPassword } from "../schemas.ts";
import { ADMIN_MESSAGES } from "./messages.ts";
import { PERMISSIONS, ROLES } from "./permissions.ts";

/** Input schemas of the admin's procedures, shared with the admin client's forms. */

export const ZRole = z.enum(ROLES, { error: ADMIN_MESSAGES.unknownRole });
export const ZPermission = z.enum(PERMISSIONS);

export const ZStaffSignInInput = ZLoginInput;
export type StaffSignInInput = z.infer<typeof ZStaffSignInInput>;

/** A 6-digit code from the authenticator app, or a recovery code (`xxxxx-xxxxx`). */
export const ZSecondFactorInput = z.strictObject({ code: z.string().trim().min(1).max(40) });
export type SecondFactorInput = z.infer<typeof ZSecondFactorInput>;

export const ZTotpCodeInput = z.strictObject({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, ADMIN_MESSAGES.totpCodeFormat),
});
export type TotpCodeInput = z.infer<typeof ZTotpCodeInput>;

export const ZSetPasswordInput = z.strictObject({
  token: z.string().trim().min(1).max(200),
  password: ZPassword,
});
export type SetPasswordInput = z.infer<typeof ZSetPasswordInput>;

export const ZStaffId = z.number().int().positive().max(2_147_483_647);

export const ZStaffAddInput = z.strictObject({ email: ZEmail, role: ZRole });
export type StaffAddInput = z.infer<typeof ZStaffAddInput>;

export const ZStaffRoleInput = z.strictObject({ staffId: ZStaffId, role: ZRole });
export type StaffRoleInput = z.infer<typeof ZStaffRoleInput>;

export const ZStaffRefInput = z.strictObject({ staffId: ZStaffId });
export type StaffRefInput = z.infer<typeof ZStaffRefInput>;

export const AUDIT_PAGE_MAX = 100;

/** `operator` (the command line) or a staff member's id. */
export const ZAuditActor = z.union([z.literal("operator"), ZStaffId]);

export const ZAuditListInput = z
  .strictObject({
    actor: ZAuditActor.optional(),
    kind: z.string().trim().min(1).max(100).optional(),
    entityType: z.string().trim().min(1).max(100).optional(),
    entityId: z.string().trim().min(1).max(100).optional(),
    /** ISO 8601 instants; `from` inclusive, `to` exclusive. */
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
    /** The `nextCursor` of the page before. */
    cursor: z.number().int().positive().optional(),
    limit: z.number().int().min(1).max(AUDIT_PAGE_MAX).default(50),
  })
  .default({ limit: 50 });
export type AuditListInput = z.input<typeof ZAuditListInput>;
