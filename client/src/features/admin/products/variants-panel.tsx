// A product's variants added and removed (catalogue.manage), at the version the page opened: "Add
// a variant" opens a dialog with its names in English and Japanese, SKU, sale state, prices in
// both currencies and the units on hand; "Remove" beside each variant asks first, naming it. A
// variant that is in orders is taken off sale instead of removed, and the page says so. The
// product's last variant cannot be removed. After either, the page's form reopens at the version
// the change left (what the member typed in it and had not saved is not kept).

import { useMutation, useQueryClient } from "@tanstack/react-query";
import {
  CATALOGUE_ADMIN_MESSAGES,
  CATALOGUE_CURRENCIES,
  type CatalogueCurrency,
  PRODUCT_TITLE_MAX,
  STOCK_QUANTITY_MAX,
} from "@vela/shared/admin";
import { type FormEvent, useState } from "react";
import { type AdminOutputs, useAdminTRPC } from "../../../lib/admin/trpc.ts";
import { serverMessage } from "../../../lib/errors.ts";
import type { ActionOutcome } from "../../../ui/admin/admin-record.tsx";
import { Button } from "../../../ui/button.tsx";
import { Dialog } from "../../../ui/dialog.tsx";
import { ErrorBox } from "../../../ui/error-box.tsx";
import { CheckboxField, TextField } from "../../../ui/field.tsx";
import { useProductText } from "./product-text.ts";
import type { ProductDetail } from "./use-products.ts";

type Variant = ProductDetail["variants"][number];
export type VariantRemoval = AdminOutputs["products"]["removeVariant"];

/** The two procedures, with the product put in the cache and the list and audit trail refetched. */
function useVariantActions(productId: number) {
  const trpc = useAdminTRPC();
  const queryClient = useQueryClient();
  const put = (product: ProductDetail) => {
    queryClient.setQueryData(trpc.products.get.queryKey({ productId }), product);
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.products.list.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.audit.list.pathKey() }),
    ]);
  };
  return {
    add: useMutation(trpc.products.addVariant.mutationOptions({ onSuccess: put })),
    remove: useMutation(
      trpc.products.removeVariant.mutationOptions({ onSuccess: (answer) => put(answer.product) }),
    ),
  };
}

export function VariantsPanel({
  product: p,
  version,
  onOutcome,
  onChanged,
}: {
  product: ProductDetail;
  /** The version the page opened, which the change is made at. */
  version: number;
  onOutcome(outcome: ActionOutcome): void;
  /** The version the change left: the page's form reopens at it. */
  onChanged(version: number): void;
}) {
  const { t } = useProductText();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Variant | null>(null);
  const last = p.variants.length <= 1;
  return (
    <section className="admin-section" aria-labelledby="product-variant-list">
      <h2 id="product-variant-list">{t("admin.products.variants.section")}</h2>
      <ul className="admin-variant-list">
        {p.variants.map((v) => (
          <li key={v.id}>
            <span>{t("admin.products.variant", { title: v.title, sku: v.sku })}</span>{" "}
            <Button
              variant="secondary"
              disabled={last}
              aria-label={t("admin.products.variants.removeLabel", { title: v.title, sku: v.sku })}
              aria-describedby={last ? "product-last-variant" : undefined}
              onClick={() => setRemoving(v)}
            >
              {t("admin.products.variants.remove")}
            </Button>
          </li>
        ))}
      </ul>
      {last ? (
        <p id="product-last-variant" className="field-hint">
          {t("admin.products.variants.lastOne")}
        </p>
      ) : null}
      <div className="admin-actions">
        <Button variant="secondary" onClick={() => setAdding(true)}>
          {t("admin.products.variants.add")}
        </Button>
      </div>
      {adding ? (
        <AddVariantDialog
          product={p}
          version={version}
          onClose={() => setAdding(false)}
          onDone={(answer, sku) => {
            setAdding(false);
            onChanged(answer.version);
            onOutcome({ ok: true, text: t("admin.products.variants.added", { sku }) });
          }}
        />
      ) : null}
      {removing ? (
        <RemoveVariantDialog
          product={p}
          version={version}
          variant={removing}
          onClose={() => setRemoving(null)}
          onDone={(answer) => {
            setRemoving(null);
            onChanged(answer.product.version);
            onOutcome({
              ok: true,
              text: t(
                answer.outcome === "offSale"
                  ? "admin.products.variants.offSale"
                  : "admin.products.variants.removed",
                { sku: answer.sku },
              ),
            });
          }}
        />
      ) : null}
    </section>
  );
}

type PriceDraft = { amount: string; compareAt: string };

interface AddDraft {
  title: string;
  titleJa: string;
  sku: string;
  available: boolean;
  prices: Record<CatalogueCurrency, PriceDraft>;
  stock: string;
}

const EMPTY: AddDraft = {
  title: "",
  titleJa: "",
  sku: "",
  available: true,
  prices: { USD: { amount: "", compareAt: "" }, JPY: { amount: "", compareAt: "" } },
  stock: "0",
};

function AddVariantDialog({
  product: p,
  version,
  onClose,
  onDone,
}: {
  product: ProductDetail;
  version: number;
  onClose(): void;
  onDone(product: ProductDetail, sku: string): void;
}) {
  const { t, errorText, fieldErrors } = useProductText();
  const actions = useVariantActions(p.id);
  const [draft, setDraft] = useState<AddDraft>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const edit = (change: (d: AddDraft) => void) =>
    setDraft((d) => {
      const next = structuredClone(d);
      change(next);
      return next;
    });
  const language = (lang: "en" | "ja") => t(`admin.products.lang.${lang}`);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    setProblem(null);
    const stock = draft.stock.trim() === "" ? 0 : Number(draft.stock.trim());
    if (!/^\d{1,7}$/.test(draft.stock.trim() || "0") || stock > STOCK_QUANTITY_MAX) {
      setErrors({ stock: t("admin.products.stock.quantityRequired") });
      return;
    }
    try {
      const answer = await actions.add.mutateAsync({
        productId: p.id,
        version,
        variant: {
          title: draft.title,
          titleJa: draft.titleJa,
          sku: draft.sku,
          available: draft.available,
          prices: {
            USD: { amount: draft.prices.USD.amount, compareAt: draft.prices.USD.compareAt.trim() || null },
            JPY: { amount: draft.prices.JPY.amount, compareAt: draft.prices.JPY.compareAt.trim() || null },
          },
        },
        stock,
      });
      onDone(answer, draft.sku.trim());
    } catch (err) {
      // The server names the new variant's fields `variant.<field>`; the form's are the field itself.
      const byField: Record<string, string> = {};
      for (const [path, text] of Object.entries(fieldErrors(err)))
        byField[path.replace(/^variant\./, "")] = text;
      setErrors(byField);
      const stale = serverMessage(err) === CATALOGUE_ADMIN_MESSAGES.staleVersion;
      if (stale || Object.keys(byField).length === 0) setProblem(errorText(err));
    }
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title={t("admin.products.variants.addTitle")}
      className="admin-dialog"
      actions={
        <>
          <Button type="submit" form="add-variant-form" busy={actions.add.isPending}>
            {t("admin.products.variants.addSubmit")}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            {t("admin.products.variants.cancel")}
          </Button>
        </>
      }
    >
      <p>{t("admin.products.variants.addIntro")}</p>
      {problem ? <ErrorBox message={problem} /> : null}
      <form id="add-variant-form" className="form" noValidate onSubmit={submit}>
        {(["en", "ja"] as const).map((lang) => (
          <TextField
            key={lang}
            label={t("admin.products.field.variantTitle", { language: language(lang) })}
            name={lang === "en" ? "title" : "titleJa"}
            maxLength={PRODUCT_TITLE_MAX}
            optional={lang === "ja"}
            value={lang === "en" ? draft.title : draft.titleJa}
            error={errors[lang === "en" ? "title" : "titleJa"]}
            onValueChange={(value) =>
              edit((d) => {
                if (lang === "en") d.title = value;
                else d.titleJa = value;
              })
            }
          />
        ))}
        <TextField
          label={t("admin.products.field.sku")}
          name="sku"
          maxLength={64}
          autoComplete="off"
          spellCheck={false}
          value={draft.sku}
          error={errors.sku}
          onValueChange={(value) =>
            edit((d) => {
              d.sku = value;
            })
          }
        />
        <CheckboxField
          label={t("admin.products.field.available")}
          name="available"
          checked={draft.available}
          onCheckedChange={(checked) =>
            edit((d) => {
              d.available = checked;
            })
          }
        />
        {CATALOGUE_CURRENCIES.map((currency) =>
          (["amount", "compareAt"] as const).map((part) => (
            <TextField
              key={`${currency}-${part}`}
              label={t(part === "amount" ? "admin.products.field.price" : "admin.products.field.compareAt", {
                currency,
              })}
              hint={part === "compareAt" ? t("admin.products.field.compareAt.hint") : undefined}
              name={`prices.${currency}.${part}`}
              inputMode={currency === "JPY" ? "numeric" : "decimal"}
              autoComplete="off"
              optional={part === "compareAt"}
              value={draft.prices[currency][part]}
              error={errors[`prices.${currency}.${part}`]}
              onValueChange={(value) =>
                edit((d) => {
                  d.prices[currency][part] = value;
                })
              }
            />
          )),
        )}
        <TextField
          label={t("admin.products.variants.stock")}
          hint={t("admin.products.variants.stock.hint")}
          name="stock"
          inputMode="numeric"
          autoComplete="off"
          value={draft.stock}
          error={errors.stock}
          onValueChange={(value) =>
            edit((d) => {
              d.stock = value;
            })
          }
        />
      </form>
    </Dialog>
  );
}

function RemoveVariantDialog({
  product: p,
  version,
  variant: v,
  onClose,
  onDone,
}: {
  product: ProductDetail;
  version: number;
  variant: Variant;
  onClose(): void;
  onDone(answer: VariantRemoval): void;
}) {
  const { t, errorText } = useProductText();
  const actions = useVariantActions(p.id);
  const [problem, setProblem] = useState<string | null>(null);
  const remove = async () => {
    setProblem(null);
    try {
      onDone(await actions.remove.mutateAsync({ productId: p.id, version, variantId: v.id }));
    } catch (err) {
      setProblem(errorText(err));
    }
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title={t("admin.products.variants.removeTitle", { title: v.title, sku: v.sku })}
      describedBy="remove-variant-body"
      className="admin-dialog"
      actions={
        <>
          <Button variant="danger" busy={actions.remove.isPending} onClick={remove}>
            {t("admin.products.variants.removeConfirm")}
          </Button>
          <Button variant="secondary" data-initial-focus onClick={onClose}>
            {t("admin.products.variants.cancel")}
          </Button>
        </>
      }
    >
      <p id="remove-variant-body">{t("admin.products.variants.removeBody")}</p>
      {problem ? <ErrorBox message={problem} /> : null}
    </Dialog>
  );
}
