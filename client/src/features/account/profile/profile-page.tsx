import { useQuery } from "@tanstack/react-query";
import { useI18n } from "../../../lib/i18n.tsx";
import { useTRPC } from "../../../lib/trpc.ts";
import { ErrorBox } from "../../../ui/error-box.tsx";
import { PageMeta } from "../../../ui/seo/page-meta.tsx";
import { Spinner } from "../../../ui/spinner.tsx";
import { useLoginOn401 } from "../shared/use-login-on-401.ts";
import { ChangePasswordForm } from "./change-password-form.tsx";
import { ProfileForm } from "./profile-form.tsx";

export function ProfilePage() {
  const { t, errorText } = useI18n();
  const trpc = useTRPC();
  const me = useQuery(trpc.account.me.queryOptions());
  const loginOn401 = useLoginOn401(me.error);

  return (
    <section className="page profile">
      <PageMeta title={t("profile.title")} noindex />
      <h1>{t("profile.title")}</h1>
      {me.isPending ? <Spinner /> : null}
      {me.error ? (
        <ErrorBox
          message={errorText(me.error, "customer")}
          onRetry={() => void me.refetch()}
          retrying={me.isRefetching}
        />
      ) : null}
      {me.data ? (
        <div className="stack">
          <ProfileForm customer={me.data.customer} onUnauthorized={loginOn401} />
          <ChangePasswordForm onUnauthorized={loginOn401} />
        </div>
      ) : null}
    </section>
  );
}
