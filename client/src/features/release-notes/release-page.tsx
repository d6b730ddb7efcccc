import type { Translate } from "@vela/i18n";
import type { ReleaseLanguage } from "@vela/shared";
import type { ReactNode } from "react";
import { LanguageSelect } from "./release-fields.tsx";
import { ReleaseList, type ReleaseView } from "./release-list.tsx";

/**
 * The frame of both release-notes pages (spec 001 §4): title and lead, the page's own select
 * beside the notes language, the versions, and whatever the page adds under them.
 */
export function ReleasePage({
  t,
  language,
  title,
  intro,
  filter,
  onLanguageChange,
  name,
  releases,
  loading,
  failed,
  children,
}: {
  t: Translate;
  language: ReleaseLanguage;
  title: string;
  intro: string;
  /** The page's own select (product or platform). */
  filter: ReactNode;
  onLanguageChange(language: string): void;
  /** The product or app the versions belong to, for the list's label. */
  name: string;
  releases: ReleaseView[];
  loading: boolean;
  failed: boolean;
  children?: ReactNode;
}) {
  return (
    <div className="release-page" lang={language}>
      <h1>{title}</h1>
      <p className="lead">{intro}</p>
      <fieldset className="release-filters">
        <legend className="visually-hidden">{t("releases.filters")}</legend>
        {filter}
        <LanguageSelect t={t} language={language} onChange={onLanguageChange} />
      </fieldset>
      <ReleaseList
        t={t}
        language={language}
        name={name}
        releases={releases}
        loading={loading}
        failed={failed}
      />
      {children}
    </div>
  );
}
