import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Link, Navigate, useNavigate, useSearchParams } from "react-router-dom";
import { safeAdminNext, signInHref } from "../../../lib/admin/session.ts";
import { useAdminText } from "../../../lib/admin/text.ts";
import { type AdminOutputs, useAdminTRPC } from "../../../lib/admin/trpc.ts";
import { useForm } from "../../../lib/forms/use-form.ts";
import { AdminPage } from "../../../ui/admin/admin-page.tsx";
import { QrCode } from "../../../ui/admin/qr-code.tsx";
import { Button, SubmitButton } from "../../../ui/button.tsx";
import { ErrorBox } from "../../../ui/error-box.tsx";
import { TextField } from "../../../ui/field.tsx";
import { Notice } from "../../../ui/notice.tsx";
import { Spinner } from "../../../ui/spinner.tsx";

type Secret = AdminOutputs["auth"]["startTotpEnrolment"];

/**
 * /admin/enrol: set up the authenticator app. The secret as a QR code and as text (for whoever
 * cannot scan: keyboard and screen-reader users type it in), a code to prove the app has it, then
 * the ten recovery codes, shown this once, until the member says they have saved them.
 */
export default function EnrolPage() {
  const trpc = useAdminTRPC();
  const { t } = useAdminText();
  const [params] = useSearchParams();
  const next = safeAdminNext(params.get("next"));
  const me = useQuery(trpc.auth.me.queryOptions());
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  if (recoveryCodes) return <RecoveryCodes codes={recoveryCodes} next={next} />;
  if (me.isPending) return <Spinner />;
  const staff = me.data?.staff;
  if (!me.data || me.data.stage === "signed-out" || me.data.stage === "second-factor" || !staff)
    return <Navigate to={signInHref(`/admin/enrol?next=${encodeURIComponent(next)}`)} replace />;
  if (staff.secondFactor.enabled)
    return (
      <AdminPage title={t("admin.enrol.title")}>
        <p>{t("admin.enrol.already")}</p>
        <p>
          <Link to={next}>{t("admin.noAccess.home")}</Link>
        </p>
      </AdminPage>
    );
  return (
    <AdminPage title={t("admin.enrol.title")}>
      {staff.secondFactor.required ? <Notice tone="info">{t("admin.enrol.required")}</Notice> : null}
      <Enrolment onConfirmed={setRecoveryCodes} />
    </AdminPage>
  );
}

function Enrolment({ onConfirmed }: { onConfirmed(codes: string[]): void }) {
  const trpc = useAdminTRPC();
  const { t, errorText } = useAdminText();
  const start = useMutation(trpc.auth.startTotpEnrolment.mutationOptions());
  const confirm = useMutation(trpc.auth.confirmTotpEnrolment.mutationOptions());
  const [secret, setSecret] = useState<Secret | null>(null);
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  // One secret per visit of the page (each start replaces the one before on the server).
  const begin = () => {
    setError(null);
    start.mutate(undefined, { onSuccess: setSecret, onError: (err) => setError(errorText(err)) });
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the page opens.
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    begin();
  }, []);

  const form = useForm({ code: "" }, (v) => ({
    code: /^\d{6}$/.test(v.code.trim()) ? undefined : t("admin.enrol.codeFormat"),
  }));
  const submit = form.handleSubmit(async (v) => {
    setError(null);
    try {
      const { recoveryCodes } = await confirm.mutateAsync({ code: v.code.trim() });
      onConfirmed(recoveryCodes);
    } catch (err) {
      setError(errorText(err));
      form.set("code", "");
    }
  });

  if (!secret)
    return error ? (
      <ErrorBox message={error} onRetry={begin} retrying={start.isPending} />
    ) : (
      <Spinner label={t("admin.enrol.starting")} />
    );
  return (
    <>
      <p>{t("admin.enrol.intro")}</p>
      <div className="admin-enrol-secret">
        <QrCode text={secret.otpauthUri} label={t("admin.enrol.qr")} />
        <p>
          {t("admin.enrol.secret")}{" "}
          <code className="admin-secret" data-testid="totp-secret">
            {secret.secret}
          </code>
        </p>
      </div>
      {error ? <ErrorBox message={error} /> : null}
      <form ref={form.formRef} className="form" noValidate onSubmit={submit}>
        <TextField
          label={t("admin.enrol.code")}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
          {...form.field("code")}
        />
        <SubmitButton
          busy={confirm.isPending}
          label={t("admin.enrol.confirm")}
          busyLabel={t("admin.enrol.confirming")}
        />
      </form>
    </>
  );
}

function RecoveryCodes({ codes, next }: { codes: string[]; next: string }) {
  const trpc = useAdminTRPC();
  const { t } = useAdminText();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const heading = useRef<HTMLHeadingElement>(null);
  const [leaving, setLeaving] = useState(false);
  // The page changed under the member's feet: the codes' heading takes focus, and is read out.
  useEffect(() => heading.current?.focus(), []);
  const done = async () => {
    setLeaving(true);
    await queryClient.refetchQueries({ queryKey: trpc.auth.me.queryKey() });
    navigate(next, { replace: true });
  };
  return (
    <AdminPage title={t("admin.enrol.recoveryTitle")} headingRef={heading}>
      <p>{t("admin.enrol.recoveryIntro")}</p>
      <ol className="admin-recovery-codes" aria-label={t("admin.enrol.recoveryList")}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <Button onClick={done} busy={leaving}>
        {t("admin.enrol.saved")}
      </Button>
    </AdminPage>
  );
}
