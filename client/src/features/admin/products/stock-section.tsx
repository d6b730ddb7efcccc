// A product's stock: each variant's units on hand, the form that sets a counted level or adds or
// takes off units with a reason (catalogue.manage), and the latest changes, newest first.
import { STOCK_QUANTITY_MAX, STOCK_REASONS, type StockReason } from "@vela/shared/admin";
import { type FormEvent, useState } from "react";
import type { ActionOutcome } from "../../../ui/admin/admin-record.tsx";
import { type AdminColumn, AdminTable } from "../../../ui/admin/admin-table.tsx";
import { SelectField } from "../../../ui/admin/fields.tsx";
import { Button } from "../../../ui/button.tsx";
import { TextField } from "../../../ui/field.tsx";
import { useProductText } from "./product-text.ts";
import { type ProductDetail, type StockHistoryRow, useProductActions } from "./use-products.ts";

type Mode = "adjust" | "set";

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

export function StockSection({
  product: p,
  canManage,
  onOutcome,
}: {
  product: ProductDetail;
  canManage: boolean;
  onOutcome(outcome: ActionOutcome): void;
}) {
  const { t } = useProductText();
  const columns = useHistoryColumns();
  return (
    <>
      <section className="admin-section" aria-labelledby="product-stock">
        <h2 id="product-stock">{t("admin.products.section.stock")}</h2>
        <ul className="admin-stock-levels">
          {p.variants.map((v) => (
            <li key={v.id}>{t("admin.products.stock.level", { sku: v.sku, units: v.inventory })}</li>
          ))}
        </ul>
        {canManage ? <StockForm product={p} onOutcome={onOutcome} /> : null}
      </section>
      <section className="admin-section" aria-labelledby="product-history">
        <h2 id="product-history">{t("admin.products.section.history")}</h2>
        <AdminTable
          caption={t("admin.products.history.caption")}
          captionHidden
          columns={columns}
          rows={p.history}
          rowKey={(h) => h.id}
          empty={t("admin.products.history.empty")}
        />
      </section>
    </>
  );
}

function StockForm({
  product: p,
  onOutcome,
}: {
  product: ProductDetail;
  onOutcome(outcome: ActionOutcome): void;
}) {
  const { t, errorText, fieldErrors, reason: reasonName } = useProductText();
  const actions = useProductActions(p.id);
  const [variantId, setVariantId] = useState(String(p.variants[0]?.id ?? ""));
  const [mode, setMode] = useState<Mode>("adjust");
  const [quantity, setQuantity] = useState("");
  const [reason, setReason] = useState<StockReason>("RECEIVED");
  const [note, setNote] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const units = Number(quantity.trim());
    if (!quantity.trim() || !Number.isInteger(units) || Math.abs(units) > STOCK_QUANTITY_MAX) {
      setErrors({ quantity: t("admin.products.stock.quantityRequired") });
      return;
    }
    setErrors({});
    try {
      const answer = await actions.adjustStock.mutateAsync({
        variantId: Number(variantId),
        mode,
        quantity: units,
        reason,
        ...(note.trim() ? { note: note.trim() } : {}),
      });
      const sku = p.variants.find((v) => v.id === answer.variantId)?.sku ?? "";
      setQuantity("");
      setNote("");
      onOutcome({
        ok: true,
        text: t("admin.products.stock.done", { sku, units: answer.level, delta: signed(answer.delta) }),
      });
    } catch (err) {
      setErrors(fieldErrors(err));
      onOutcome({ ok: false, text: errorText(err) });
    }
  };
  return (
    <form className="admin-stock-form" noValidate onSubmit={submit}>
      {p.variants.length > 1 ? (
        <SelectField
          label={t("admin.products.stock.variant")}
          name="variantId"
          options={p.variants.map((v) => ({ value: String(v.id), label: `${v.title} (${v.sku})` }))}
          value={variantId}
          onValueChange={setVariantId}
        />
      ) : null}
      <SelectField
        label={t("admin.products.stock.mode")}
        name="mode"
        options={(["adjust", "set"] as const).map((m) => ({
          value: m,
          label: t(`admin.products.stock.mode.${m}`),
        }))}
        value={mode}
        onValueChange={(m) => {
          setMode(m as Mode);
          if (m === "set") setReason("COUNTED");
        }}
      />
      <TextField
        label={t(
          mode === "set" ? "admin.products.stock.quantity.set" : "admin.products.stock.quantity.adjust",
        )}
        name="quantity"
        type="number"
        step={1}
        min={mode === "set" ? 0 : -STOCK_QUANTITY_MAX}
        max={STOCK_QUANTITY_MAX}
        inputMode="numeric"
        value={quantity}
        error={errors.quantity}
        onValueChange={setQuantity}
      />
      <SelectField
        label={t("admin.products.stock.reason")}
        name="reason"
        options={STOCK_REASONS.map((r) => ({ value: r, label: reasonName(r) }))}
        value={reason}
        onValueChange={(r) => setReason(r as StockReason)}
      />
      <TextField
        label={t("admin.products.stock.note")}
        name="note"
        optional
        maxLength={200}
        value={note}
        error={errors.note}
        onValueChange={setNote}
      />
      <div className="admin-actions">
        <Button type="submit" busy={actions.adjustStock.isPending}>
          {t("admin.products.stock.submit")}
        </Button>
      </div>
    </form>
  );
}

function useHistoryColumns(): AdminColumn<StockHistoryRow>[] {
  const { t, dateTime, reason } = useProductText();
  return [
    {
      key: "at",
      header: t("admin.products.history.col.at"),
      rowHeader: true,
      cell: (h) => <time dateTime={h.at}>{dateTime(h.at)}</time>,
    },
    {
      key: "variant",
      header: t("admin.products.history.col.variant"),
      cell: (h) => `${h.variantTitle} (${h.sku})`,
    },
    {
      key: "change",
      header: t("admin.products.history.col.change"),
      className: "num",
      cell: (h) => signed(h.delta),
    },
    { key: "level", header: t("admin.products.history.col.level"), className: "num", cell: (h) => h.level },
    {
      key: "reason",
      header: t("admin.products.history.col.reason"),
      cell: (h) => (
        <>
          {reason(h.reason)}
          {h.note ? <span className="admin-muted"> — {h.note}</span> : null}
        </>
      ),
    },
    { key: "by", header: t("admin.products.history.col.by"), cell: (h) => h.by },
  ];
}
