import { TRPCClientError } from "@trpc/client";
import { blogImages } from "@vela/shared";
import {
  BLOG_ADMIN_MESSAGES,
  BLOG_ALT_MAX,
  BLOG_BODY_MAX,
  BLOG_COVER_UPLOAD,
  BLOG_COVERS,
  BLOG_EXCERPT_MAX,
  BLOG_SLUG_MAX,
  BLOG_TITLE_MAX,
  type BlogCover,
  type BlogTexts,
} from "@vela/shared/admin";
import { type FormEvent, useId, useState } from "react";
import { useNavigate, useParams } from "react-router-dom";
import { adminServerText, useAdminText } from "../../../lib/admin/text.ts";
import { useDialogs } from "../../../lib/dialogs.ts";
import { serverMessage } from "../../../lib/errors.ts";
import { AdminPage } from "../../../ui/admin/admin-page.tsx";
import {
  type ActionOutcome,
  AdminRecord,
  BackLink,
  useActionOutcome,
} from "../../../ui/admin/admin-record.tsx";
import { Button } from "../../../ui/button.tsx";
import { TextField } from "../../../ui/field.tsx";
import { StoredHtml } from "../../../ui/stored-html.tsx";
import "./blog.css";
import { StateBadge } from "./state-badge.tsx";
import {
  type BlogPost,
  postIdOf,
  useBlogActions,
  useBlogPost,
  useBlogPreview,
  useCreatePost,
  useUploadCover,
} from "./use-blog.ts";

type Draft = { slug: string; cover: BlogCover; texts: BlogTexts };
const LANGUAGES = ["en", "ja"] as const;
type Lang = (typeof LANGUAGES)[number];
const emptyText = () => ({ title: "", excerpt: "", imageAlt: "", body: "" });

function draftOf(p: BlogPost | null): Draft {
  if (!p) return { slug: "", cover: BLOG_COVERS[0], texts: { en: emptyText(), ja: emptyText() } };
  const pick = (t: BlogPost["texts"]["en"]) => ({
    title: t.title,
    excerpt: t.excerpt,
    imageAlt: t.imageAlt,
    body: t.body,
  });
  return { slug: p.slug, cover: p.cover as BlogCover, texts: { en: pick(p.texts.en), ja: pick(p.texts.ja) } };
}

/** The server's refusals placed on the form fields they name (`texts.en.title`, `slug`). */
function useFieldErrors() {
  const text = useAdminText();
  return (err: unknown): Record<string, string> => {
    const out: Record<string, string> = {};
    const issues =
      err instanceof TRPCClientError
        ? ((err.data as { issues?: { path: string; message: string }[] } | undefined)?.issues ?? [])
        : [];
    for (const issue of issues)
      out[issue.path] ??= adminServerText(text.locale, issue.message, text.serverText);
    return out;
  };
}

/** `datetime-local`'s value for a moment, in the reader's time zone. */
function localInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * /admin/blog/new and /admin/blog/:id (content.manage): a post's address, cover and texts in
 * English and Japanese side by side, each body with a live preview of the HTML a save stores; a
 * saved post is published now or at a time (scheduled), put back to draft or deleted. Every write
 * is made at the version opened: after someone else's, it is refused, never written over it.
 */
export default function PostPage() {
  const { t, errorText } = useAdminText();
  const param = useParams().id;
  const postId = postIdOf(param);
  const post = useBlogPost(postId);
  if (param === undefined) return <PostView post={null} />;
  return (
    <AdminRecord
      title={t("admin.blog.title")}
      back={{ to: "/admin/blog", label: t("admin.blog.back") }}
      invalid={postId === null ? t("admin.server.blog.postNotFound") : null}
      query={post}
      loadingLabel={t("admin.blog.title")}
      errorText={errorText}
    >
      {(p) => <PostView post={p} />}
    </AdminRecord>
  );
}

function PostView({ post: p }: { post: BlogPost | null }) {
  const { t, dateTime } = useAdminText();
  const { show, view: outcome } = useActionOutcome();
  // The version the form was opened at; it moves with this member's own writes only.
  const [opened, setOpened] = useState({ version: p?.version ?? 0, key: 0 });
  const [dirty, setDirty] = useState(false);
  const title = p ? p.texts.en.title || p.slug : t("admin.blog.newTitle");
  return (
    <AdminPage title={title}>
      <BackLink to="/admin/blog" label={t("admin.blog.back")} />
      {p ? (
        <p className="admin-badges">
          <StateBadge state={p.state} />{" "}
          <span className="admin-muted">
            {p.state === "SCHEDULED"
              ? t("admin.blog.scheduledFor", { when: dateTime(p.publishedAt) })
              : p.state === "PUBLISHED"
                ? t("admin.blog.publishedOn", { when: dateTime(p.publishedAt) })
                : t("admin.blog.draftNote")}
          </span>{" "}
          {p.state === "PUBLISHED" ? <a href={`/blog/${p.slug}`}>{t("admin.blog.viewInShop")}</a> : null}
        </p>
      ) : null}
      {outcome}
      {p ? (
        <PublishSection
          post={p}
          version={opened.version}
          dirty={dirty}
          onOutcome={show}
          onMoved={(version) => setOpened((o) => ({ ...o, version }))}
        />
      ) : null}
      <PostForm
        key={opened.key}
        post={p}
        version={opened.version}
        onOutcome={show}
        onDirty={setDirty}
        onSaved={(version, reopen) => {
          setDirty(false);
          setOpened((o) => ({ version, key: reopen ? o.key + 1 : o.key }));
        }}
      />
    </AdminPage>
  );
}

function PublishSection({
  post: p,
  version,
  dirty,
  onOutcome,
  onMoved,
}: {
  post: BlogPost;
  version: number;
  dirty: boolean;
  onOutcome(outcome: ActionOutcome): void;
  onMoved(version: number): void;
}) {
  const { t, errorText } = useAdminText();
  const actions = useBlogActions(p.id);
  const dialogs = useDialogs();
  const navigate = useNavigate();
  const id = useId();
  const [at, setAt] = useState(() => localInput(new Date(Date.now() + 60 * 60_000)));
  const run = async (work: () => Promise<{ version: number } | null>, done: string) => {
    if (dirty) {
      onOutcome({ ok: false, text: t("admin.blog.saveFirst") });
      return;
    }
    try {
      const answer = await work();
      if (answer) onMoved(answer.version);
      onOutcome({ ok: true, text: done });
    } catch (err) {
      onOutcome({ ok: false, text: errorText(err) });
    }
  };
  const schedule = () => {
    const when = new Date(at);
    if (Number.isNaN(when.getTime())) {
      onOutcome({ ok: false, text: errorText(new Error(BLOG_ADMIN_MESSAGES.publishAtText)) });
      return;
    }
    return run(
      () => actions.publish.mutateAsync({ postId: p.id, version, publishAt: when.toISOString() }),
      t("admin.blog.scheduled"),
    );
  };
  const remove = async () => {
    if (
      !(await dialogs.confirm(t("admin.blog.deleteConfirm"), {
        confirmLabel: t("admin.blog.delete"),
        danger: true,
      }))
    )
      return;
    try {
      await actions.remove.mutateAsync({ postId: p.id, version });
      navigate("/admin/blog");
    } catch (err) {
      onOutcome({ ok: false, text: errorText(err) });
    }
  };
  return (
    <section className="admin-section" aria-labelledby={`${id}-publish`}>
      <h2 id={`${id}-publish`}>{t("admin.blog.published")}</h2>
      <div className="admin-actions">
        <Button
          busy={actions.publish.isPending && !actions.publish.variables?.publishAt}
          onClick={() =>
            run(() => actions.publish.mutateAsync({ postId: p.id, version }), t("admin.blog.published"))
          }
        >
          {t("admin.blog.publishNow")}
        </Button>
        {p.status === "PUBLISHED" ? (
          <Button
            variant="secondary"
            busy={actions.unpublish.isPending}
            onClick={() =>
              run(() => actions.unpublish.mutateAsync({ postId: p.id, version }), t("admin.blog.unpublished"))
            }
          >
            {t("admin.blog.unpublish")}
          </Button>
        ) : null}
        <Button variant="danger" busy={actions.remove.isPending} onClick={remove}>
          {t("admin.blog.delete")}
        </Button>
      </div>
      <div className="admin-blog-schedule">
        <TextField
          label={t("admin.blog.publishAt")}
          type="datetime-local"
          // Seconds may be given (to the minute otherwise).
          step={1}
          name="publishAt"
          value={at}
          onValueChange={setAt}
        />
        <Button
          variant="secondary"
          busy={actions.publish.isPending && Boolean(actions.publish.variables?.publishAt)}
          onClick={schedule}
        >
          {t("admin.blog.schedule")}
        </Button>
      </div>
    </section>
  );
}

function PostForm({
  post: p,
  version,
  onOutcome,
  onDirty,
  onSaved,
}: {
  post: BlogPost | null;
  version: number;
  onOutcome(outcome: ActionOutcome): void;
  onDirty(dirty: boolean): void;
  onSaved(version: number, reopen: boolean): void;
}) {
  const { t, errorText } = useAdminText();
  const fieldErrors = useFieldErrors();
  const actions = useBlogActions(p?.id ?? 0);
  const create = useCreatePost();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<Draft>(() => draftOf(p));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [stale, setStale] = useState(false);
  const edit = (change: (d: Draft) => void) => {
    onDirty(true);
    setDraft((d) => {
      const next = structuredClone(d);
      change(next);
      return next;
    });
  };
  const save = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    try {
      if (p) {
        const answer = await actions.update.mutateAsync({ postId: p.id, version, ...draft });
        onSaved(answer.version, false);
        onOutcome({ ok: true, text: t("admin.blog.saved") });
      } else {
        const answer = await create.mutateAsync(draft);
        navigate(`/admin/blog/${answer.id}`);
      }
    } catch (err) {
      setErrors(fieldErrors(err));
      setStale(serverMessage(err) === BLOG_ADMIN_MESSAGES.staleVersion);
      onOutcome({ ok: false, text: errorText(err) });
    }
  };
  const reload = async () => {
    try {
      const fresh = await actions.reload();
      setStale(false);
      onSaved(fresh.version, true);
    } catch (err) {
      onOutcome({ ok: false, text: errorText(err) });
    }
  };
  const language = (lang: Lang) => (lang === "en" ? t("admin.blog.english") : t("admin.blog.japanese"));
  const label = (key: Parameters<typeof t>[0], lang: Lang) => `${t(key)} (${language(lang)})`;
  return (
    <form className="admin-blog-form" noValidate onSubmit={save}>
      <section className="admin-section">
        <TextField
          label={t("admin.blog.slug")}
          hint={t("admin.blog.slugHint")}
          name="slug"
          maxLength={BLOG_SLUG_MAX}
          autoComplete="off"
          spellCheck={false}
          value={draft.slug}
          error={errors.slug}
          onValueChange={(v) =>
            edit((d) => {
              d.slug = v;
            })
          }
        />
        <CoverField
          value={draft.cover}
          error={errors.cover}
          onChange={(v) =>
            edit((d) => {
              d.cover = v;
            })
          }
        />
      </section>
      <div className="admin-blog-languages">
        {LANGUAGES.map((lang) => (
          <fieldset key={lang} className="admin-blog-fieldset" lang={lang}>
            <legend>{language(lang)}</legend>
            {lang === "ja" ? <p className="field-hint">{t("admin.blog.japaneseHint")}</p> : null}
            <TextField
              label={label("admin.blog.field.title", lang)}
              name={`texts.${lang}.title`}
              maxLength={BLOG_TITLE_MAX}
              value={draft.texts[lang].title}
              error={errors[`texts.${lang}.title`]}
              onValueChange={(v) =>
                edit((d) => {
                  d.texts[lang].title = v;
                })
              }
            />
            <TextArea
              label={label("admin.blog.field.excerpt", lang)}
              name={`texts.${lang}.excerpt`}
              maxLength={BLOG_EXCERPT_MAX}
              rows={3}
              value={draft.texts[lang].excerpt}
              error={errors[`texts.${lang}.excerpt`]}
              onChange={(v) =>
                edit((d) => {
                  d.texts[lang].excerpt = v;
                })
              }
            />
            <TextField
              label={label("admin.blog.field.imageAlt", lang)}
              name={`texts.${lang}.imageAlt`}
              maxLength={BLOG_ALT_MAX}
              value={draft.texts[lang].imageAlt}
              error={errors[`texts.${lang}.imageAlt`]}
              onValueChange={(v) =>
                edit((d) => {
                  d.texts[lang].imageAlt = v;
                })
              }
            />
            <TextArea
              label={label("admin.blog.field.body", lang)}
              name={`texts.${lang}.body`}
              className="admin-blog-body"
              maxLength={BLOG_BODY_MAX}
              rows={14}
              value={draft.texts[lang].body}
              error={errors[`texts.${lang}.body`]}
              onChange={(v) =>
                edit((d) => {
                  d.texts[lang].body = v;
                })
              }
            />
            <Preview body={draft.texts[lang].body} language={language(lang)} lang={lang} />
          </fieldset>
        ))}
      </div>
      <div className="admin-actions admin-blog-save">
        <Button type="submit" busy={actions.update.isPending || create.isPending}>
          {p ? t("admin.blog.save") : t("admin.blog.create")}
        </Button>
        {stale ? (
          <Button variant="secondary" onClick={reload}>
            {t("admin.blog.openLatest")}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/** The body as a save would store it, asked of the server once typing rests. */
function Preview({ body, language, lang }: { body: string; language: string; lang: Lang }) {
  const { t } = useAdminText();
  const id = useId();
  const preview = useBlogPreview(body);
  const html = body.trim() ? preview.data?.html : undefined;
  return (
    <section className="admin-blog-preview" aria-labelledby={`${id}-h`} lang={lang}>
      <h3 id={`${id}-h`}>{t("admin.blog.previewOf", { language })}</h3>
      {html !== undefined ? (
        <StoredHtml html={html} />
      ) : (
        <p className="admin-muted">{t("admin.blog.previewEmpty")}</p>
      )}
    </section>
  );
}

/** The file's bytes as base64 (without the data: prefix). */
function readAsBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ""));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** One of the store's drawings, or a picture uploaded here (kept by the server, named on save). */
function CoverField({
  value,
  error,
  onChange,
}: {
  value: BlogCover;
  error?: string | undefined;
  onChange(v: BlogCover): void;
}) {
  const { t, errorText } = useAdminText();
  const id = useId();
  const upload = useUploadCover();
  const [uploadError, setUploadError] = useState<string | null>(null);
  const uploaded = BLOG_COVER_UPLOAD.test(value);
  const choose = async (file: File | undefined) => {
    if (!file) return;
    setUploadError(null);
    try {
      const answer = await upload.mutateAsync({ data: await readAsBase64(file) });
      onChange(answer.cover as BlogCover);
    } catch (err) {
      setUploadError(errorText(err));
    }
  };
  return (
    <div className="admin-blog-cover">
      <div className={["field", error ? "field-invalid" : null].filter(Boolean).join(" ")}>
        <label htmlFor={id}>{t("admin.blog.cover")}</label>
        <select
          id={id}
          value={value}
          onChange={(e) => onChange(e.target.value as BlogCover)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        >
          {uploaded ? <option value={value}>{t("admin.blog.coverUploaded")}</option> : null}
          {BLOG_COVERS.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
        {error ? (
          <p id={`${id}-error`} className="field-error">
            {error}
          </p>
        ) : null}
      </div>
      <div className={["field", uploadError ? "field-invalid" : null].filter(Boolean).join(" ")}>
        <label htmlFor={`${id}-file`}>{t("admin.blog.coverUpload")}</label>
        <input
          id={`${id}-file`}
          type="file"
          name="cover"
          accept="image/jpeg,image/png,image/webp"
          aria-invalid={uploadError ? true : undefined}
          aria-describedby={uploadError ? `${id}-file-error` : undefined}
          disabled={upload.isPending}
          onChange={(e) => void choose(e.currentTarget.files?.[0])}
        />
        {upload.isPending ? <p role="status">{t("admin.blog.coverUploading")}</p> : null}
        {uploadError ? (
          <p id={`${id}-file-error`} className="field-error">
            {uploadError}
          </p>
        ) : null}
      </div>
      <img className="admin-blog-cover-shown" src={blogImages(value).image} alt="" width={160} height={90} />
    </div>
  );
}

function TextArea({
  label,
  value,
  error,
  onChange,
  ...rest
}: {
  label: string;
  name: string;
  value: string;
  error?: string | undefined;
  maxLength: number;
  rows: number;
  className?: string;
  onChange(v: string): void;
}) {
  const id = useId();
  return (
    <div className={["field", error ? "field-invalid" : null].filter(Boolean).join(" ")}>
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...rest}
      />
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
