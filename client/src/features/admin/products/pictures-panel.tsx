// A product's pictures in the admin: the uploaded ones with a thumbnail, their alt texts in English
// and Japanese, moved up or down, deleted after a confirmation; and the upload of a JPEG, PNG or
// WebP with its alt texts (catalogue.manage). The server checks the file by its content; its
// refusal ("not a JPEG, PNG or WebP picture", too small ...) is shown under the file field.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { PICTURE_LIMITS } from "@vela/shared";
import type { AdminPicture } from "@vela/shared/admin";
import { type FormEvent, useId, useRef, useState } from "react";
import { useAdminTRPC } from "../../../lib/admin/trpc.ts";
import { useDialogs } from "../../../lib/dialogs.ts";
import type { ActionOutcome } from "../../../ui/admin/admin-record.tsx";
import { Button } from "../../../ui/button.tsx";
import { TextField } from "../../../ui/field.tsx";
import { useProductText } from "./product-text.ts";

/** The file's bytes as base64 (without the data: prefix). */
function readAsBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ""));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

function usePictures(productId: number) {
  const trpc = useAdminTRPC();
  const queryClient = useQueryClient();
  const key = trpc.products.pictures.queryKey({ productId });
  // The list as answered, then the product (its first picture on the list page) and the audit trail.
  const put = (pictures: AdminPicture[]) => {
    queryClient.setQueryData(key, pictures);
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.products.list.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.audit.list.pathKey() }),
    ]);
  };
  return {
    list: useQuery(trpc.products.pictures.queryOptions({ productId })),
    refresh: () => queryClient.invalidateQueries({ queryKey: key }),
    add: useMutation(trpc.products.addPicture.mutationOptions({ onSuccess: put })),
    setAlt: useMutation(trpc.products.setPictureAlt.mutationOptions({ onSuccess: put })),
    move: useMutation(trpc.products.movePicture.mutationOptions({ onSuccess: put })),
    remove: useMutation(trpc.products.deletePicture.mutationOptions({ onSuccess: put })),
  };
}

export function PicturesPanel({
  productId,
  canManage,
  onOutcome,
}: {
  productId: number;
  canManage: boolean;
  onOutcome(outcome: ActionOutcome): void;
}) {
  const { t, errorText } = useProductText();
  const pictures = usePictures(productId);
  const rows = pictures.list.data ?? [];
  return (
    <section className="admin-section" aria-labelledby="product-pictures">
      <h2 id="product-pictures">{t("admin.pictures.title")}</h2>
      <p className="admin-muted">{t("admin.pictures.intro")}</p>
      {pictures.list.isError ? (
        <p role="alert">{errorText(pictures.list.error)}</p>
      ) : rows.length === 0 ? (
        <p>{t("admin.pictures.none")}</p>
      ) : (
        <ol className="admin-pictures">
          {rows.map((p, i) => (
            <PictureRow
              key={p.id}
              picture={p}
              index={i}
              total={rows.length}
              canManage={canManage}
              actions={pictures}
              onOutcome={onOutcome}
            />
          ))}
        </ol>
      )}
      {canManage ? <UploadForm productId={productId} add={pictures.add} onOutcome={onOutcome} /> : null}
    </section>
  );
}

type Actions = ReturnType<typeof usePictures>;

function PictureRow({
  picture: p,
  index,
  total,
  canManage,
  actions,
  onOutcome,
}: {
  picture: AdminPicture;
  index: number;
  total: number;
  canManage: boolean;
  actions: Actions;
  onOutcome(outcome: ActionOutcome): void;
}) {
  const { t, errorText, fieldErrors } = useProductText();
  const dialogs = useDialogs();
  const [en, setEn] = useState(p.altText.en);
  const [ja, setJa] = useState(p.altText.ja);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const n = index + 1;
  const run = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      setErrors({});
      onOutcome({ ok: true, text: done });
    } catch (err) {
      setErrors(fieldErrors(err));
      onOutcome({ ok: false, text: errorText(err) });
      // What someone else saved is read again: the fields keep what this member typed.
      await actions.refresh();
    }
  };
  const saveAlt = (e: FormEvent) => {
    e.preventDefault();
    void run(
      () =>
        actions.setAlt.mutateAsync({
          pictureId: p.id,
          altText: { en: en.trim(), ja: ja.trim() },
          was: p.altText,
        }),
      t("admin.pictures.altSaved"),
    );
  };
  const remove = async () => {
    const sure = await dialogs.confirm(t("admin.pictures.deleteConfirm"), {
      confirmLabel: t("admin.pictures.delete", { n }),
      danger: true,
    });
    if (sure) await run(() => actions.remove.mutateAsync({ pictureId: p.id }), t("admin.pictures.deleted"));
  };
  return (
    <li className="admin-picture" aria-label={t("admin.pictures.item", { n, total })}>
      <img
        src={p.thumbnailUrl}
        alt={p.altText.en}
        width={160}
        height={Math.round((160 * p.height) / p.width) || 120}
      />
      <div>
        <p className="admin-muted">
          {t("admin.pictures.size", { format: p.format.toUpperCase(), width: p.width, height: p.height })}
        </p>
        <form noValidate onSubmit={saveAlt}>
          <TextField
            label={t("admin.pictures.altEn")}
            value={en}
            onValueChange={setEn}
            readOnly={!canManage}
            error={errors["altText.en"]}
          />
          <TextField
            label={t("admin.pictures.altJa")}
            value={ja}
            onValueChange={setJa}
            readOnly={!canManage}
            optional
            error={errors["altText.ja"]}
          />
          {canManage ? (
            <div className="admin-actions">
              <Button type="submit" disabled={actions.setAlt.isPending}>
                {t("admin.pictures.saveAlt")}
              </Button>
              <Button
                type="button"
                disabled={index === 0 || actions.move.isPending}
                onClick={() =>
                  void run(
                    () => actions.move.mutateAsync({ pictureId: p.id, direction: "up" }),
                    t("admin.pictures.moveUp", { n }),
                  )
                }
              >
                {t("admin.pictures.moveUp", { n })}
              </Button>
              <Button
                type="button"
                disabled={index === total - 1 || actions.move.isPending}
                onClick={() =>
                  void run(
                    () => actions.move.mutateAsync({ pictureId: p.id, direction: "down" }),
                    t("admin.pictures.moveDown", { n }),
                  )
                }
              >
                {t("admin.pictures.moveDown", { n })}
              </Button>
              <Button type="button" onClick={() => void remove()} disabled={actions.remove.isPending}>
                {t("admin.pictures.delete", { n })}
              </Button>
            </div>
          ) : null}
        </form>
      </div>
    </li>
  );
}

function UploadForm({
  productId,
  add,
  onOutcome,
}: {
  productId: number;
  add: Actions["add"];
  onOutcome(outcome: ActionOutcome): void;
}) {
  const { t, errorText, fieldErrors } = useProductText();
  const fileId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [en, setEn] = useState("");
  const [ja, setJa] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!file) {
      setErrors({ data: t("admin.pictures.chooseFile") });
      return;
    }
    // The server says what is wrong with a file (by its content); only its size is known here.
    if (file.size > PICTURE_LIMITS.maxBytes) {
      setErrors({ data: t("admin.server.pictures.tooLarge") });
      return;
    }
    try {
      await add.mutateAsync({
        productId,
        data: await readAsBase64(file),
        altText: { en: en.trim(), ja: ja.trim() },
      });
      setErrors({});
      setFile(null);
      setEn("");
      setJa("");
      if (fileInput.current) fileInput.current.value = "";
      onOutcome({ ok: true, text: t("admin.pictures.uploaded") });
    } catch (err) {
      const found = fieldErrors(err);
      const text = errorText(err);
      setErrors(Object.keys(found).length ? found : { data: text });
      onOutcome({ ok: false, text });
    }
  };
  const fileError = errors.data;
  return (
    <form className="admin-picture-upload" noValidate onSubmit={submit}>
      <div className={["field", fileError ? "field-invalid" : null].filter(Boolean).join(" ")}>
        <label htmlFor={fileId}>{t("admin.pictures.file")}</label>
        <input
          ref={fileInput}
          id={fileId}
          type="file"
          name="picture"
          accept="image/jpeg,image/png,image/webp"
          aria-invalid={fileError ? true : undefined}
          aria-describedby={fileError ? `${fileId}-error` : undefined}
          onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)}
        />
        {fileError ? (
          <p className="field-error" id={`${fileId}-error`}>
            {fileError}
          </p>
        ) : null}
      </div>
      <TextField
        label={t("admin.pictures.altEn")}
        hint={t("admin.pictures.altHelp")}
        value={en}
        onValueChange={setEn}
        error={errors["altText.en"]}
      />
      <TextField
        label={t("admin.pictures.altJa")}
        value={ja}
        onValueChange={setJa}
        optional
        error={errors["altText.ja"]}
      />
      <Button type="submit" disabled={add.isPending}>
        {add.isPending ? t("admin.pictures.uploading") : t("admin.pictures.upload")}
      </Button>
    </form>
  );
}
