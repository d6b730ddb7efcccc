import { useQuery } from "@tanstack/react-query";
import { LOCALE_NAMES, type Translate } from "@vela/i18n";
import {
  type AppPlatform,
  appSlugForLanguage,
  BRAND,
  isReleaseLanguage,
  RELEASE_APPS,
  RELEASE_LANGUAGES,
  RELEASE_MODELS,
  type ReleaseApp,
  type ReleaseLanguage,
  type ReleaseModel,
  releaseAppBySlug,
  releaseModelByHandle,
  releaseModelBySlug,
} from "@vela/shared";
import { useEffect, useId, useRef, useState } from "react";
import { Link, Navigate, useParams, useSearchParams } from "react-router-dom";
import { useI18n, useTranslatorFor } from "../../lib/i18n.tsx";
import { usePageTitle } from "../../lib/page-title.ts";
import { releaseNotesAppHref } from "../../lib/routes.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { Markdown } from "../../ui/markdown.tsx";
import { Spinner } from "../../ui/spinner.tsx";
import { formatReleaseDate, isDownloadUrl } from "./release-format.ts";
import "./release-notes.css";

/** One version as the viewer shows it, from either response shape. */
interface ReleaseView {
  key: string;
  version: string;
  date: string;
  notes: string;
  download: string | null;
}

/** The notes language: ?language= when it is one of the three, else the reader's, else English. */
function useReleaseLanguage(): [ReleaseLanguage, Translate] {
  const { locale } = useI18n();
  const [params] = useSearchParams();
  const raw = params.get("language");
  const language = isReleaseLanguage(raw) ? raw : isReleaseLanguage(locale) ? locale : "en-US";
  const t = useTranslatorFor(language);
  return [language, t];
}

/** Spec 001 §4: changing a select rewrites the URL query and reloads the notes. */
function useReloadOnChange(key: string, reload: () => unknown): void {
  const last = useRef(key);
  useEffect(() => {
    if (last.current === key) return;
    last.current = key;
    void reload();
  }, [key, reload]);
}

/** `/release-updates/xr-glasses?product={handle}&language={code}`: system notes per model. */
export function SystemReleaseNotesPage() {
  const [params, setParams] = useSearchParams();
  const [language, t] = useReleaseLanguage();
  const rawProduct = params.get("product") ?? "";
  const model: ReleaseModel =
    releaseModelByHandle(rawProduct) ?? releaseModelBySlug(rawProduct) ?? (RELEASE_MODELS[0] as ReleaseModel);
  usePageTitle(t("releases.systemTitle"));

  const trpc = useTRPC();
  const query = useQuery(trpc.releaseNotes.system.queryOptions({ product: model.product }));
  useReloadOnChange(`${model.slug}|${language}`, query.refetch);

  const item = query.data?.data.find((d) => d.name === model.slug);
  const releases: ReleaseView[] = (item?.list ?? []).map((e) => ({
    key: `${e.display_version}-${e.update_time}`,
    version: e.display_version,
    date: e.update_time,
    notes: e.release_note[language] ?? e.release_note["en-US"] ?? "",
    download: null,
  }));

  const change = (key: "product" | "language", value: string) => {
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      next.set("product", model.handle);
      next.set(key, value);
      if (!next.has("language")) next.set("language", language);
      return next;
    });
  };

  const name = `${BRAND.name} ${model.names[language]}`;
  return (
    <div className="release-page" lang={language}>
      <h1>{t("releases.systemTitle")}</h1>
      <p className="lead">{t("releases.systemIntro")}</p>
      <fieldset className="release-filters">
        <legend className="visually-hidden">{t("releases.filters")}</legend>
        <SelectField
          label={t("releases.product")}
          value={model.handle}
          onChange={(v) => change("product", v)}
          options={RELEASE_MODELS.map((m) => ({
            value: m.handle,
            label: `${BRAND.name} ${m.names[language]}`,
          }))}
        />
        <LanguageSelect t={t} language={language} onChange={(v) => change("language", v)} />
      </fieldset>
      <ReleaseList
        t={t}
        language={language}
        name={name}
        releases={releases}
        loading={query.isPending}
        failed={query.isError}
      />
      <AppLinks t={t} language={language} />
    </div>
  );
}

/** `/release-updates/{app}?platform={platform}&language={code}`: app notes per platform. */
export function AppReleaseNotesPage() {
  const { app: slug = "" } = useParams();
  const [params] = useSearchParams();
  const [language, t] = useReleaseLanguage();
  const app = releaseAppBySlug(slug);
  if (!app) return <UnknownApp t={t} language={language} />;

  // A language with its own variant of the app reads that app (spec 001 §4).
  const target = appSlugForLanguage(app.slug, language);
  if (target !== app.slug) {
    const targetApp = releaseAppBySlug(target);
    const platform = params.get("platform");
    const keep = targetApp?.platforms.find((p) => p === platform);
    return (
      <Navigate replace to={releaseNotesAppHref(target, { language, ...(keep ? { platform: keep } : {}) })} />
    );
  }
  return <AppNotes key={app.slug} app={app} language={language} t={t} />;
}

function AppNotes({ app, language, t }: { app: ReleaseApp; language: ReleaseLanguage; t: Translate }) {
  const [params, setParams] = useSearchParams();
  const raw = params.get("platform");
  const platform: AppPlatform = app.platforms.find((p) => p === raw) ?? (app.platforms[0] as AppPlatform);
  const name = app.names[language];
  usePageTitle(name);

  const trpc = useTRPC();
  const query = useQuery(trpc.releaseNotes.app.queryOptions({ product_name: app.slug, platform }));
  useReloadOnChange(`${platform}|${language}`, query.refetch);

  const releases: ReleaseView[] = (query.data?.data ?? []).map((r) => ({
    key: `${r.version}-${r.release_date}`,
    version: r.version,
    date: r.release_date,
    notes:
      r.release_note_detail.find((d) => d.language === language)?.note_detail ??
      r.release_note_detail.find((d) => d.language === "en-US")?.note_detail ??
      "",
    download: r.download_link,
  }));

  const change = (key: "platform" | "language", value: string) => {
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      next.set("platform", platform);
      next.set(key, value);
      if (!next.has("language")) next.set("language", language);
      return next;
    });
  };

  return (
    <div className="release-page" lang={language}>
      <h1>{name}</h1>
      <p className="lead">{t("releases.appIntro", { app: name })}</p>
      <fieldset className="release-filters">
        <legend className="visually-hidden">{t("releases.filters")}</legend>
        <SelectField
          label={t("releases.platform")}
          value={platform}
          onChange={(v) => change("platform", v)}
          options={app.platforms.map((p) => ({ value: p, label: p }))}
        />
        <LanguageSelect t={t} language={language} onChange={(v) => change("language", v)} />
      </fieldset>
      <ReleaseList
        t={t}
        language={language}
        name={name}
        releases={releases}
        loading={query.isPending}
        failed={query.isError}
      />
    </div>
  );
}

function UnknownApp({ t, language }: { t: Translate; language: ReleaseLanguage }) {
  usePageTitle(t("releases.nav"));
  return (
    <div className="release-page" lang={language}>
      <h1>{t("releases.nav")}</h1>
      <p className="release-empty" role="status">
        {t("releases.unknownApp")}
      </p>
      <AppLinks t={t} language={language} />
    </div>
  );
}

/** The apps' release notes, from the unknown-app page and the glasses' system notes. */
function AppLinks({ t, language }: { t: Translate; language: ReleaseLanguage }) {
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

function SelectField({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  options: { value: string; label: string; lang?: string }[];
}) {
  const id = useId();
  // The select shows the choice at once; the URL (and so `value`) follows, and leads on back/forward.
  const [shown, setShown] = useState(value);
  useEffect(() => setShown(value), [value]);
  return (
    <div className="field release-select">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={shown}
        onChange={(e) => {
          setShown(e.target.value);
          onChange(e.target.value);
        }}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value} lang={o.lang}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function LanguageSelect({
  t,
  language,
  onChange,
}: {
  t: Translate;
  language: ReleaseLanguage;
  onChange(value: string): void;
}) {
  return (
    <SelectField
      label={t("releases.language")}
      value={language}
      onChange={onChange}
      options={RELEASE_LANGUAGES.map((l) => ({ value: l, label: LOCALE_NAMES[l], lang: l }))}
    />
  );
}

/** The versions, newest first; a failed or empty answer is the same quiet empty state (spec 001 §8). */
function ReleaseList({
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

function ReleaseArticle({
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
      <Markdown source={release.notes} headingOffset={1} className="release-notes" />
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
