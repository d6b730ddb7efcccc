import { type AddressInput, ZAddressInput } from "@vela/shared";
import { type FieldErrors, useForm } from "../../../lib/forms/use-form.ts";
import { phoneError, requiredError } from "../../../lib/forms/validation.ts";
import { useI18n } from "../../../lib/i18n.tsx";
import { AddressFields, type AddressValues, addressForForm } from "../../../ui/address-fields.tsx";
import { Button, SubmitButton } from "../../../ui/button.tsx";
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

/** A new address: the country is filled in by the form (the reader's store's). */
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

/** Label key and required or not: spec 000 §5's address rules. */
const FIELDS = [
  { name: "firstName", label: "field.firstName", required: true },
  { name: "lastName", label: "field.lastName", required: true },
  { name: "company", label: "field.company", required: false },
  { name: "address1", label: "field.address1", required: true },
  { name: "address2", label: "field.address2", required: false },
  { name: "city", label: "field.city", required: true },
  { name: "province", label: "field.province", required: true },
  { name: "zip", label: "field.zip", required: true },
  { name: "country", label: "field.country", required: true },
  { name: "phone", label: "field.phone", required: false },
] as const satisfies readonly { name: FieldName; label: string; required: boolean }[];

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

  const form = useForm<AddressFormValues>(
    { ...initial, ...addressForForm(locale, initial as AddressValues) },
    validate,
  );

  return (
    <CardForm
      formRef={form.formRef}
      titleId="address-form-title"
      title={title}
      onSubmit={form.handleSubmit(async (values) => onSubmit(ZAddressInput.parse(values)))}
    >
      <div className="form-grid">
        <AddressFields
          values={form.values as AddressValues}
          onChange={(name, value) => form.set(name, value)}
          error={(name) => form.errors[name]}
          label={labelOf}
        />
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
