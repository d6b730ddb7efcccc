import type { Translate } from "@vela/i18n";
import type { ReleaseLanguage } from "@vela/shared";
import { useId } from "react";
import { Spinner } from "../../ui/spinner.tsx";
import { StoredHtml } from "../../ui/stored-html.tsx";
import { formatReleaseDate, isDownloadUrl } from "./release-format.ts";

/** One version as the viewer shows it, from either response shape. */
export interface ReleaseView {
  key: string;
  version: string;
  date: string;
  /** The notes as the HTML the server stored with them (sanitised, headings from h3). */
  notesHtml: string;
  download: string | null;
}

/** The versions, newest first; a failed or empty answer is the same quiet empty state (spec 001 §8). */
export function ReleaseList({
  t,
  language,
  name,
  releases,
  loading,
  failed,
}: {
  t: Translate;
  language: ReleaseLanguage;
  name: string;
  releases: ReleaseView[];
  loading: boolean;
  failed: boolean;
}) {
  if (loading) return <Spinner label={t("common.loading")} />;
  if (failed || releases.length === 0) {
    return (
      <p className="release-empty" role="status">
        {t("releases.empty")}
      </p>
    );
  }
  return (
    <ol className="release-list" aria-label={t("releases.list", { name })}>
      {releases.map((r) => (
        <li key={r.key}>
          <ReleaseArticle t={t} language={language} name={name} release={r} />
        </li>
      ))}
    </ol>
  );
}

export function ReleaseArticle({
  t,
  language,
  name,
  release,
}: {
  t: Translate;
  language: ReleaseLanguage;
  name: string;
  release: ReleaseView;
}) {
  const titleId = useId();
  return (
    <article className="release" aria-labelledby={titleId}>
      <header className="release-head">
        <h2 id={titleId}>{t("releases.version", { version: release.version })}</h2>
        <p className="release-date">
          <span className="visually-hidden">{t("releases.released")} </span>
          <time dateTime={release.date.slice(0, 10)}>{formatReleaseDate(release.date, language)}</time>
        </p>
      </header>
      <StoredHtml html={release.notesHtml} className="release-notes" />
      {isDownloadUrl(release.download) ? (
        <p className="release-actions">
          <a
            className="btn btn-secondary"
            href={release.download}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t("releases.downloadVersion", { name, version: release.version })}
          >
            {t("releases.download")}
          </a>
        </p>
      ) : null}
    </article>
  );
}
