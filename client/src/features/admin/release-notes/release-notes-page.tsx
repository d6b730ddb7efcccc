import type { RELEASE_LANGUAGES } from "@vela/shared";
import { Link } from "react-router-dom";
import { AdminPage } from "../../../ui/admin/admin-page.tsx";
import { type AdminColumn, AdminTable } from "../../../ui/admin/admin-table.tsx";
import { ErrorBox } from "../../../ui/error-box.tsx";
import { Spinner } from "../../../ui/spinner.tsx";
import "./release-notes.css";
import { useReleaseText } from "./release-text.ts";
import { type ReleaseLists, useReleaseLists } from "./use-release-notes.ts";

type Summary = ReleaseLists["system"][number]["releases"][number];

/**
 * /admin/release-notes (content.manage): system releases per model and app releases per app and
 * platform, newest first, each opening its page; the two "Add" links open a new release's form.
 */
export default function ReleaseNotesPage() {
  const { t, modelName, appName, errorText } = useReleaseText();
  const lists = useReleaseLists();
  const languages = (r: Summary) =>
    r.languages
      .map((l) => t(`admin.releaseNotes.lang.${l as (typeof RELEASE_LANGUAGES)[number]}`))
      .join(", ");
  const columns = (kind: "system" | "app"): AdminColumn<Summary>[] => [
    {
      key: "version",
      header: t("admin.releaseNotes.col.version"),
      rowHeader: true,
      cell: (r) => (
        <Link
          to={`/admin/release-notes/${kind}/${r.id}`}
          aria-label={t("admin.releaseNotes.edit", { version: r.version })}
        >
          {r.version}
        </Link>
      ),
    },
    ...(kind === "system"
      ? [
          {
            key: "display",
            header: t("admin.releaseNotes.col.displayVersion"),
            cell: (r: Summary) => r.displayVersion,
          },
        ]
      : [
          {
            key: "download",
            header: t("admin.releaseNotes.col.download"),
            cell: (r: Summary) =>
              r.downloadLink ? <span className="admin-release-link">{r.downloadLink}</span> : "—",
          },
        ]),
    { key: "date", header: t("admin.releaseNotes.col.date"), cell: (r) => r.date },
    { key: "languages", header: t("admin.releaseNotes.col.languages"), cell: languages },
  ];
  return (
    <AdminPage
      title={t("admin.releaseNotes.title")}
      actions={
        <>
          <Link className="btn btn-primary" to="/admin/release-notes/new?kind=system">
            {t("admin.releaseNotes.add.system")}
          </Link>
          <Link className="btn btn-secondary" to="/admin/release-notes/new?kind=app">
            {t("admin.releaseNotes.add.app")}
          </Link>
        </>
      }
    >
      <p>{t("admin.releaseNotes.intro")}</p>
      {lists.isError && !lists.data ? (
        <ErrorBox message={errorText(lists.error)} onRetry={() => lists.refetch()} />
      ) : !lists.data ? (
        <Spinner label={t("admin.releaseNotes.loading")} />
      ) : (
        <>
          <section className="admin-section" aria-labelledby="release-notes-system">
            <h2 id="release-notes-system">{t("admin.releaseNotes.system")}</h2>
            {lists.data.system.map((g) => (
              <AdminTable
                key={g.model}
                caption={t("admin.releaseNotes.modelCaption", { model: modelName(g.model) })}
                columns={columns("system")}
                rows={g.releases}
                rowKey={(r) => r.id}
                empty={t("admin.releaseNotes.empty")}
              />
            ))}
          </section>
          <section className="admin-section" aria-labelledby="release-notes-app">
            <h2 id="release-notes-app">{t("admin.releaseNotes.app")}</h2>
            {lists.data.app.length === 0 ? <p>{t("admin.releaseNotes.empty")}</p> : null}
            {lists.data.app.map((g) => (
              <AdminTable
                key={`${g.app}/${g.platform}`}
                caption={t("admin.releaseNotes.appCaption", { app: appName(g.app), platform: g.platform })}
                columns={columns("app")}
                rows={g.releases}
                rowKey={(r) => r.id}
                empty={t("admin.releaseNotes.empty")}
              />
            ))}
          </section>
        </>
      )}
    </AdminPage>
  );
}
