import {
  countryCode,
  countryOptions,
  defaultCountry,
  prefecture,
  provinceOptions,
  usStateCode,
} from "@vela/shared";
import { useId } from "react";
import { useI18n } from "../lib/i18n.tsx";
import { inAddressOrder } from "../lib/names.ts";
import { TextField } from "./field.tsx";

/** An address's fields by stored name. */
export const ADDRESS_FIELD_NAMES = [
  "firstName",
  "lastName",
  "company",
  "address1",
  "address2",
  "city",
  "province",
  "zip",
  "country",
  "phone",
] as const;
export type AddressFieldName = (typeof ADDRESS_FIELD_NAMES)[number];
export type AddressValues = Record<AddressFieldName, string>;

const AUTOCOMPLETE: Record<AddressFieldName, string> = {
  firstName: "given-name",
  lastName: "family-name",
  company: "organization",
  address1: "address-line1",
  address2: "address-line2",
  city: "address-level2",
  province: "address-level1",
  zip: "postal-code",
  country: "country",
  phone: "tel",
};
const OPTIONAL = new Set<AddressFieldName>(["company", "address2", "phone"]);
const WIDE = new Set<AddressFieldName>(["company", "address1", "address2"]);

/** An empty address whose country is the reader's store's (the US, Japan on Japanese pages). */
export function emptyAddress(locale: string): AddressValues {
  return {
    firstName: "",
    lastName: "",
    company: "",
    address1: "",
    address2: "",
    city: "",
    province: "",
    zip: "",
    country: defaultCountry(locale),
    phone: "",
  };
}

/**
 * A stored address made ready for the form's lists: the country by its code (a name stored before
 * the country was a list is recognised; an unknown one is left empty to be chosen), the state by
 * its code, the prefecture by its romaji.
 */
export function addressForForm(locale: string, values: AddressValues): AddressValues {
  const country = values.country ? countryCode(values.country) : defaultCountry(locale);
  const province =
    country === "US"
      ? (usStateCode(values.province) ?? "")
      : country === "JP"
        ? (prefecture(values.province)?.[0] ?? "")
        : values.province;
  return { ...values, country: country ?? "", province };
}

/**
 * The address fields of checkout and the address book, in the reader's order: the country a list
 * of the countries the store ships to, named in the page's language; a US state or a Japanese
 * prefecture from a list; the postal code with its country's format as a hint.
 */
export function AddressFields({
  values,
  onChange,
  error,
  label,
  autoCompleteSection,
  onBlur,
}: {
  values: AddressValues;
  onChange(name: AddressFieldName, value: string): void;
  error(name: AddressFieldName): string | null | undefined;
  label(name: AddressFieldName): string;
  /** "shipping" at checkout: the browser fills in the shipping address. */
  autoCompleteSection?: string;
  onBlur?(name: AddressFieldName): void;
}) {
  const { t, locale } = useI18n();
  const baseId = useId();
  const auto = (name: AddressFieldName) =>
    autoCompleteSection ? `${autoCompleteSection} ${AUTOCOMPLETE[name]}` : AUTOCOMPLETE[name];
  const country = countryCode(values.country);
  const provinces = provinceOptions(locale, values.country);
  const select = (
    name: "country" | "province",
    text: string,
    options: { value: string; name: string }[],
    placeholder: string | null,
  ) => {
    const id = `${baseId}-${name}`;
    const problem = error(name);
    return (
      <div key={name} className={["field", problem ? "field-invalid" : null].filter(Boolean).join(" ")}>
        <label htmlFor={id}>{text}</label>
        <select
          id={id}
          name={name}
          required
          autoComplete={auto(name)}
          value={values[name]}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-error` : undefined}
          onChange={(e) => {
            onChange(name, e.target.value);
            if (name === "country") {
              // A state or prefecture of another country does not carry over.
              const next = provinceOptions(locale, e.target.value);
              if (next && !next.some((o) => o.value === values.province)) onChange("province", "");
              if (!next && provinces) onChange("province", "");
            }
          }}
          onBlur={() => onBlur?.(name)}
        >
          {placeholder !== null ? <option value="">{placeholder}</option> : null}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.name}
            </option>
          ))}
        </select>
        {problem ? (
          <p id={`${id}-error`} className="field-error">
            {problem}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <>
      {inAddressOrder(locale, ADDRESS_FIELD_NAMES, (n) => n).map((name) => {
        if (name === "country")
          return select(
            "country",
            label("country"),
            countryOptions(locale).map((c) => ({ value: c.code, name: c.name })),
            values.country ? null : "",
          );
        if (name === "province" && provinces)
          return select(
            "province",
            label("province"),
            provinces,
            country === "JP" ? t("address.choosePrefecture") : t("address.chooseState"),
          );
        return (
          <TextField
            key={name}
            className={WIDE.has(name) ? "field-wide" : undefined}
            label={label(name)}
            name={name}
            type={name === "phone" ? "tel" : "text"}
            inputMode={
              name === "zip" && country !== null && country !== "GB" && country !== "CA"
                ? "numeric"
                : undefined
            }
            autoComplete={auto(name)}
            required={!OPTIONAL.has(name)}
            optional={OPTIONAL.has(name)}
            hint={
              name === "zip" && country === "US"
                ? t("address.zipHintUS")
                : name === "zip" && country === "JP"
                  ? t("address.zipHintJP")
                  : undefined
            }
            value={values[name]}
            onValueChange={(v) => onChange(name, v)}
            onBlur={() => onBlur?.(name)}
            error={error(name)}
          />
        );
      })}
    </>
  );
}
