import { type ReactElement, type ReactNode, useRef, useState } from "react";
import { Link } from "react-router-dom";
import { ErrorBox } from "../error-box.tsx";
import { Spinner } from "../spinner.tsx";
import { AdminPage } from "./admin-page.tsx";

/** What a record's loading query gives the frame (a TanStack query result). */
export interface RecordQuery<T> {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  data: T | undefined;
  refetch(): unknown;
}

/**
 * One record's page in the admin (an order, a return, a customer): the address names no record,
 * the record loads, it failed to load (with Retry), each with the way back to its list; then the
 * record's own view.
 */
export function AdminRecord<T>({
  title,
  errorTitle = title,
  back,
  invalid,
  query,
  loadingLabel,
  errorText,
  children,
}: {
  /** The page's title while there is no record to name it by. */
  title: string;
  /** The title when loading failed, when it can name the record already. */
  errorTitle?: string;
  back: { to: string; label: string };
  /** Set when the address names no record (a malformed id): the message said instead of loading. */
  invalid: string | null;
  query: RecordQuery<T>;
  loadingLabel: string;
  errorText(error: unknown): string;
  children(record: T): ReactNode;
}) {
  const backLink = <BackLink to={back.to} label={back.label} />;
  if (invalid !== null)
    return (
      <AdminPage title={title}>
        {backLink}
        <ErrorBox message={invalid} />
      </AdminPage>
    );
  if (query.isPending) return <Spinner label={loadingLabel} />;
  if (query.isError || query.data === undefined)
    return (
      <AdminPage title={errorTitle}>
        {backLink}
        <ErrorBox
          message={errorText(query.error)}
          onRetry={() => query.refetch()}
          retrying={query.isFetching}
        />
      </AdminPage>
    );
  return <>{children(query.data)}</>;
}

/** The way back from a record to its list, for a record's view. */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <p>
      <Link to={to}>{label}</Link>
    </p>
  );
}

export type ActionOutcome = { ok: boolean; text: string };

/**
 * What became of the last action on a record's page: `view` says it (a status, or the error), and
 * `show` puts it there and moves focus to it, since the control that was used may be gone (the
 * order shipped, Disable became Enable, the return moved on).
 */
export function useActionOutcome(): { show(outcome: ActionOutcome): void; view: ReactElement } {
  const [outcome, setOutcome] = useState<ActionOutcome | null>(null);
  const ref = useRef<HTMLDivElement>(null);
  const show = (next: ActionOutcome) => {
    setOutcome(next);
    requestAnimationFrame(() => ref.current?.focus());
  };
  const view = (
    <div ref={ref} tabIndex={-1} className="admin-outcome">
      {outcome?.ok ? (
        <div className="notice notice-success" role="status">
          {outcome.text}
        </div>
      ) : outcome ? (
        <ErrorBox message={outcome.text} />
      ) : null}
    </div>
  );
  return { show, view };
}
