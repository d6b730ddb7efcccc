import {
  APP_PLATFORMS,
  RELEASE_APPS,
  RELEASE_LANGUAGES,
  RELEASE_MODELS,
  type ReleaseLanguage,
} from "@vela/shared";
import { RELEASE_NOTE_MAX, RELEASES_ADMIN_MESSAGES, type ReleaseKind } from "@vela/shared/admin";
import { type FormEvent, useEffect, useState } from "react";
import { useLocation, useNavigate, useParams, useSearchParams } from "react-router-dom";
import { useDialogs } from "../../../lib/dialogs.ts";
import { serverMessage } from "../../../lib/errors.ts";
import { AdminPage } from "../../../ui/admin/admin-page.tsx";
import { AdminRecord, BackLink, useActionOutcome } from "../../../ui/admin/admin-record.tsx";
import { SelectField, TextAreaField } from "../../../ui/admin/fields.tsx";
import { Button } from "../../../ui/button.tsx";
import { TextField } from "../../../ui/field.tsx";
import { StoredHtml } from "../../../ui/stored-html.tsx";
import "./release-notes.css";
import { useReleaseText } from "./release-text.ts";
import { type ReleaseDetail, releaseRefOf, useRelease, useReleaseActions } from "./use-release-notes.ts";

type Notes = Record<ReleaseLanguage, string>;
interface Draft {
  model: string;
  app: string;
  platform: string;
  version: string;
  displayVersion: string;
  date: string;
  downloadLink: string;
  notes: Notes;
}

const today = () => new Date().toISOString().slice(0, 10);
const blank = (): Draft => ({
  model: RELEASE_MODELS[0]?.slug ?? "N6",
  app: RELEASE_APPS[0]?.slug ?? "spacewalker",
  platform: RELEASE_APPS[0]?.platforms[0] ?? "iOS",
  version: "",
  displayVersion: "",
  date: today(),
  downloadLink: "",
  notes: { "en-US": "", "zh-CN": "", "ja-JP": "" },
});
const draftOf = (r: ReleaseDetail): Draft =>
  r.kind === "system"
    ? {
        ...blank(),
        model: r.model,
        version: r.version,
        displayVersion: r.displayVersion,
        date: r.date,
        notes: r.notes,
      }
    : {
        ...blank(),
        app: r.app,
        platform: r.platform,
        version: r.version,
        date: r.date,
        downloadLink: r.downloadLink,
        notes: r.notes,
      };

/**
 * /admin/release-notes/new?kind=system|app and /admin/release-notes/:kind/:id (content.manage): a
 * release's version, date, notes per language (markdown; the shop shows the HTML the server
 * stores) and, for an app, its download link. A save goes through at the version opened; a
 * release changed meanwhile keeps what the member typed and offers the latest version.
 */
export default function ReleasePage() {
  const params = useParams();
  const [search] = useSearchParams();
  const { t } = useReleaseText();
  if (!params.kind) {
    const kind: ReleaseKind = search.get("kind") === "app" ? "app" : "system";
    return <ReleaseForm kind={kind} release={null} />;
  }
  return <ExistingRelease kind={params.kind} id={params.id} back={t("admin.releaseNotes.back")} />;
}

function ExistingRelease({ kind, id, back }: { kind: string; id: string | undefined; back: string }) {
  const { t, errorText } = useReleaseText();
  const ref = releaseRefOf(kind, id);
  const query = useRelease(ref?.kind ?? "system", ref?.id ?? null);
  return (
    <AdminRecord
      title={t("admin.releaseNotes.title")}
      back={{ to: "/admin/release-notes", label: back }}
      invalid={ref ? null : t("admin.releaseNotes.invalid")}
      query={query}
      loadingLabel={t("admin.releaseNotes.loading")}
      errorText={errorText}
    >
      {(release) => (
        <ReleaseForm
          key={`${release.id}/${release.rowVersion}`}
          kind={release.kind}
          release={release}
          reload={() => query.refetch()}
        />
      )}
    </AdminRecord>
  );
}

function ReleaseForm({
  kind,
  release,
  reload,
}: {
  kind: ReleaseKind;
  release: ReleaseDetail | null;
  reload?: () => unknown;
}) {
  const { t, errorText, fieldErrors, modelName, appName } = useReleaseText();
  const navigate = useNavigate();
  const location = useLocation();
  const dialogs = useDialogs();
  const actions = useReleaseActions();
  const { show, view: outcome } = useActionOutcome();
  const [draft, setDraft] = useState<Draft>(() => (release ? draftOf(release) : blank()));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [stale, setStale] = useState(false);
  const app = RELEASE_APPS.find((a) => a.slug === draft.app);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const busy = Object.values(actions).some((m) => m.isPending);
  const justMade = (location.state as { saved?: boolean } | null)?.saved === true;
  // A release just made opens its page saying so.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the page opens.
  useEffect(() => {
    if (justMade && release) show({ ok: true, text: t("admin.releaseNotes.saved") });
  }, []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    setStale(false);
    try {
      const common = { version: draft.version, date: draft.date, notes: draft.notes };
      let saved: ReleaseDetail;
      if (kind === "system") {
        const input = { ...common, model: draft.model, displayVersion: draft.displayVersion };
        saved = release
          ? await actions.updateSystem.mutateAsync({
              ...input,
              id: release.id,
              rowVersion: release.rowVersion,
            })
          : await actions.createSystem.mutateAsync(input);
      } else {
        const input = {
          ...common,
          app: draft.app,
          platform: draft.platform as (typeof APP_PLATFORMS)[number],
          downloadLink: draft.downloadLink,
        };
        saved = release
          ? await actions.updateApp.mutateAsync({ ...input, id: release.id, rowVersion: release.rowVersion })
          : await actions.createApp.mutateAsync(input);
      }
      if (!release) navigate(`/admin/release-notes/${saved.kind}/${saved.id}`, { state: { saved: true } });
      else show({ ok: true, text: t("admin.releaseNotes.saved") });
    } catch (err) {
      setErrors(fieldErrors(err));
      const reason = (err as { data?: { reason?: string } }).data?.reason;
      if (
        release &&
        (reason === "staleVersion" || serverMessage(err) === RELEASES_ADMIN_MESSAGES.staleVersion)
      )
        setStale(true);
      show({ ok: false, text: errorText(err) });
    }
  };

  const remove = async () => {
    if (!release) return;
    const ok = await dialogs.confirm(t("admin.releaseNotes.deleteConfirm", { version: release.version }), {
      danger: true,
      confirmLabel: t("admin.releaseNotes.delete"),
    });
    if (!ok) return;
    try {
      await actions.remove.mutateAsync({
        kind: release.kind,
        id: release.id,
        rowVersion: release.rowVersion,
      });
      navigate("/admin/release-notes");
    } catch (err) {
      show({ ok: false, text: errorText(err) });
    }
  };

  const title = release
    ? t("admin.releaseNotes.editTitle", { version: release.version })
    : t(kind === "system" ? "admin.releaseNotes.new.system" : "admin.releaseNotes.new.app");
  const language = (l: ReleaseLanguage) => t(`admin.releaseNotes.lang.${l}`);
  return (
    <AdminPage title={title}>
      <BackLink to="/admin/release-notes" label={t("admin.releaseNotes.back")} />
      {outcome}
      {stale && reload ? (
        <p>
          <Button variant="secondary" onClick={() => reload()}>
            {t("admin.releaseNotes.reload")}
          </Button>
        </p>
      ) : null}
      <form className="admin-release-form" noValidate onSubmit={submit}>
        <div className="admin-release-grid">
          {kind === "system" ? (
            <SelectField
              label={t("admin.releaseNotes.field.model")}
              value={draft.model}
              onValueChange={(model) => set({ model })}
              options={RELEASE_MODELS.map((m) => ({ value: m.slug, label: modelName(m.slug) }))}
              error={errors.model}
            />
          ) : (
            <>
              <SelectField
                label={t("admin.releaseNotes.field.app")}
                value={draft.app}
                onValueChange={(slug) => {
                  const next = RELEASE_APPS.find((a) => a.slug === slug);
                  set({
                    app: slug,
                    platform: next?.platforms.includes(draft.platform as never)
                      ? draft.platform
                      : (next?.platforms[0] ?? ""),
                  });
                }}
                options={RELEASE_APPS.map((a) => ({ value: a.slug, label: appName(a.slug) }))}
                error={errors.app}
              />
              <SelectField
                label={t("admin.releaseNotes.field.platform")}
                value={draft.platform}
                onValueChange={(platform) => set({ platform })}
                options={(app?.platforms ?? APP_PLATFORMS).map((p) => ({ value: p, label: p }))}
                error={errors.platform}
              />
            </>
          )}
          <TextField
            label={t("admin.releaseNotes.field.version")}
            hint={t("admin.releaseNotes.field.version.hint")}
            value={draft.version}
            onValueChange={(version) => set({ version })}
            error={errors.version}
            maxLength={40}
            autoComplete="off"
            spellCheck={false}
            required
          />
          {kind === "system" ? (
            <TextField
              label={t("admin.releaseNotes.field.displayVersion")}
              value={draft.displayVersion}
              onValueChange={(displayVersion) => set({ displayVersion })}
              error={errors.displayVersion}
              maxLength={40}
              autoComplete="off"
              required
            />
          ) : null}
          <TextField
            type="date"
            label={t("admin.releaseNotes.field.date")}
            value={draft.date}
            onValueChange={(date) => set({ date })}
            error={errors.date}
            required
          />
        </div>
        {kind === "app" ? (
          <TextField
            type="url"
            label={t("admin.releaseNotes.field.downloadLink")}
            hint={t("admin.releaseNotes.field.downloadLink.hint")}
            value={draft.downloadLink}
            onValueChange={(downloadLink) => set({ downloadLink })}
            error={errors.downloadLink}
            maxLength={2000}
            autoComplete="off"
            spellCheck={false}
          />
        ) : null}
        {RELEASE_LANGUAGES.map((l) => (
          <div key={l}>
            <TextAreaField
              label={t("admin.releaseNotes.field.notes", { language: language(l) })}
              hint={l === "en-US" ? undefined : t("admin.releaseNotes.field.notes.hint")}
              value={draft.notes[l]}
              onValueChange={(text) => set({ notes: { ...draft.notes, [l]: text } })}
              error={errors[`notes.${l}`]}
              maxLength={RELEASE_NOTE_MAX}
              lang={l}
              required={l === "en-US"}
            />
            {release?.html[l] ? (
              <details>
                <summary>{t("admin.releaseNotes.preview", { language: language(l) })}</summary>
                <div lang={l}>
                  <StoredHtml html={release.html[l]} />
                </div>
              </details>
            ) : null}
          </div>
        ))}
        <div className="admin-release-actions">
          <Button type="submit" busy={busy}>
            {release ? t("admin.releaseNotes.save") : t("admin.releaseNotes.create")}
          </Button>
          {release ? (
            <Button variant="danger" onClick={remove} disabled={busy}>
              {t("admin.releaseNotes.delete")}
            </Button>
          ) : null}
        </div>
      </form>
    </AdminPage>
  );
}
