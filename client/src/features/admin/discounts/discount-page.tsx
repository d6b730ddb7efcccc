import {
  CATALOGUE_CURRENCIES,
  type CatalogueCurrency,
  DISCOUNT_ADMIN_MESSAGES,
  type DiscountKind,
} from "@vela/shared/admin";
import { type FormEvent, useState } from "react";
import { useNavigate, useParams } from "react-router-dom";
import { useCan } from "../../../lib/admin/staff.tsx";
import { AdminPage } from "../../../ui/admin/admin-page.tsx";
import { BackLink, useActionOutcome } from "../../../ui/admin/admin-record.tsx";
import { PermissionGuard } from "../../../ui/admin/permission-guard.tsx";
import { Button } from "../../../ui/button.tsx";
import { ErrorBox } from "../../../ui/error-box.tsx";
import { CheckboxField, TextField } from "../../../ui/field.tsx";
import { Spinner } from "../../../ui/spinner.tsx";
import { reasonOf, useDiscountText } from "./discount-text.ts";
import { StatusBadge } from "./discounts-page.tsx";
import "./discounts.css";
import { type DiscountDetail, discountIdOf, useDiscount, useDiscountActions } from "./use-discounts.ts";

type Draft = {
  code: string;
  kind: DiscountKind;
  percentOff: string;
  USD: { amountOff: string; minimum: string };
  JPY: { amountOff: string; minimum: string };
  startsAt: string;
  endsAt: string;
  usageLimit: string;
  perCustomerLimit: string;
  combinable: boolean;
};

const BLANK: Draft = {
  code: "",
  kind: "PERCENT",
  percentOff: "",
  USD: { amountOff: "", minimum: "" },
  JPY: { amountOff: "", minimum: "" },
  startsAt: "",
  endsAt: "",
  usageLimit: "",
  perCustomerLimit: "",
  combinable: false,
};

/** `datetime-local`'s value for a moment, in the reader's time zone. */
function localInput(iso: string | null): string {
  if (!iso) return "";
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The moment a `datetime-local` value names in the reader's time zone, as ISO; "" stays empty. */
function isoOf(local: string): string {
  if (!local) return "";
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? local : d.toISOString();
}

function draftOf(d: DiscountDetail): Draft {
  return {
    code: d.code,
    kind: d.kind,
    percentOff: d.percentOff === null ? "" : String(d.percentOff),
    USD: { ...d.currencies.USD },
    JPY: { ...d.currencies.JPY },
    startsAt: localInput(d.startsAt),
    endsAt: localInput(d.endsAt),
    usageLimit: d.usageLimit === null ? "" : String(d.usageLimit),
    perCustomerLimit: d.perCustomerLimit === null ? "" : String(d.perCustomerLimit),
    combinable: d.combinable,
  };
}

/** A refusal because the code moved since the page read it (its reason, or its words). */
const isStale = (err: unknown) =>
  reasonOf(err) === "staleVersion" ||
  (err instanceof Error && err.message === DISCOUNT_ADMIN_MESSAGES.staleVersion);

/** Whole numbers as numbers (the server refuses anything else with the field's message); empty as "". */
const numberOf = (v: string): number | string => (/^\d+$/.test(v.trim()) ? Number(v.trim()) : v.trim());

/**
 * /admin/discounts/new (discounts.manage) and /admin/discounts/:id (discounts.read): a code's rules
 * in one form (the kind, the percentage or the amount per currency, the minimum order per
 * currency, start and end, the limits overall and per customer, combinable), saved at the version
 * opened; disable and enable; its uses and the sales it touched.
 */
export default function DiscountPage() {
  const params = useParams();
  // /admin/discounts/new is a route of its own, without an id.
  const isNew = params.id === undefined;
  const discountId = isNew ? null : discountIdOf(params.id);
  const { t, errorText } = useDiscountText();
  const query = useDiscount(discountId);
  if (isNew) return <DiscountForm initial={null} />;
  if (discountId === null || query.isError)
    return (
      <AdminPage title={t("admin.discounts.notFound")}>
        <BackLink to="/admin/discounts" label={t("admin.discounts.back")} />
        <ErrorBox message={query.isError ? errorText(query.error) : t("admin.discounts.notFound")} />
      </AdminPage>
    );
  if (!query.data) return <Spinner label={t("admin.table.loading")} />;
  // Keyed by the code, not its version: a save or a disable keeps the page and says what happened.
  return <DiscountForm key={query.data.id} initial={query.data} />;
}

function DiscountForm({ initial }: { initial: DiscountDetail | null }) {
  const { t, errorText, fieldErrors, minor } = useDiscountText();
  const navigate = useNavigate();
  const actions = useDiscountActions();
  const canManage = useCan(["discounts.manage"], "all");
  const { show, view: outcome } = useActionOutcome();
  const [draft, setDraft] = useState<Draft>(() => (initial ? draftOf(initial) : BLANK));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [stale, setStale] = useState(false);
  const readOnly = !canManage;
  const text = (name: "code" | "percentOff" | "startsAt" | "endsAt" | "usageLimit" | "perCustomerLimit") => ({
    name,
    value: draft[name],
    error: errors[name],
    readOnly,
    onValueChange: (value: string) => setDraft((d) => ({ ...d, [name]: value })),
  });
  const money = (currency: CatalogueCurrency, f: "amountOff" | "minimum") => ({
    name: `${currency}-${f}`,
    value: draft[currency][f],
    error: errors[`currencies.${currency}.${f}`],
    readOnly,
    inputMode: currency === "JPY" ? ("numeric" as const) : ("decimal" as const),
    autoComplete: "off",
    onValueChange: (value: string) => setDraft((d) => ({ ...d, [currency]: { ...d[currency], [f]: value } })),
  });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    setStale(false);
    const fields = {
      code: draft.code,
      kind: draft.kind,
      percentOff: draft.kind === "PERCENT" ? numberOf(draft.percentOff) : null,
      currencies: {
        USD: { amountOff: draft.kind === "AMOUNT" ? draft.USD.amountOff : "", minimum: draft.USD.minimum },
        JPY: { amountOff: draft.kind === "AMOUNT" ? draft.JPY.amountOff : "", minimum: draft.JPY.minimum },
      },
      startsAt: isoOf(draft.startsAt),
      endsAt: isoOf(draft.endsAt),
      usageLimit: numberOf(draft.usageLimit),
      perCustomerLimit: numberOf(draft.perCustomerLimit),
      combinable: draft.combinable,
    } as unknown as Parameters<typeof actions.create.mutateAsync>[0];
    try {
      if (initial) {
        await actions.update.mutateAsync({ ...fields, discountId: initial.id, version: initial.version });
        show({ ok: true, text: t("admin.discounts.saved") });
      } else {
        const made = await actions.create.mutateAsync(fields);
        navigate(`/admin/discounts/${made.id}`);
      }
    } catch (err) {
      setErrors(fieldErrors(err));
      if (isStale(err)) setStale(true);
      show({ ok: false, text: errorText(err) });
    }
  };
  const toggle = async () => {
    if (!initial) return;
    try {
      const next = await actions.setDisabled.mutateAsync({
        discountId: initial.id,
        version: initial.version,
        disabled: initial.status !== "disabled",
      });
      show({
        ok: true,
        text: next.status === "disabled" ? t("admin.discounts.disabledNow") : t("admin.discounts.enabledNow"),
      });
    } catch (err) {
      if (isStale(err)) setStale(true);
      show({ ok: false, text: errorText(err) });
    }
  };
  const title = initial ? initial.code : t("admin.discounts.new.title");
  return (
    <AdminPage title={title}>
      <BackLink to="/admin/discounts" label={t("admin.discounts.back")} />
      {outcome}
      {stale && initial ? (
        <p>
          <Button
            variant="secondary"
            onClick={async () => {
              setDraft(draftOf(await actions.reload(initial.id)));
              setErrors({});
              setStale(false);
            }}
          >
            {t("admin.discounts.openLatest")}
          </Button>
        </p>
      ) : null}
      {initial ? (
        <section className="admin-section" aria-labelledby="discount-use">
          <h2 id="discount-use">{t("admin.discounts.section.use")}</h2>
          <dl className="admin-facts">
            <dt>{t("admin.discounts.col.status")}</dt>
            <dd>
              <StatusBadge status={initial.status} usedUp={initial.usedUp} />
            </dd>
            <dt>{t("admin.discounts.col.used")}</dt>
            <dd>{initial.timesUsed}</dd>
            {initial.issuedTo ? (
              <>
                <dt>{t("admin.discounts.boundTo")}</dt>
                <dd>{initial.issuedTo}</dd>
              </>
            ) : null}
            <dt>{t("admin.discounts.col.sales")}</dt>
            <dd>
              {initial.sales.length === 0
                ? t("admin.discounts.noSales")
                : initial.sales.map((s) => (
                    <div key={s.currencyCode}>
                      {t("admin.discounts.sales", {
                        orders: s.orders,
                        total: minor(s.total, s.currencyCode),
                        discount: minor(s.discount, s.currencyCode),
                      })}
                    </div>
                  ))}
            </dd>
          </dl>
          <PermissionGuard all={["discounts.manage"]}>
            <Button variant="secondary" busy={actions.setDisabled.isPending} onClick={toggle}>
              {initial.status === "disabled" ? t("admin.discounts.enable") : t("admin.discounts.disable")}
            </Button>
          </PermissionGuard>
        </section>
      ) : (
        <p>{t("admin.discounts.new.intro")}</p>
      )}
      <form className="admin-discount-form" noValidate onSubmit={submit}>
        <section className="admin-section" aria-labelledby="discount-rules">
          <h2 id="discount-rules">{t("admin.discounts.section.rules")}</h2>
          <div className="admin-discount-grid">
            <TextField
              label={t("admin.discounts.field.code")}
              hint={t("admin.discounts.field.code.hint")}
              maxLength={32}
              autoComplete="off"
              spellCheck={false}
              required
              {...text("code")}
            />
            <fieldset className="admin-discount-kind">
              <legend>{t("admin.discounts.field.kind")}</legend>
              {(["PERCENT", "AMOUNT"] as const).map((kind) => (
                <label key={kind}>
                  <input
                    type="radio"
                    name="kind"
                    value={kind}
                    checked={draft.kind === kind}
                    disabled={readOnly}
                    onChange={() => setDraft((d) => ({ ...d, kind }))}
                  />{" "}
                  {t(`admin.discounts.kind.${kind}`)}
                </label>
              ))}
            </fieldset>
            {draft.kind === "PERCENT" ? (
              <TextField
                label={t("admin.discounts.field.percentOff")}
                inputMode="numeric"
                autoComplete="off"
                {...text("percentOff")}
              />
            ) : null}
          </div>
          <div className="admin-discount-grid">
            {CATALOGUE_CURRENCIES.map((c) => (
              <div key={c} className="admin-discount-currency">
                {draft.kind === "AMOUNT" ? (
                  <TextField
                    label={t("admin.discounts.field.amountOff", { currency: c })}
                    hint={t("admin.discounts.field.amountOff.hint")}
                    {...money(c, "amountOff")}
                  />
                ) : null}
                <TextField
                  label={t("admin.discounts.field.minimum", { currency: c })}
                  hint={t("admin.discounts.field.minimum.hint")}
                  {...money(c, "minimum")}
                />
              </div>
            ))}
          </div>
          <div className="admin-discount-grid">
            <TextField
              label={t("admin.discounts.field.startsAt")}
              hint={t("admin.discounts.field.dates.hint")}
              type="datetime-local"
              {...text("startsAt")}
            />
            <TextField label={t("admin.discounts.field.endsAt")} type="datetime-local" {...text("endsAt")} />
            <TextField
              label={t("admin.discounts.field.usageLimit")}
              hint={t("admin.discounts.field.limit.hint")}
              inputMode="numeric"
              autoComplete="off"
              {...text("usageLimit")}
            />
            <TextField
              label={t("admin.discounts.field.perCustomerLimit")}
              hint={t("admin.discounts.field.perCustomerLimit.hint")}
              inputMode="numeric"
              autoComplete="off"
              {...text("perCustomerLimit")}
            />
            <CheckboxField
              label={t("admin.discounts.field.combinable")}
              name="combinable"
              checked={draft.combinable}
              onCheckedChange={(combinable) => setDraft((d) => ({ ...d, combinable }))}
            />
          </div>
        </section>
        <PermissionGuard all={["discounts.manage"]}>
          <div className="admin-actions">
            <Button type="submit" busy={actions.create.isPending || actions.update.isPending}>
              {initial ? t("admin.discounts.save") : t("admin.discounts.new.submit")}
            </Button>
          </div>
        </PermissionGuard>
      </form>
    </AdminPage>
  );
}
