import { useQuery } from "@tanstack/react-query";
import type { Translate } from "@vela/i18n";
import { type AppPlatform, RELEASE_APPS, type ReleaseApp, type ReleaseLanguage } from "@vela/shared";
import { Link, useSearchParams } from "react-router-dom";
import { releaseNotesAppHref } from "../../lib/routes.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { PageMeta } from "../../ui/seo/page-meta.tsx";
import { SelectField } from "./release-fields.tsx";
import type { ReleaseView } from "./release-list.tsx";
import { ReleasePage } from "./release-page.tsx";
import { useFilterChange, useReloadOnChange } from "./use-release-language.ts";
export function AppNotes({ app, language, t }: { app: ReleaseApp; language: ReleaseLanguage; t: Translate }) {
  const [params] = useSearchParams();
  const raw = params.get("platform");
  const platform: AppPlatform = app.platforms.find((p) => p === raw) ?? (app.platforms[0] as AppPlatform);
  const name = app.names[language];

  const trpc = useTRPC();
  const query = useQuery(trpc.releaseNotes.app.queryOptions({ product_name: app.slug, platform }));
  useReloadOnChange(`${platform}|${language}`, query.refetch);

  const releases: ReleaseView[] = (query.data?.data ?? []).map((r) => ({
    key: `${r.version}-${r.release_date}`,
    version: r.version,
    date: r.release_date,
    notesHtml:
      r.release_note_detail.find((d) => d.language === language)?.note_html ??
      r.release_note_detail.find((d) => d.language === "en-US")?.note_html ??
      "",
    download: r.download_link,
  }));

  const change = useFilterChange(["platform", platform], language);

  return (
    <>
      <PageMeta
        title={name}
        description={t("seo.appReleases", { app: name })}
        path={releaseNotesAppHref(app.slug)}
      />
      <ReleasePage
        t={t}
        language={language}
        title={name}
        intro={t("releases.appIntro", { app: name })}
        filter={
          <SelectField
            label={t("releases.platform")}
            value={platform}
            onChange={(v) => change("platform", v)}
            options={app.platforms.map((p) => ({ value: p, label: p }))}
          />
        }
        onLanguageChange={(v) => change("language", v)}
        name={name}
        releases={releases}
        loading={query.isPending}
        failed={query.isError}
      />
    </>
  );
}

export function UnknownApp({ t, language }: { t: Translate; language: ReleaseLanguage }) {
  return (
    <div className="release-page" lang={language}>
      <PageMeta title={t("releases.nav")} noindex />
      <h1>{t("releases.nav")}</h1>
      <p className="release-empty" role="status">
        {t("releases.unknownApp")}
      </p>
      <AppLinks t={t} language={language} />
    </div>
  );
}

/** The apps' release notes, from the unknown-app page and the glasses' system notes. */
export function AppLinks({ t, language }: { t: Translate; language: ReleaseLanguage }) {
  return (
    <nav aria-labelledby="release-apps-title">
      <h2 id="release-apps-title">{t("releases.otherApps")}</h2>
      <ul className="release-apps">
        {RELEASE_APPS.filter((a) => !a.variantOf).map((a) => (
          <li key={a.slug}>
            <Link to={releaseNotesAppHref(a.slug, { language })}>{a.names[language]}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
