// npm run staff -- add <email> --role <role> | list | role <email> <role> | disable <email>
//   | enable <email> | link <email> | reset-2fa <email>
// The operator's hand on the staff accounts, through the admin's own service: every change is
// written to the audit trail with the actor "operator".
import { parseArgs } from "node:util";
import { ZEmail } from "@vela/shared";
import { isRole, ROLES, type Role } from "@vela/shared/admin";
import type { Deps } from "../deps.ts";
import { OPERATOR } from "../modules/audit/service.ts";
import {
  addStaff,
  disableStaff,
  enableStaff,
  issuePasswordLink,
  listStaff,
  resetSecondFactor,
  type StaffSummary,
  setRole,
} from "../modules/staff/service.ts";

export const STAFF_USAGE = [
  "usage: npm run staff -- add <email> --role <role>",
  "       npm run staff -- list",
  "       npm run staff -- role <email> <role>",
  "       npm run staff -- disable <email>      (ends their sessions)",
  "       npm run staff -- enable <email>",
  "       npm run staff -- link <email>         (a new link to choose a password)",
  "       npm run staff -- reset-2fa <email>    (removes a lost second factor and its recovery codes)",
  `roles: ${ROLES.join(", ")}`,
].join("\n");

/** A refused command: its text is for the operator, the exit status 1. */
export class StaffCommandError extends Error {}

function emailOf(text: string | undefined): string {
  const parsed = ZEmail.safeParse(text ?? "");
  if (!parsed.success) throw new StaffCommandError(`Not an email: ${text ?? "(none)"}\n${STAFF_USAGE}`);
  return parsed.data;
}

function roleOf(text: string | undefined): Role {
  if (!text || !isRole(text)) throw new StaffCommandError(`Not a role: ${text ?? "(none)"}\n${STAFF_USAGE}`);
  return text;
}

const describe = (s: StaffSummary) => `${s.email} (${s.role}${s.disabled ? ", disabled" : ""})`;

function linkLines(url: string, expiresAt: string): string[] {
  return [
    `Link to choose a password, valid until ${expiresAt} and once only (hand it to them; it is not shown again):`,
    url,
  ];
}

/** The command's output lines; a refused command throws with the reason. */
export async function runStaffCommand(deps: Deps, args: string[]): Promise<string[]> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { role: { type: "string" } },
  });
  const [sub, target, extra] = positionals;
  switch (sub) {
    case "add": {
      const result = await addStaff(deps, OPERATOR, { email: emailOf(target), role: roleOf(values.role) });
      return [
        `Added staff member ${result.staff.id}: ${describe(result.staff)}`,
        ...linkLines(result.setPasswordUrl, result.expiresAt),
      ];
    }
    case "list": {
      const staff = await listStaff(deps);
      if (staff.length === 0) return ["No staff yet. Add one: npm run staff -- add <email> --role owner"];
      return staff.map((s) =>
        [
          String(s.id).padStart(4),
          s.email.padEnd(32),
          s.role.padEnd(10),
          (s.disabled ? "disabled" : "active").padEnd(8),
          s.secondFactor ? "2FA" : "no 2FA",
          s.passwordSet ? "" : "(no password yet)",
          s.lastSignInAt ? `last sign-in ${s.lastSignInAt}` : "",
        ]
          .filter(Boolean)
          .join("  "),
      );
    }
    case "role": {
      const s = await setRole(deps, OPERATOR, { email: emailOf(target) }, roleOf(extra ?? values.role));
      return [`${describe(s)}: role is now ${s.role}`];
    }
    case "disable": {
      const s = await disableStaff(deps, OPERATOR, { email: emailOf(target) });
      return [`Disabled ${s.email}: they cannot sign in, and their sessions have ended`];
    }
    case "enable": {
      const s = await enableStaff(deps, OPERATOR, { email: emailOf(target) });
      return [`Enabled ${describe(s)}`];
    }
    case "link": {
      const result = await issuePasswordLink(deps, OPERATOR, { email: emailOf(target) });
      return [
        `New link for ${describe(result.staff)}; earlier links no longer work`,
        ...linkLines(result.setPasswordUrl, result.expiresAt),
      ];
    }
    case "reset-2fa": {
      const s = await resetSecondFactor(deps, OPERATOR, { email: emailOf(target) });
      return [
        `Removed the second factor of ${s.email}; their sessions have ended, and they set up a new one at their next sign-in`,
      ];
    }
    default:
      throw new StaffCommandError(STAFF_USAGE);
  }
}
