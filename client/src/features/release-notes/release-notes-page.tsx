import { useQuery } from "@tanstack/react-query";
import {
  appSlugForLanguage,
  BRAND,
  RELEASE_MODELS,
  type ReleaseModel,
  releaseAppBySlug,
  releaseModelByHandle,
  releaseModelBySlug,
} from "@vela/shared";
import { useParams, useSearchParams } from "react-router-dom";
import { PATHS, releaseNotesAppHref } from "../../lib/routes.ts";
import { Redirect } from "../../lib/server-redirect.tsx";
import { useTRPC } from "../../lib/trpc.ts";
import { AppLinks, AppNotes, UnknownApp } from "./app-notes.tsx";
import { SelectField } from "./release-fields.tsx";
import type { ReleaseView } from "./release-list.tsx";
import "./release-notes.css";
import { PageMeta } from "../../ui/seo/page-meta.tsx";
import { ReleasePage } from "./release-page.tsx";
import { useFilterChange, useReleaseLanguage, useReloadOnChange } from "./use-release-language.ts";

/** `/release-updates/xr-glasses?product={handle}&language={code}`: system notes per model. */
export function SystemReleaseNotesPage() {
  const [params] = useSearchParams();
  const [language, t] = useReleaseLanguage();
  const rawProduct = params.get("product") ?? "";
  const model: ReleaseModel =
    releaseModelByHandle(rawProduct) ?? releaseModelBySlug(rawProduct) ?? (RELEASE_MODELS[0] as ReleaseModel);

  const trpc = useTRPC();
  const query = useQuery(trpc.releaseNotes.system.queryOptions({ product: model.product }));
  useReloadOnChange(`${model.slug}|${language}`, query.refetch);

  const item = query.data?.data.find((d) => d.name === model.slug);
  const releases: ReleaseView[] = (item?.list ?? []).map((e) => ({
    key: `${e.display_version}-${e.update_time}`,
    version: e.display_version,
    date: e.update_time,
    notesHtml: e.release_note_html[language] ?? e.release_note_html["en-US"] ?? "",
    download: null,
  }));

  const change = useFilterChange(["product", model.handle], language);

  const name = `${BRAND.name} ${model.names[language]}`;
  return (
    <ReleasePage
      t={t}
      language={language}
      title={t("releases.systemTitle")}
      intro={t("releases.systemIntro")}
      filter={
        <SelectField
          label={t("releases.product")}
          value={model.handle}
          onChange={(v) => change("product", v)}
          options={RELEASE_MODELS.map((m) => ({
            value: m.handle,
            label: `${BRAND.name} ${m.names[language]}`,
          }))}
        />
      }
      onLanguageChange={(v) => change("language", v)}
      name={name}
      releases={releases}
      loading={query.isPending}
      failed={query.isError}
    >
      <PageMeta
        title={t("releases.systemTitle")}
        description={t("seo.systemReleases", { brand: BRAND.name })}
        path={PATHS.firmwareReleaseNotes}
      />
      <AppLinks t={t} language={language} />
    </ReleasePage>
  );
}

/** `/release-updates/{app}?platform={platform}&language={code}`: app notes per platform. */
export function AppReleaseNotesPage() {
  const { app: slug = "" } = useParams();
  const [params] = useSearchParams();
  const [language, t] = useReleaseLanguage();
  const app = releaseAppBySlug(slug);
  if (!app) return <UnknownApp t={t} language={language} />;

  // A language with its own variant of the app reads that app (spec 001 §4); the server answers
  // this with a redirect to it (Redirect), the browser navigates there.
  const target = appSlugForLanguage(app.slug, language);
  if (target !== app.slug) {
    const targetApp = releaseAppBySlug(target);
    const platform = params.get("platform");
    const keep = targetApp?.platforms.find((p) => p === platform);
    return <Redirect to={releaseNotesAppHref(target, { language, ...(keep ? { platform: keep } : {}) })} />;
  }
  return <AppNotes key={app.slug} app={app} language={language} t={t} />;
}
