import { PRODUCT_TYPES } from "@vela/shared";
import {
  CATALOGUE_ADMIN_MESSAGES,
  CATALOGUE_CURRENCIES,
  type CatalogueCurrency,
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_SEO_MAX,
  PRODUCT_TITLE_MAX,
  type ProductSaveInput,
  type ProductStatus,
} from "@vela/shared/admin";
import { type FormEvent, useState } from "react";
import { useParams } from "react-router-dom";
import { useCan } from "../../../lib/admin/staff.tsx";
import { serverMessage } from "../../../lib/errors.ts";
import { AdminPage } from "../../../ui/admin/admin-page.tsx";
import {
  type ActionOutcome,
  AdminRecord,
  BackLink,
  useActionOutcome,
} from "../../../ui/admin/admin-record.tsx";
import { SelectField, TextAreaField } from "../../../ui/admin/fields.tsx";
import { Button } from "../../../ui/button.tsx";
import { CheckboxField, TextField } from "../../../ui/field.tsx";
import { PicturesPanel } from "./pictures-panel.tsx";
import { useProductText } from "./product-text.ts";
import "./products.css";
import { StatusBadge } from "./status-badge.tsx";
import { StockSection } from "./stock-section.tsx";
import { type ProductDetail, productIdOf, useProduct, useProductActions } from "./use-products.ts";
import { VariantsPanel } from "./variants-panel.tsx";

/**
 * /admin/products/:id (catalogue.read): the product's status, details, texts in English and
 * Japanese side by side, variants with their prices, and its stock with the history. A member with
 * catalogue.manage edits and saves them (at the version opened: a save after someone else's is
 * refused, never written over it), publishes or archives, and sets or adjusts stock.
 */
export default function ProductPage() {
  const { t, errorText } = useProductText();
  const productId = productIdOf(useParams().id);
  const product = useProduct(productId);
  return (
    <AdminRecord
      title={t("admin.products.product")}
      back={{ to: "/admin/products", label: t("admin.products.back") }}
      invalid={productId === null ? t("admin.products.invalid") : null}
      query={product}
      loadingLabel={t("admin.products.loading")}
      errorText={errorText}
    >
      {(p) => <ProductView product={p} />}
    </AdminRecord>
  );
}

function ProductView({ product: p }: { product: ProductDetail }) {
  const { t, dateTime } = useProductText();
  const canManage = useCan("catalogue.manage", "all");
  const { show, view: outcome } = useActionOutcome();
  // The version the form was opened at: what a save or a status change is made at. It moves with
  // this member's own changes, never with a refetch, so that someone else's save is noticed.
  const [opened, setOpened] = useState({ version: p.version, key: 0 });
  const reopen = (version: number) => setOpened((o) => ({ version, key: o.key + 1 }));
  return (
    <AdminPage title={p.texts.en.title || t("admin.products.product")}>
      <BackLink to="/admin/products" label={t("admin.products.back")} />
      <p className="admin-badges">
        <StatusBadge status={p.status} />
        <span className="admin-muted">
          {t("admin.products.version", { version: p.version, at: dateTime(p.updatedAt) })}
        </span>
        {p.status === "ACTIVE" ? (
          <a href={`/products/${p.handle}`}>{t("admin.products.viewInShop")}</a>
        ) : null}
      </p>
      {canManage ? null : <p className="notice">{t("admin.products.readOnly")}</p>}
      {outcome}
      <StatusSection
        product={p}
        version={opened.version}
        canManage={canManage}
        onOutcome={show}
        onMoved={(version) => {
          // Our own change moved it by one: the form's edits still stand on what they were made on.
          if (version === opened.version + 1) setOpened((o) => ({ ...o, version }));
        }}
      />
      <ProductForm
        // A variant added or removed reopens the form on the product's variants as they now are.
        key={`${opened.key}:${p.variants.map((v) => v.id).join(",")}`}
        product={p}
        version={opened.version}
        canManage={canManage}
        onOutcome={show}
        onSaved={reopen}
      />
      {canManage ? (
        <VariantsPanel product={p} version={opened.version} onOutcome={show} onChanged={reopen} />
      ) : null}
      <PicturesPanel productId={p.id} canManage={canManage} onOutcome={show} />
      <StockSection product={p} canManage={canManage} onOutcome={show} />
    </AdminPage>
  );
}

const NEXT_STATUSES: Record<ProductStatus, { status: ProductStatus; label: string }[]> = {
  DRAFT: [{ status: "ACTIVE", label: "admin.products.action.publish" }],
  ACTIVE: [
    { status: "ARCHIVED", label: "admin.products.action.archive" },
    { status: "DRAFT", label: "admin.products.action.draft" },
  ],
  ARCHIVED: [
    { status: "ACTIVE", label: "admin.products.action.publish" },
    { status: "DRAFT", label: "admin.products.action.draft" },
  ],
};

function StatusSection({
  product: p,
  version,
  canManage,
  onOutcome,
  onMoved,
}: {
  product: ProductDetail;
  version: number;
  canManage: boolean;
  onOutcome(outcome: ActionOutcome): void;
  onMoved(version: number): void;
}) {
  const { t, tKey, errorText, status } = useProductText();
  const actions = useProductActions(p.id);
  const change = async (next: ProductStatus) => {
    try {
      const answer = await actions.setStatus.mutateAsync({ productId: p.id, version, status: next });
      onMoved(answer.version);
      onOutcome({ ok: true, text: t(`admin.products.done.${next}`) });
    } catch (err) {
      onOutcome({ ok: false, text: errorText(err) });
    }
  };
  return (
    <section className="admin-section" aria-labelledby="product-status">
      <h2 id="product-status">{t("admin.products.section.status")}</h2>
      <p>
        {t("admin.products.status.current", { status: status(p.status) })}{" "}
        {t(`admin.products.status.hint.${p.status}`)}
      </p>
      {canManage ? (
        <div className="admin-actions">
          {NEXT_STATUSES[p.status].map((n) => (
            <Button
              key={n.status}
              variant={n.status === "ACTIVE" ? "primary" : "secondary"}
              busy={actions.setStatus.isPending && actions.setStatus.variables?.status === n.status}
              onClick={() => change(n.status)}
            >
              {tKey(n.label as Parameters<typeof tKey>[0])}
            </Button>
          ))}
        </div>
      ) : null}
    </section>
  );
}

type PriceDraft = { amount: string; compareAt: string };
type Draft = Omit<ProductSaveInput, "productId" | "version" | "variants"> & {
  variants: (Omit<ProductSaveInput["variants"][number], "prices"> & {
    prices: Record<CatalogueCurrency, PriceDraft>;
  })[];
};

function draftOf(p: ProductDetail): Draft {
  return {
    handle: p.handle,
    productType: p.productType as Draft["productType"],
    texts: structuredClone(p.texts),
    variants: p.variants.map((v) => ({
      id: v.id,
      title: v.title,
      titleJa: v.titleJa,
      sku: v.sku,
      available: v.available,
      prices: {
        USD: { amount: v.prices.USD?.amount ?? "", compareAt: v.prices.USD?.compareAt ?? "" },
        JPY: { amount: v.prices.JPY?.amount ?? "", compareAt: v.prices.JPY?.compareAt ?? "" },
      },
    })),
  };
}

function inputOf(p: ProductDetail, version: number, d: Draft): ProductSaveInput {
  return {
    productId: p.id,
    version,
    handle: d.handle,
    productType: d.productType,
    texts: d.texts,
    variants: d.variants.map((v) => ({
      ...v,
      prices: {
        USD: { amount: v.prices.USD.amount, compareAt: v.prices.USD.compareAt.trim() || null },
        JPY: { amount: v.prices.JPY.amount, compareAt: v.prices.JPY.compareAt.trim() || null },
      },
    })),
  };
}

const LANGUAGES = ["en", "ja"] as const;

function ProductForm({
  product: p,
  version,
  canManage,
  onOutcome,
  onSaved,
}: {
  product: ProductDetail;
  version: number;
  canManage: boolean;
  onOutcome(outcome: ActionOutcome): void;
  onSaved(version: number): void;
}) {
  const { t, errorText, fieldErrors, type } = useProductText();
  const actions = useProductActions(p.id);
  const [draft, setDraft] = useState<Draft>(() => draftOf(p));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [stale, setStale] = useState(false);
  const edit = (change: (d: Draft) => void) =>
    setDraft((d) => {
      const next = structuredClone(d);
      change(next);
      return next;
    });
  const language = (lang: "en" | "ja") => t(`admin.products.lang.${lang}`);
  const save = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    try {
      const answer = await actions.update.mutateAsync(inputOf(p, version, draft));
      onSaved(answer.version);
      onOutcome({ ok: true, text: t("admin.products.saved") });
    } catch (err) {
      setErrors(fieldErrors(err));
      setStale(serverMessage(err) === CATALOGUE_ADMIN_MESSAGES.staleVersion);
      onOutcome({ ok: false, text: errorText(err) });
    }
  };
  const reload = async () => {
    try {
      const fresh = await actions.reload();
      setStale(false);
      onSaved(fresh.version);
    } catch (err) {
      onOutcome({ ok: false, text: errorText(err) });
    }
  };
  return (
    <form className="admin-product-form" noValidate onSubmit={save}>
      <fieldset className="admin-product-fields" disabled={!canManage}>
        <section className="admin-section" aria-labelledby="product-details">
          <h2 id="product-details">{t("admin.products.section.details")}</h2>
          <div className="admin-product-grid">
            <TextField
              label={t("admin.products.field.handle")}
              hint={t("admin.products.field.handle.hint")}
              name="handle"
              maxLength={120}
              autoComplete="off"
              spellCheck={false}
              value={draft.handle}
              error={errors.handle}
              onValueChange={(v) =>
                edit((d) => {
                  d.handle = v;
                })
              }
            />
            <SelectField
              label={t("admin.products.field.type")}
              name="productType"
              options={PRODUCT_TYPES.map((v) => ({ value: v, label: type(v) }))}
              value={draft.productType}
              onValueChange={(v) =>
                edit((d) => {
                  d.productType = v as Draft["productType"];
                })
              }
            />
          </div>
        </section>
        <section className="admin-section" aria-labelledby="product-texts">
          <h2 id="product-texts">{t("admin.products.section.texts")}</h2>
          <div className="admin-product-languages">
            {LANGUAGES.map((lang) => (
              <fieldset key={lang} className="admin-fieldset" lang={lang === "ja" ? "ja" : "en"}>
                <legend>{language(lang)}</legend>
                {lang === "ja" ? <p className="field-hint">{t("admin.products.lang.jaHint")}</p> : null}
                <TextField
                  label={t("admin.products.field.title", { language: language(lang) })}
                  name={`texts.${lang}.title`}
                  maxLength={PRODUCT_TITLE_MAX}
                  value={draft.texts[lang].title}
                  placeholder={lang === "ja" ? draft.texts.en.title : undefined}
                  error={errors[`texts.${lang}.title`]}
                  onValueChange={(v) =>
                    edit((d) => {
                      d.texts[lang].title = v;
                    })
                  }
                />
                <TextAreaField
                  label={t("admin.products.field.description", { language: language(lang) })}
                  name={`texts.${lang}.description`}
                  rows={6}
                  maxLength={PRODUCT_DESCRIPTION_MAX}
                  value={draft.texts[lang].description}
                  error={errors[`texts.${lang}.description`]}
                  onValueChange={(v) =>
                    edit((d) => {
                      d.texts[lang].description = v;
                    })
                  }
                />
                <TextAreaField
                  label={t("admin.products.field.seoDescription", { language: language(lang) })}
                  hint={t("admin.products.field.seoDescription.hint")}
                  name={`texts.${lang}.seoDescription`}
                  rows={2}
                  maxLength={PRODUCT_SEO_MAX}
                  value={draft.texts[lang].seoDescription}
                  error={errors[`texts.${lang}.seoDescription`]}
                  onValueChange={(v) =>
                    edit((d) => {
                      d.texts[lang].seoDescription = v.replace(/\s*\n\s*/g, " ");
                    })
                  }
                />
              </fieldset>
            ))}
          </div>
        </section>
        <section className="admin-section" aria-labelledby="product-variants">
          <h2 id="product-variants">{t("admin.products.section.variants")}</h2>
          {draft.variants.map((v, i) => (
            <fieldset key={v.id} className="admin-fieldset admin-product-variant">
              <legend>
                {t("admin.products.variant", {
                  title: p.variants[i]?.title ?? "",
                  sku: p.variants[i]?.sku ?? "",
                })}
              </legend>
              <div className="admin-product-grid">
                {LANGUAGES.map((lang) => (
                  <TextField
                    key={lang}
                    label={t("admin.products.field.variantTitle", { language: language(lang) })}
                    name={`variants.${i}.${lang === "en" ? "title" : "titleJa"}`}
                    maxLength={PRODUCT_TITLE_MAX}
                    value={lang === "en" ? v.title : v.titleJa}
                    placeholder={lang === "ja" ? v.title : undefined}
                    error={errors[`variants.${i}.${lang === "en" ? "title" : "titleJa"}`]}
                    onValueChange={(value) =>
                      edit((d) => {
                        const dv = d.variants[i];
                        if (!dv) return;
                        if (lang === "en") dv.title = value;
                        else dv.titleJa = value;
                      })
                    }
                  />
                ))}
                <TextField
                  label={t("admin.products.field.sku")}
                  name={`variants.${i}.sku`}
                  maxLength={64}
                  autoComplete="off"
                  spellCheck={false}
                  value={v.sku}
                  error={errors[`variants.${i}.sku`]}
                  onValueChange={(value) =>
                    edit((d) => {
                      const dv = d.variants[i];
                      if (dv) dv.sku = value;
                    })
                  }
                />
                <CheckboxField
                  label={t("admin.products.field.available")}
                  name={`variants.${i}.available`}
                  checked={v.available}
                  onCheckedChange={(checked) =>
                    edit((d) => {
                      const dv = d.variants[i];
                      if (dv) dv.available = checked;
                    })
                  }
                />
                {CATALOGUE_CURRENCIES.map((currency) =>
                  (["amount", "compareAt"] as const).map((part) => (
                    <TextField
                      key={`${currency}-${part}`}
                      label={t(
                        part === "amount" ? "admin.products.field.price" : "admin.products.field.compareAt",
                        {
                          currency,
                        },
                      )}
                      hint={part === "compareAt" ? t("admin.products.field.compareAt.hint") : undefined}
                      name={`variants.${i}.prices.${currency}.${part}`}
                      inputMode={currency === "JPY" ? "numeric" : "decimal"}
                      autoComplete="off"
                      optional={part === "compareAt"}
                      value={v.prices[currency][part]}
                      error={errors[`variants.${i}.prices.${currency}.${part}`]}
                      onValueChange={(value) =>
                        edit((d) => {
                          const dv = d.variants[i];
                          if (dv) dv.prices[currency][part] = value;
                        })
                      }
                    />
                  )),
                )}
              </div>
            </fieldset>
          ))}
        </section>
      </fieldset>
      {canManage ? (
        <div className="admin-actions admin-product-save">
          <Button type="submit" busy={actions.update.isPending}>
            {actions.update.isPending ? t("admin.products.saving") : t("admin.products.save")}
          </Button>
          {stale ? (
            <Button variant="secondary" onClick={reload}>
              {t("admin.products.reload")}
            </Button>
          ) : null}
        </div>
      ) : null}
    </form>
  );
}
