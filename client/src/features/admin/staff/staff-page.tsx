import type { MessageKey } from "@vela/i18n";
import { ROLES, type Role } from "@vela/shared/admin";
import { useEffect, useId, useRef, useState } from "react";
import { useStaff } from "../../../lib/admin/staff.tsx";
import { useAdminText } from "../../../lib/admin/text.ts";
import type { AdminOutputs } from "../../../lib/admin/trpc.ts";
import { useDialogs } from "../../../lib/dialogs.ts";
import { useForm } from "../../../lib/forms/use-form.ts";
import { AdminPage } from "../../../ui/admin/admin-page.tsx";
import { type AdminColumn, AdminTable } from "../../../ui/admin/admin-table.tsx";
import { Button, SubmitButton } from "../../../ui/button.tsx";
import { ErrorBox } from "../../../ui/error-box.tsx";
import { TextField } from "../../../ui/field.tsx";
import { Notice } from "../../../ui/notice.tsx";
import { useStaffChanges, useStaffList } from "./use-staff.ts";

type Member = AdminOutputs["staff"]["list"]["staff"][number];
type Changes = ReturnType<typeof useStaffChanges>;
/** A one-time link to hand over, shown once. */
interface Handover {
  email: string;
  url: string;
  expiresAt: string;
}

const roleKey = (role: string) => `admin.role.${role}` as MessageKey;

/**
 * /admin/staff (staff.manage): who may sign in and with which role. Add a member (the answer is
 * a one-time link to hand over), change a role, disable or enable, a new password link, reset a
 * lost second factor. The server refuses what the store forbids (the last owner) with its reason.
 */
export default function StaffPage() {
  const { t, errorText } = useAdminText();
  const list = useStaffList();
  const changes = useStaffChanges();
  const [handover, setHandover] = useState<Handover | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  /** Runs a change; its outcome is said in the page's status line (or its error box). */
  const run = async (change: () => Promise<string | undefined>) => {
    setStatus(null);
    setError(null);
    try {
      const said = await change();
      if (said) setStatus(said);
    } catch (err) {
      setError(errorText(err));
    }
  };

  return (
    <AdminPage title={t("admin.staff.title")}>
      <p>{t("admin.staff.intro")}</p>
      <AddMemberForm changes={changes} onAdded={setHandover} />
      {handover ? <HandoverPanel handover={handover} onDone={() => setHandover(null)} /> : null}
      {status ? <Notice>{status}</Notice> : null}
      {error ? <ErrorBox message={error} /> : null}
      <StaffTable
        members={list.data?.staff}
        error={list.isError ? errorText(list.error) : null}
        onRetry={() => list.refetch()}
        changes={changes}
        run={run}
        onLink={setHandover}
      />
    </AdminPage>
  );
}

function AddMemberForm({ changes, onAdded }: { changes: Changes; onAdded(h: Handover): void }) {
  const { t, tKey, errorText } = useAdminText();
  const roleId = useId();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({ email: "", role: "support" as Role }, (v) => ({
    email: v.email.trim() ? undefined : t("admin.staff.add.emailRequired"),
  }));
  const submit = form.handleSubmit(async (v) => {
    setError(null);
    try {
      const added = await changes.add.mutateAsync({ email: v.email.trim(), role: v.role });
      onAdded({ email: added.staff.email, url: added.setPasswordUrl, expiresAt: added.expiresAt });
      form.reset({ email: "", role: v.role });
    } catch (err) {
      setError(errorText(err));
    }
  });
  return (
    <section className="admin-section" aria-labelledby={`${roleId}-title`}>
      <h2 id={`${roleId}-title`}>{t("admin.staff.add.title")}</h2>
      {error ? <ErrorBox message={error} /> : null}
      <form ref={form.formRef} className="admin-inline-form" noValidate onSubmit={submit}>
        <TextField
          label={t("admin.staff.add.email")}
          type="email"
          name="email"
          autoComplete="off"
          required
          {...form.field("email")}
        />
        <div className="field">
          <label htmlFor={roleId}>{t("admin.staff.add.role")}</label>
          <select
            id={roleId}
            name="role"
            value={form.values.role}
            onChange={(e) => form.set("role", e.target.value as Role)}
          >
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {tKey(roleKey(r))}
              </option>
            ))}
          </select>
        </div>
        <SubmitButton
          busy={changes.add.isPending}
          label={t("admin.staff.add.submit")}
          busyLabel={t("admin.staff.add.submitting")}
        />
      </form>
    </section>
  );
}

/** The one-time link, shown once: selectable, copyable, with its expiry; focus comes here. */
function HandoverPanel({ handover, onDone }: { handover: Handover; onDone(): void }) {
  const { t, dateTime } = useAdminText();
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [copied, setCopied] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: again for each new link shown.
  useEffect(() => {
    heading.current?.focus();
    setCopied(false);
  }, [handover]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(handover.url);
      setCopied(true);
    } catch {
      // no clipboard (an insecure origin, a refusal): the link stays selectable in its field
    }
  };
  return (
    <section className="admin-handover" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1}>
        {t("admin.staff.link.title", { email: handover.email })}
      </h2>
      <p>{t("admin.staff.link.body", { date: dateTime(handover.expiresAt) })}</p>
      <div className="field">
        <label htmlFor={id}>{t("admin.staff.link.label", { email: handover.email })}</label>
        <input id={id} type="text" readOnly value={handover.url} onFocus={(e) => e.currentTarget.select()} />
      </div>
      <div className="admin-actions">
        <Button variant="secondary" onClick={copy}>
          {copied ? t("admin.staff.link.copied") : t("admin.staff.link.copy")}
        </Button>
        <Button onClick={onDone}>{t("admin.staff.link.done")}</Button>
      </div>
    </section>
  );
}

function StaffTable({
  members,
  error,
  onRetry,
  changes,
  run,
  onLink,
}: {
  members: readonly Member[] | undefined;
  error: string | null;
  onRetry(): void;
  changes: Changes;
  run(change: () => Promise<string | undefined>): Promise<void>;
  onLink(h: Handover): void;
}) {
  const { t, tKey, dateTime } = useAdminText();
  const me = useStaff();
  const dialogs = useDialogs();
  const columns: AdminColumn<Member>[] = [
    {
      key: "email",
      header: t("admin.staff.col.email"),
      rowHeader: true,
      cell: (m) => (
        <>
          {m.email}
          {m.id === me.id ? <span className="admin-muted"> {t("admin.staff.you")}</span> : null}
        </>
      ),
    },
    {
      key: "role",
      header: t("admin.staff.col.role"),
      cell: (m) => (
        <RoleControl
          member={m}
          busy={changes.setRole.isPending && changes.setRole.variables?.staffId === m.id}
          onChange={(role) =>
            run(async () => {
              const { staff } = await changes.setRole.mutateAsync({ staffId: m.id, role });
              return t("admin.staff.role.saved", { email: staff.email, role: tKey(roleKey(staff.role)) });
            })
          }
        />
      ),
    },
    {
      key: "status",
      header: t("admin.staff.col.status"),
      cell: (m) =>
        m.disabled
          ? t("admin.staff.status.disabled")
          : m.passwordSet
            ? t("admin.staff.status.active")
            : t("admin.staff.status.noPassword"),
    },
    {
      key: "secondFactor",
      header: t("admin.staff.col.secondFactor"),
      cell: (m) => (m.secondFactor ? t("admin.staff.secondFactor.on") : t("admin.staff.secondFactor.off")),
    },
    {
      key: "lastSignIn",
      header: t("admin.staff.col.lastSignIn"),
      cell: (m) => (m.lastSignInAt ? dateTime(m.lastSignInAt) : t("admin.staff.never")),
    },
    {
      key: "actions",
      header: t("admin.staff.col.actions"),
      cell: (m) => (
        <div className="admin-actions">
          {m.disabled ? (
            <Button
              variant="secondary"
              aria-label={t("admin.staff.enable.label", { email: m.email })}
              onClick={() =>
                run(async () => {
                  await changes.enable.mutateAsync({ staffId: m.id });
                  return t("admin.staff.enabled", { email: m.email });
                })
              }
            >
              {t("admin.staff.enable")}
            </Button>
          ) : (
            <Button
              variant="danger"
              aria-label={t("admin.staff.disable.label", { email: m.email })}
              onClick={() =>
                run(async () => {
                  const sure = await dialogs.confirm(t("admin.staff.disable.confirm", { email: m.email }), {
                    confirmLabel: t("admin.staff.disable"),
                    danger: true,
                  });
                  if (!sure) return undefined;
                  await changes.disable.mutateAsync({ staffId: m.id });
                  return t("admin.staff.disabled", { email: m.email });
                })
              }
            >
              {t("admin.staff.disable")}
            </Button>
          )}
          {m.disabled ? null : (
            <Button
              variant="secondary"
              aria-label={t("admin.staff.newLink.label", { email: m.email })}
              onClick={() =>
                run(async () => {
                  const link = await changes.issuePasswordLink.mutateAsync({ staffId: m.id });
                  onLink({ email: link.staff.email, url: link.setPasswordUrl, expiresAt: link.expiresAt });
                  return undefined;
                })
              }
            >
              {t("admin.staff.newLink")}
            </Button>
          )}
          {m.secondFactor ? (
            <Button
              variant="secondary"
              aria-label={t("admin.staff.resetSecondFactor.label", { email: m.email })}
              onClick={() =>
                run(async () => {
                  const sure = await dialogs.confirm(
                    t("admin.staff.resetSecondFactor.confirm", { email: m.email }),
                    { confirmLabel: t("admin.staff.resetSecondFactor"), danger: true },
                  );
                  if (!sure) return undefined;
                  await changes.resetSecondFactor.mutateAsync({ staffId: m.id });
                  return t("admin.staff.resetSecondFactor.done", { email: m.email });
                })
              }
            >
              {t("admin.staff.resetSecondFactor")}
            </Button>
          ) : null}
        </div>
      ),
    },
  ];
  return (
    <AdminTable
      caption={t("admin.staff.list")}
      columns={columns}
      rows={members}
      rowKey={(m) => m.id}
      empty={t("admin.staff.empty")}
      error={error}
      onRetry={onRetry}
    />
  );
}

/** A member's role: a labelled choice and its own button, so arrowing through roles changes nothing. */
function RoleControl({
  member,
  busy,
  onChange,
}: {
  member: Member;
  busy: boolean;
  onChange(role: Role): void;
}) {
  const { t, tKey } = useAdminText();
  const id = useId();
  const [role, setRole] = useState(member.role);
  useEffect(() => setRole(member.role), [member.role]);
  return (
    <div className="admin-role">
      <label htmlFor={id} className="visually-hidden">
        {t("admin.staff.role.label", { email: member.email })}
      </label>
      <select id={id} value={role} onChange={(e) => setRole(e.target.value)}>
        {ROLES.map((r) => (
          <option key={r} value={r}>
            {tKey(roleKey(r))}
          </option>
        ))}
      </select>
      {role !== member.role ? (
        <Button
          variant="secondary"
          busy={busy}
          aria-label={t("admin.staff.role.saveLabel", { email: member.email })}
          onClick={() => onChange(role as Role)}
        >
          {busy ? t("admin.staff.role.saving") : t("admin.staff.role.save")}
        </Button>
      ) : null}
    </div>
  );
}
