import type { ReactNode } from "react";
import { useSearchParams } from "react-router-dom";
import { serverAnswered, serverMessage } from "../../../lib/errors.ts";
import { useI18n } from "../../../lib/i18n.tsx";
import { ErrorBox } from "../../../ui/error-box.tsx";
import { PageMeta } from "../../../ui/seo/page-meta.tsx";
import { Spinner } from "../../../ui/spinner.tsx";
import { ReturnsSection } from "./returns-section.tsx";
import { useLinkReturns } from "./use-returns.ts";

/**
 * A guest's return page, opened by the link of the shipping mail (`?token=...`): that order's
 * lines, its returns and their states, and the request form. It opens nothing else and signs no
 * one in; the link keeps working after a request, to follow the return.
 */
export function GuestReturnPage() {
  const { t, serverText } = useI18n();
  const [params] = useSearchParams();
  const token = (params.get("token") ?? "").trim();
  const { query, send } = useLinkReturns(token);
  const title = t("returns.guest.title");

  let body: ReactNode;
  if (!token) body = <ErrorBox message={t("returns.guest.missingToken")} />;
  else if (query.isPending) body = <Spinner />;
  else if (query.error) {
    const message = serverMessage(query.error);
    body = (
      <ErrorBox
        message={
          message
            ? serverText(message)
            : serverAnswered(query.error)
              ? t("returns.loadError")
              : t("returns.loadError.network")
        }
        {...(serverAnswered(query.error) ? {} : { onRetry: () => void query.refetch() })}
        retrying={query.isRefetching}
      />
    );
  } else
    body = (
      <>
        <p className="lead">{t("returns.guest.order", { number: query.data.order.orderNumber })}</p>
        <ReturnsSection returnable={query.data} send={send} />
      </>
    );

  return (
    <section className="page guest-return">
      <PageMeta title={title} noindex />
      <h1>{title}</h1>
      {body}
    </section>
  );
}
