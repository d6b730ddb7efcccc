import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ChangeEvent, type FormEvent, useId, useState } from "react";
import { adminServerText } from "../../../lib/admin/text.ts";
import { type AdminOutputs, useAdminTRPC } from "../../../lib/admin/trpc.ts";
import { AdminPage } from "../../../ui/admin/admin-page.tsx";
import { BackLink, useActionOutcome } from "../../../ui/admin/admin-record.tsx";
import { Button } from "../../../ui/button.tsx";
import { useProductText } from "./product-text.ts";
import "./products.css";

type Preview = AdminOutputs["catalogueCsv"]["previewImport"];
type FieldChange = Preview["changed"][number]["fields"][number];

/**
 * /admin/products/import (catalogue.manage): a CSV file of the catalogue (as the export writes
 * it) previewed — every bad cell by its spreadsheet row and column, what would change, before and
 * after — and then applied, all of it or nothing. The apply sends the same file with the
 * preview's token, so a product changed by someone else since the preview refuses it.
 */
export default function ImportPage() {
  const { t, errorText } = useProductText();
  const trpc = useAdminTRPC();
  const queryClient = useQueryClient();
  const fileId = useId();
  const { show, view: outcome } = useActionOutcome();
  const [csv, setCsv] = useState<string | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const previewing = useMutation(trpc.catalogueCsv.previewImport.mutationOptions());
  const applying = useMutation(
    trpc.catalogueCsv.applyImport.mutationOptions({
      onSuccess: () =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.products.pathKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.audit.list.pathKey() }),
        ]),
    }),
  );

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    setPreview(null);
    const file = e.target.files?.[0];
    setCsv(file ? await file.text() : null);
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (csv === null) return show({ ok: false, text: t("admin.catalogueCsv.chooseFile") });
    setPreview(null);
    try {
      setPreview(await previewing.mutateAsync({ csv }));
    } catch (err) {
      show({ ok: false, text: errorText(err) });
    }
  };
  const apply = async () => {
    if (csv === null || !preview?.token) return;
    try {
      const done = await applying.mutateAsync({ csv, token: preview.token });
      setPreview(null);
      show({
        ok: true,
        text: t("admin.catalogueCsv.done", { created: done.created, changed: done.changed }),
      });
    } catch (err) {
      // Refused (the catalogue moved, or the file): the preview no longer holds.
      setPreview(null);
      show({ ok: false, text: errorText(err) });
    }
  };
  const blocked = !preview || preview.errors.length > 0 || !preview.token;
  return (
    <AdminPage title={t("admin.catalogueCsv.title")}>
      <BackLink to="/admin/products" label={t("admin.products.back")} />
      <p>{t("admin.catalogueCsv.intro")}</p>
      <p className="field-hint">{t("admin.catalogueCsv.formatHint")}</p>
      {outcome}
      <form className="admin-csv-form" noValidate onSubmit={submit}>
        <div className="field">
          <label htmlFor={fileId}>{t("admin.catalogueCsv.file")}</label>
          <input id={fileId} type="file" accept=".csv,text/csv" onChange={choose} />
        </div>
        <Button type="submit" variant="secondary" busy={previewing.isPending}>
          {previewing.isPending ? t("admin.catalogueCsv.previewing") : t("admin.catalogueCsv.preview")}
        </Button>
      </form>
      {preview ? <PreviewView preview={preview} /> : null}
      {preview && preview.errors.length > 0 ? <p>{t("admin.catalogueCsv.applyBlocked")}</p> : null}
      <p>
        <Button onClick={apply} disabled={blocked} busy={applying.isPending}>
          {applying.isPending ? t("admin.catalogueCsv.applying") : t("admin.catalogueCsv.apply")}
        </Button>
      </p>
    </AdminPage>
  );
}

function PreviewView({ preview }: { preview: Preview }) {
  const { t, locale, serverText } = useProductText();
  const message = (text: string) => adminServerText(locale, text, serverText);
  return (
    <div className="admin-csv-preview">
      {preview.errors.length > 0 ? (
        <section className="admin-section" aria-labelledby="csv-errors">
          <h2 id="csv-errors">{t("admin.catalogueCsv.errors", { count: preview.errors.length })}</h2>
          <ul className="admin-csv-errors">
            {preview.errors.map((e) => (
              <li key={`${e.row}-${e.column ?? ""}-${e.message}`}>
                {e.column === null
                  ? t("admin.catalogueCsv.errorRow", { row: e.row, message: message(e.message) })
                  : t("admin.catalogueCsv.errorCell", {
                      row: e.row,
                      column: e.column,
                      message: message(e.message),
                    })}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {preview.errors.length === 0 ? (
        <p role="status">
          {preview.created.length === 0 && preview.changed.length === 0
            ? t("admin.catalogueCsv.nothing")
            : t("admin.catalogueCsv.summary", {
                rows: preview.rows,
                created: preview.created.length,
                changed: preview.changed.length,
                unchanged: preview.unchanged,
              })}
        </p>
      ) : null}
      {preview.created.length > 0 ? (
        <section className="admin-section" aria-labelledby="csv-created">
          <h2 id="csv-created">{t("admin.catalogueCsv.created")}</h2>
          <ul>
            {preview.created.map((p) => (
              <li key={p.handle}>
                <strong>{p.title}</strong> ({p.handle}, {t("admin.catalogueCsv.rowOf", { row: p.row })}) —{" "}
                {t("admin.catalogueCsv.variants", { skus: p.variants.map((v) => v.sku).join(", ") })}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {preview.changed.length > 0 ? (
        <section className="admin-section" aria-labelledby="csv-changed">
          <h2 id="csv-changed">{t("admin.catalogueCsv.changed")}</h2>
          {preview.changed.map((p) => (
            <div key={p.handle} className="admin-csv-product">
              <h3>
                {p.title} ({p.handle}, {t("admin.catalogueCsv.rowOf", { row: p.row })})
              </h3>
              {p.fields.length > 0 ? <Changes caption={p.handle} fields={p.fields} /> : null}
              {p.variants.map((v) => (
                <Changes
                  key={v.sku}
                  caption={t("admin.catalogueCsv.variant", {
                    sku: v.sku,
                    row: t("admin.catalogueCsv.rowOf", { row: v.row }),
                  })}
                  fields={v.fields}
                />
              ))}
            </div>
          ))}
        </section>
      ) : null}
    </div>
  );
}

function Changes({ caption, fields }: { caption: string; fields: FieldChange[] }) {
  const { t } = useProductText();
  const shown = (text: string) => (text === "" ? t("admin.catalogueCsv.empty") : text);
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to scroll it.
    <section className="admin-table-frame" tabIndex={0} aria-label={caption}>
      <table className="admin-csv-changes">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t("admin.catalogueCsv.field")}</th>
            <th scope="col">{t("admin.catalogueCsv.before")}</th>
            <th scope="col">{t("admin.catalogueCsv.after")}</th>
          </tr>
        </thead>
        <tbody>
          {fields.map((f) => (
            <tr key={f.field}>
              <th scope="row">{f.field}</th>
              <td>{shown(f.before)}</td>
              <td>{shown(f.after)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
