import { TRPCClientError } from "@trpc/client";
import { GLASSES_MODELS } from "@vela/device";
import { FIRMWARE_NOTES_MAX, type FirmwareStatus } from "@vela/shared/admin";
import { type FormEvent, useId, useRef, useState } from "react";
import { useListFilters } from "../../../lib/admin/list-state.ts";
import { adminServerText, useAdminText } from "../../../lib/admin/text.ts";
import { AdminPage } from "../../../ui/admin/admin-page.tsx";
import { useActionOutcome } from "../../../ui/admin/admin-record.tsx";
import { type AdminColumn, AdminTable } from "../../../ui/admin/admin-table.tsx";
import { Button } from "../../../ui/button.tsx";
import { TextField } from "../../../ui/field.tsx";
import "./firmware.css";
import {
  type FirmwareVersionRow,
  fileAsBase64,
  useFirmwareActions,
  useFirmwareList,
} from "./use-firmware.ts";

const NOTE_LANGUAGES = ["en-US", "ja-JP", "zh-CN"] as const;
type NoteLanguage = (typeof NOTE_LANGUAGES)[number];
const LANGUAGE_KEY = {
  "en-US": "admin.releaseNotes.lang.en-US",
  "ja-JP": "admin.releaseNotes.lang.ja-JP",
  "zh-CN": "admin.releaseNotes.lang.zh-CN",
} as const;

/**
 * /admin/firmware (firmware.manage): the versions of every glasses model (or of one, kept in the
 * URL) with their status, Publish and Withdraw, and the form that adds a version: the server checks
 * its image as the update tool does before it stores it, and says why when it refuses one.
 */
export default function FirmwarePage() {
  const { t, errorText } = useAdminText();
  const { values, set } = useListFilters(["model"] as const);
  const model = values.model ?? "";
  const list = useFirmwareList(model);
  const actions = useFirmwareActions();
  const { show, view: outcome } = useActionOutcome();
  const modelId = useId();
  const [editing, setEditing] = useState<FirmwareVersionRow | null>(null);

  const changeStatus = async (v: FirmwareVersionRow, status: "PUBLISHED" | "WITHDRAWN") => {
    try {
      await actions.setStatus.mutateAsync({ id: v.id, rowVersion: v.rowVersion, status });
      show({
        ok: true,
        text: t(status === "PUBLISHED" ? "admin.firmware.published" : "admin.firmware.withdrawn", {
          label: `${v.model} ${v.label}`,
        }),
      });
    } catch (err) {
      show({ ok: false, text: errorText(err) });
    }
  };

  const columns: AdminColumn<FirmwareVersionRow>[] = [
    { key: "label", header: t("admin.firmware.col.label"), rowHeader: true, cell: (v) => v.label },
    { key: "model", header: t("admin.firmware.col.model"), cell: (v) => v.model },
    { key: "date", header: t("admin.firmware.col.date"), cell: (v) => v.releaseDate },
    {
      key: "status",
      header: t("admin.firmware.col.status"),
      cell: (v) => (
        <span className={`badge admin-firmware-${v.status.toLowerCase()}`}>
          {t(`admin.firmware.status.${v.status as FirmwareStatus}`)}
        </span>
      ),
    },
    {
      key: "size",
      header: t("admin.firmware.col.size"),
      cell: (v) => t("admin.firmware.size", { kib: (v.size / 1024).toFixed(1) }),
    },
    {
      key: "sha",
      header: t("admin.firmware.col.sha256"),
      cell: (v) => <code title={v.sha256}>{v.sha256.slice(0, 12)}…</code>,
    },
    {
      key: "actions",
      header: t("admin.firmware.col.actions"),
      cell: (v) => (
        <div className="admin-firmware-row-actions">
          <Button variant="secondary" onClick={() => setEditing(v)}>
            {t("admin.firmware.edit", { label: `${v.model} ${v.label}` })}
          </Button>
          {v.status === "PUBLISHED" ? (
            <Button
              variant="secondary"
              onClick={() => changeStatus(v, "WITHDRAWN")}
              disabled={actions.setStatus.isPending}
            >
              {t("admin.firmware.withdraw", { label: `${v.model} ${v.label}` })}
            </Button>
          ) : (
            <Button onClick={() => changeStatus(v, "PUBLISHED")} disabled={actions.setStatus.isPending}>
              {t("admin.firmware.publish", { label: `${v.model} ${v.label}` })}
            </Button>
          )}
        </div>
      ),
    },
  ];

  return (
    <AdminPage title={t("admin.firmware.title")}>
      <p>{t("admin.firmware.intro")}</p>
      {outcome}
      <div className="field admin-firmware-filter">
        <label htmlFor={modelId}>{t("admin.firmware.filter.model")}</label>
        <select id={modelId} value={model} onChange={(e) => set({ model: e.target.value || undefined })}>
          <option value="">{t("admin.firmware.filter.all")}</option>
          {GLASSES_MODELS.map((m) => (
            <option key={m.slug} value={m.slug}>
              {m.productName} ({m.slug})
            </option>
          ))}
        </select>
      </div>
      <AdminTable
        caption={t("admin.firmware.caption")}
        columns={columns}
        rows={list.data?.versions}
        rowKey={(v) => v.id}
        empty={t("admin.firmware.empty")}
        error={list.isError ? errorText(list.error) : null}
        onRetry={() => list.refetch()}
      />
      {editing ? (
        <EditVersion
          key={`${editing.id}/${editing.rowVersion}`}
          version={editing}
          onDone={(text) => {
            setEditing(null);
            if (text) show({ ok: true, text });
          }}
        />
      ) : null}
      <AddVersion defaultModel={model} />
    </AdminPage>
  );
}

interface Draft {
  model: string;
  label: string;
  releaseDate: string;
  notes: Record<NoteLanguage, string>;
}

function AddVersion({ defaultModel }: { defaultModel: string }) {
  const text = useAdminText();
  const { t, errorText } = text;
  const { add } = useFirmwareActions();
  const { show, view: outcome } = useActionOutcome();
  const fileRef = useRef<HTMLInputElement>(null);
  const ids = { model: useId(), file: useId() };
  const [draft, setDraft] = useState<Draft>({
    model: defaultModel || (GLASSES_MODELS[0]?.slug ?? "N6"),
    label: "",
    releaseDate: new Date().toISOString().slice(0, 10),
    notes: { "en-US": "", "ja-JP": "", "zh-CN": "" },
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [reading, setReading] = useState(false);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    const file = fileRef.current?.files?.[0];
    try {
      setReading(true);
      const image = file ? await fileAsBase64(file) : "";
      setReading(false);
      const made = await add.mutateAsync({ ...draft, image });
      show({ ok: true, text: t("admin.firmware.added", { label: `${made.model} ${made.label}` }) });
      setDraft((d) => ({ ...d, label: "", notes: { "en-US": "", "ja-JP": "", "zh-CN": "" } }));
      if (fileRef.current) fileRef.current.value = "";
    } catch (err) {
      setReading(false);
      const issues =
        err instanceof TRPCClientError
          ? (((err.data as { issues?: { path: string; message: string }[] } | undefined)?.issues ?? []) as {
              path: string;
              message: string;
            }[])
          : [];
      const next: Record<string, string> = {};
      for (const i of issues) next[i.path] ??= adminServerText(text.locale, i.message, text.serverText);
      setErrors(next);
      show({ ok: false, text: errorText(err) });
    }
  };

  const describedBy = (id: string, hint: boolean, error: string | undefined) =>
    [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;

  return (
    <section className="admin-section" aria-labelledby="firmware-add">
      <h2 id="firmware-add">{t("admin.firmware.add.title")}</h2>
      <p>{t("admin.firmware.add.intro")}</p>
      {outcome}
      <form className="admin-firmware-form" noValidate onSubmit={submit}>
        <div className="admin-firmware-grid">
          <div className={["field", errors.model ? "field-invalid" : null].filter(Boolean).join(" ")}>
            <label htmlFor={ids.model}>{t("admin.firmware.field.model")}</label>
            <select
              id={ids.model}
              value={draft.model}
              onChange={(e) => set({ model: e.target.value })}
              aria-invalid={errors.model ? true : undefined}
              aria-describedby={describedBy(ids.model, false, errors.model)}
            >
              {GLASSES_MODELS.map((m) => (
                <option key={m.slug} value={m.slug}>
                  {m.productName} ({m.slug})
                </option>
              ))}
            </select>
            {errors.model ? (
              <p id={`${ids.model}-error`} className="field-error">
                {errors.model}
              </p>
            ) : null}
          </div>
          <TextField
            label={t("admin.firmware.field.label")}
            hint={t("admin.firmware.field.label.hint")}
            value={draft.label}
            onValueChange={(label) => set({ label })}
            error={errors.label}
            maxLength={16}
            autoComplete="off"
            spellCheck={false}
            required
          />
          <TextField
            type="date"
            label={t("admin.firmware.field.date")}
            value={draft.releaseDate}
            onValueChange={(releaseDate) => set({ releaseDate })}
            error={errors.releaseDate}
            required
          />
        </div>
        {NOTE_LANGUAGES.map((l) => (
          <NotesField
            key={l}
            language={l}
            label={t("admin.firmware.field.notes", { language: t(LANGUAGE_KEY[l]) })}
            hint={t("admin.firmware.field.notes.hint")}
            value={draft.notes[l]}
            error={errors[`notes.${l}`]}
            onChange={(v) => set({ notes: { ...draft.notes, [l]: v } })}
          />
        ))}
        <div className={["field", errors.image ? "field-invalid" : null].filter(Boolean).join(" ")}>
          <label htmlFor={ids.file}>{t("admin.firmware.field.image")}</label>
          <input
            id={ids.file}
            ref={fileRef}
            type="file"
            accept=".img,.gz,application/octet-stream,application/gzip"
            aria-invalid={errors.image ? true : undefined}
            aria-describedby={describedBy(ids.file, true, errors.image)}
          />
          <p id={`${ids.file}-hint`} className="field-hint">
            {t("admin.firmware.field.image.hint")}
          </p>
          {errors.image ? (
            <p id={`${ids.file}-error`} className="field-error">
              {errors.image}
            </p>
          ) : null}
        </div>
        <div>
          <Button type="submit" busy={reading || add.isPending}>
            {reading ? t("admin.firmware.reading") : t("admin.firmware.add.submit")}
          </Button>
        </div>
      </form>
    </section>
  );
}

function NotesField({
  language,
  label,
  hint,
  value,
  error,
  onChange,
}: {
  language: NoteLanguage;
  label: string;
  hint: string;
  value: string;
  error: string | undefined;
  onChange(value: string): void;
}) {
  const id = useId();
  return (
    <div className={["field", error ? "field-invalid" : null].filter(Boolean).join(" ")}>
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        lang={language}
        value={value}
        maxLength={FIRMWARE_NOTES_MAX}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={[`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(" ")}
      />
      <p id={`${id}-hint`} className="field-hint">
        {hint}
      </p>
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A version's release date and notes, saved at the version opened; its image and label stay. */
function EditVersion({ version, onDone }: { version: FirmwareVersionRow; onDone(text?: string): void }) {
  const { t, errorText } = useAdminText();
  const { update } = useFirmwareActions();
  const { show, view: outcome } = useActionOutcome();
  const [releaseDate, setReleaseDate] = useState(version.releaseDate);
  const [notes, setNotes] = useState<Record<NoteLanguage, string>>(version.notes);
  const headingId = useId();
  const name = `${version.model} ${version.label}`;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await update.mutateAsync({ id: version.id, rowVersion: version.rowVersion, releaseDate, notes });
      onDone(t("admin.firmware.saved", { label: name }));
    } catch (err) {
      show({ ok: false, text: errorText(err) });
    }
  };
  return (
    <section className="admin-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t("admin.firmware.editTitle", { label: name })}</h2>
      {outcome}
      <form className="admin-firmware-form" noValidate onSubmit={submit}>
        <TextField
          type="date"
          label={t("admin.firmware.field.date")}
          value={releaseDate}
          onValueChange={setReleaseDate}
          required
        />
        {NOTE_LANGUAGES.map((l) => (
          <NotesField
            key={l}
            language={l}
            label={t("admin.firmware.field.notes", { language: t(LANGUAGE_KEY[l]) })}
            hint={t("admin.firmware.field.notes.hint")}
            value={notes[l]}
            error={undefined}
            onChange={(v) => setNotes((n) => ({ ...n, [l]: v }))}
          />
        ))}
        <div className="admin-firmware-row-actions">
          <Button type="submit" busy={update.isPending}>
            {t("admin.firmware.save")}
          </Button>
          <Button variant="secondary" onClick={() => onDone()}>
            {t("admin.firmware.cancel")}
          </Button>
        </div>
      </form>
    </section>
  );
}
