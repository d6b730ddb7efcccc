import { PRODUCT_TYPES } from "@vela/shared";
import {
  CATALOGUE_CURRENCIES,
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_TITLE_MAX,
  type ProductCreateInput,
} from "@vela/shared/admin";
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router-dom";
import { AdminPage } from "../../../ui/admin/admin-page.tsx";
import { BackLink, useActionOutcome } from "../../../ui/admin/admin-record.tsx";
import { SelectField, TextAreaField } from "../../../ui/admin/fields.tsx";
import { Button } from "../../../ui/button.tsx";
import { CheckboxField, TextField } from "../../../ui/field.tsx";
import { useProductText } from "./product-text.ts";
import "./products.css";
import { useCreateProduct } from "./use-products.ts";

type Draft = {
  handle: string;
  productType: ProductCreateInput["productType"];
  title: string;
  titleJa: string;
  description: string;
  descriptionJa: string;
  variantTitle: string;
  variantTitleJa: string;
  sku: string;
  available: boolean;
  USD: string;
  JPY: string;
};

const BLANK: Draft = {
  handle: "",
  productType: "accessories",
  title: "",
  titleJa: "",
  description: "",
  descriptionJa: "",
  variantTitle: "Standard",
  variantTitleJa: "",
  sku: "",
  available: true,
  USD: "",
  JPY: "",
};

/** The form's field for each path the server names. */
const FIELD_OF: Record<string, keyof Draft> = {
  handle: "handle",
  "texts.en.title": "title",
  "texts.ja.title": "titleJa",
  "texts.en.description": "description",
  "texts.ja.description": "descriptionJa",
  "variant.title": "variantTitle",
  "variant.titleJa": "variantTitleJa",
  "variant.sku": "sku",
  "variant.prices.USD.amount": "USD",
  "variant.prices.JPY.amount": "JPY",
};

/**
 * /admin/products/new (catalogue.manage): a new product as a draft with its first variant and
 * prices; its page opens once it is made, to add stock, more texts and publish it.
 */
export default function NewProductPage() {
  const { t, errorText, fieldErrors, type } = useProductText();
  const navigate = useNavigate();
  const create = useCreateProduct();
  const { show, view: outcome } = useActionOutcome();
  const [draft, setDraft] = useState<Draft>(BLANK);
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({});
  const field = (name: keyof Draft) => ({
    name,
    value: String(draft[name]),
    error: errors[name],
    onValueChange: (value: string) => setDraft((d) => ({ ...d, [name]: value })),
  });
  const en = t("admin.products.lang.en");
  const ja = t("admin.products.lang.ja");
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    try {
      const made = await create.mutateAsync({
        handle: draft.handle,
        productType: draft.productType,
        texts: {
          en: { title: draft.title, description: draft.description, seoDescription: "" },
          ja: { title: draft.titleJa, description: draft.descriptionJa, seoDescription: "" },
        },
        variant: {
          title: draft.variantTitle,
          titleJa: draft.variantTitleJa,
          sku: draft.sku,
          available: draft.available,
          prices: {
            USD: { amount: draft.USD, compareAt: null },
            JPY: { amount: draft.JPY, compareAt: null },
          },
        },
      });
      navigate(`/admin/products/${made.id}`);
    } catch (err) {
      const byPath = fieldErrors(err);
      const next: Partial<Record<keyof Draft, string>> = {};
      for (const [path, text] of Object.entries(byPath)) {
        const name = FIELD_OF[path];
        if (name) next[name] ??= text;
      }
      setErrors(next);
      show({ ok: false, text: errorText(err) });
    }
  };
  return (
    <AdminPage title={t("admin.products.new.title")}>
      <BackLink to="/admin/products" label={t("admin.products.back")} />
      <p>{t("admin.products.new.intro")}</p>
      {outcome}
      <form className="admin-product-form" noValidate onSubmit={submit}>
        <section className="admin-section" aria-labelledby="new-product-details">
          <h2 id="new-product-details">{t("admin.products.section.details")}</h2>
          <div className="admin-product-grid">
            <TextField
              label={t("admin.products.field.handle")}
              hint={t("admin.products.field.handle.hint")}
              maxLength={120}
              autoComplete="off"
              spellCheck={false}
              required
              {...field("handle")}
            />
            <SelectField
              label={t("admin.products.field.type")}
              options={PRODUCT_TYPES.map((v) => ({ value: v, label: type(v) }))}
              {...field("productType")}
            />
          </div>
          <div className="admin-product-languages">
            <TextField
              label={t("admin.products.field.title", { language: en })}
              maxLength={PRODUCT_TITLE_MAX}
              required
              {...field("title")}
            />
            <TextField
              label={t("admin.products.field.title", { language: ja })}
              hint={t("admin.products.lang.jaHint")}
              maxLength={PRODUCT_TITLE_MAX}
              lang="ja"
              {...field("titleJa")}
            />
            <TextAreaField
              label={t("admin.products.field.description", { language: en })}
              rows={4}
              maxLength={PRODUCT_DESCRIPTION_MAX}
              {...field("description")}
            />
            <TextAreaField
              label={t("admin.products.field.description", { language: ja })}
              rows={4}
              maxLength={PRODUCT_DESCRIPTION_MAX}
              lang="ja"
              {...field("descriptionJa")}
            />
          </div>
        </section>
        <section className="admin-section" aria-labelledby="new-product-variant">
          <h2 id="new-product-variant">{t("admin.products.new.variant")}</h2>
          <div className="admin-product-grid">
            <TextField
              label={t("admin.products.field.variantTitle", { language: en })}
              maxLength={PRODUCT_TITLE_MAX}
              {...field("variantTitle")}
            />
            <TextField
              label={t("admin.products.field.variantTitle", { language: ja })}
              maxLength={PRODUCT_TITLE_MAX}
              lang="ja"
              {...field("variantTitleJa")}
            />
            <TextField
              label={t("admin.products.field.sku")}
              maxLength={64}
              autoComplete="off"
              spellCheck={false}
              required
              {...field("sku")}
            />
            <CheckboxField
              label={t("admin.products.field.available")}
              name="available"
              checked={draft.available}
              onCheckedChange={(available) => setDraft((d) => ({ ...d, available }))}
            />
            {CATALOGUE_CURRENCIES.map((currency) => (
              <TextField
                key={currency}
                label={t("admin.products.field.price", { currency })}
                inputMode={currency === "JPY" ? "numeric" : "decimal"}
                autoComplete="off"
                required
                {...field(currency)}
              />
            ))}
          </div>
        </section>
        <div className="admin-actions admin-product-save">
          <Button type="submit" busy={create.isPending}>
            {t("admin.products.new.submit")}
          </Button>
        </div>
      </form>
    </AdminPage>
  );
}
