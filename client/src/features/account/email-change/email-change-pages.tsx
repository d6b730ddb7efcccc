import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ZEmailChangeTokenInput } from "@vela/shared";
import { type ReactNode, useEffect, useRef } from "react";
import { Link, useLocation, useSearchParams } from "react-router-dom";
import { type FallbackArea, useI18n } from "../../../lib/i18n.tsx";
import { PATHS } from "../../../lib/routes.ts";
import { useTRPC } from "../../../lib/trpc.ts";
import { Button } from "../../../ui/button.tsx";
import { ErrorBox } from "../../../ui/error-box.tsx";
import { Notice } from "../../../ui/notice.tsx";
import { PageMeta } from "../../../ui/seo/page-meta.tsx";

/** The emailed link's token, when it is one the server's schema accepts. */
function useLinkToken(): string | null {
  const [params] = useSearchParams();
  const parsed = ZEmailChangeTokenInput.safeParse({ token: params.get("token") ?? "" });
  return parsed.success ? parsed.data.token : null;
}

interface LinkMutation {
  isPending: boolean;
  isSuccess: boolean;
  error: unknown;
}

/**
 * One emailed link's page: it changes nothing on opening (mail scanners open links), only when
 * the reader presses the button. The outcome takes the focus, since the button goes away.
 */
function EmailLinkPage({
  title,
  intro,
  submit,
  submitting,
  area,
  mutation,
  onSubmit,
  success,
  afterError,
}: {
  title: string;
  intro: string;
  submit: string;
  submitting: string;
  area: FallbackArea;
  mutation: LinkMutation;
  onSubmit(token: string): void;
  success: ReactNode;
  /** Where to go from a failed link. */
  afterError: ReactNode;
}) {
  const { t, errorText } = useI18n();
  const token = useLinkToken();
  const outcome = useRef<HTMLDivElement>(null);
  const settled = mutation.isSuccess || mutation.error != null;
  useEffect(() => {
    if (settled) outcome.current?.focus();
  }, [settled]);

  return (
    <section className="page page-narrow token-link">
      <PageMeta title={title} noindex />
      <h1>{title}</h1>
      {token === null ? (
        <>
          <ErrorBox message={t("emailChange.missingToken")} />
          {afterError}
        </>
      ) : settled ? (
        <div ref={outcome} tabIndex={-1} className="stack">
          {mutation.error != null ? (
            <>
              <ErrorBox message={errorText(mutation.error, area)} />
              {afterError}
            </>
          ) : (
            success
          )}
        </div>
      ) : (
        <>
          <p>{intro}</p>
          <Button busy={mutation.isPending} onClick={() => onSubmit(token)}>
            {mutation.isPending ? submitting : submit}
          </Button>
        </>
      )}
    </section>
  );
}

/** /account/email-change?token=: the link mailed to the new address. */
function ConfirmPage() {
  const { t } = useI18n();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const confirm = useMutation(
    trpc.account.confirmEmailChange.mutationOptions({
      // The signed-in customer (if any) has a new email, or other pages' copies are stale.
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.account.me.queryKey() }),
    }),
  );
  const data = confirm.data;
  return (
    <EmailLinkPage
      title={t("emailChange.confirmTitle")}
      intro={t("emailChange.confirmIntro")}
      submit={t("emailChange.confirmSubmit")}
      submitting={t("emailChange.confirming")}
      area="emailChange"
      mutation={confirm}
      onSubmit={(token) => confirm.mutate({ token })}
      success={
        data ? (
          <>
            <Notice>{t("emailChange.confirmed", { email: data.email })}</Notice>
            <p>
              {data.signedIn ? (
                <Link to={PATHS.profile}>{t("emailChange.toProfile")}</Link>
              ) : (
                <Link to={PATHS.login}>{t("emailChange.login")}</Link>
              )}
            </p>
          </>
        ) : null
      }
      afterError={
        <p>
          <Link to={PATHS.profile}>{t("emailChange.toProfile")}</Link>
        </p>
      }
    />
  );
}

/** /account/email-change/cancel?token=: the link in the notice to the old address. */
function CancelPage() {
  const { t } = useI18n();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const cancel = useMutation(
    trpc.account.cancelEmailChange.mutationOptions({
      // Every session of the account ended.
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.account.me.queryKey() }),
    }),
  );
  return (
    <EmailLinkPage
      title={t("emailChange.cancelTitle")}
      intro={t("emailChange.cancelIntro")}
      submit={t("emailChange.cancelSubmit")}
      submitting={t("emailChange.cancelling")}
      area="emailChangeCancel"
      mutation={cancel}
      onSubmit={(token) => cancel.mutate({ token })}
      success={
        <>
          <Notice>{t("emailChange.cancelled")}</Notice>
          <p>
            <Link to={PATHS.recover}>{t("emailChange.resetPassword")}</Link>
          </p>
        </>
      }
      afterError={
        <p>
          <Link to={PATHS.recover}>{t("emailChange.resetPassword")}</Link>
        </p>
      }
    />
  );
}

// Keyed by the query, so following another emailed link in the same tab starts afresh.
export function EmailChangeConfirmPage() {
  return <ConfirmPage key={useLocation().search} />;
}

export function EmailChangeCancelPage() {
  return <CancelPage key={useLocation().search} />;
}
