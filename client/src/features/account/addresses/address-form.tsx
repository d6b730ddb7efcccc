import { type AddressInput, ZAddressInput } from "@vela/shared";
import { type FieldErrors, useForm } from "../../../lib/forms/use-form.ts";
import { phoneError, requiredError } from "../../../lib/forms/validation.ts";
import { useI18n } from "../../../lib/i18n.tsx";
import { inAddressOrder } from "../../../lib/names.ts";
import { Button, SubmitButton } from "../../../ui/button.tsx";
import { TextField } from "../../../ui/field.tsx";
import { schemaErrors, withSchemaErrors } from "../../../ui/form-errors.ts";
import { CardForm } from "../shared/card-form.tsx";

export interface AddressFormValues extends Record<string, string> {
  firstName: string;
  lastName: string;
  company: string;
  address1: string;
  address2: string;
  city: string;
  province: string;
  country: string;
  zip: string;
  phone: string;
}

export const EMPTY_ADDRESS: AddressFormValues = {
  firstName: "",
  lastName: "",
  company: "",
  address1: "",
  address2: "",
  city: "",
  province: "",
  country: "",
  zip: "",
  phone: "",
};

type FieldName = keyof AddressFormValues;

/** Label key, autocomplete token, required or not: spec 000 §5's address rules. */
const FIELDS = [
  { name: "firstName", label: "field.firstName", autoComplete: "given-name", required: true },
  { name: "lastName", label: "field.lastName", autoComplete: "family-name", required: true },
  { name: "company", label: "field.company", autoComplete: "organization", required: false, wide: true },
  { name: "address1", label: "field.address1", autoComplete: "address-line1", required: true, wide: true },
  { name: "address2", label: "field.address2", autoComplete: "address-line2", required: false, wide: true },
  { name: "city", label: "field.city", autoComplete: "address-level2", required: true },
  { name: "province", label: "field.province", autoComplete: "address-level1", required: true },
  { name: "zip", label: "field.zip", autoComplete: "postal-code", required: true },
  { name: "country", label: "field.country", autoComplete: "country-name", required: true },
  { name: "phone", label: "field.phone", autoComplete: "tel", required: false, type: "tel" },
] as const satisfies readonly {
  name: FieldName;
  label: string;
  autoComplete: string;
  required: boolean;
  wide?: boolean;
  type?: string;
}[];

export function AddressForm({
  title,
  initial,
  onSubmit,
  onCancel,
  sending,
}: {
  title: string;
  initial: AddressFormValues;
  onSubmit(address: AddressInput): Promise<void>;
  onCancel(): void;
  sending: boolean;
}) {
  const i18n = useI18n();
  const { t, tKey, locale } = i18n;
  const fields = inAddressOrder(locale, FIELDS, (f) => f.name);
  const labelOf = (name: string): string => {
    const field = FIELDS.find((f) => f.name === name);
    return field ? tKey(field.label) : name;
  };

  const validate = (values: AddressFormValues): FieldErrors<AddressFormValues> => {
    const errors: FieldErrors<AddressFormValues> = {};
    for (const field of FIELDS) {
      if (field.required) errors[field.name] = requiredError(i18n, values[field.name], tKey(field.label));
    }
    errors.phone = phoneError(i18n, values.phone);
    // Whatever else the shared schema refuses (lengths), on its field, in the catalogue's words.
    return withSchemaErrors(errors, schemaErrors(i18n, ZAddressInput.safeParse(values), labelOf));
  };

  const form = useForm<AddressFormValues>(initial, validate);

  return (
    <CardForm
      formRef={form.formRef}
      titleId="address-form-title"
      title={title}
      onSubmit={form.handleSubmit(async (values) => onSubmit(ZAddressInput.parse(values)))}
    >
      <div className="form-grid">
        {fields.map((field) => (
          <TextField
            key={field.name}
            className={"wide" in field && field.wide ? "field-wide" : undefined}
            label={tKey(field.label)}
            name={field.name}
            type={"type" in field ? field.type : "text"}
            autoComplete={field.autoComplete}
            required={field.required}
            optional={!field.required}
            {...form.field(field.name)}
          />
        ))}
      </div>
      <div className="actions">
        <SubmitButton busy={sending} label={t("addresses.save")} busyLabel={t("addresses.saving")} />
        <Button variant="secondary" onClick={onCancel} disabled={sending}>
          {t("common.cancel")}
        </Button>
      </div>
    </CardForm>
  );
}
