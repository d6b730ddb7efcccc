import type { Locale } from "@vela/i18n";
import { familyNameFirst } from "@vela/shared";

/**
 * Names and addresses in the reader's order. The stored fields stay the same (firstName,
 * lastName, zip, province, city, address1 ...); only the order they are asked for and shown in
 * follows the language: Japanese writes the family name (姓) first ("佐藤 花子") and an address
 * from the postcode down (〒 → prefecture → city → street).
 */
export { familyNameFirst, personName } from "@vela/shared";

/** The address fields, by stored name, in the order a form asks for them. */
const FORM_ORDER: Record<"western" | "japanese", readonly string[]> = {
  western: [
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
  ],
  japanese: [
    "lastName",
    "firstName",
    "company",
    "zip",
    "province",
    "city",
    "address1",
    "address2",
    "country",
    "phone",
  ],
};

/** `fields` (each named by a stored field) sorted into the reader's order; unknown names keep their place at the end. */
export function inAddressOrder<T>(locale: Locale, fields: readonly T[], nameOf: (field: T) => string): T[] {
  const order = FORM_ORDER[familyNameFirst(locale) ? "japanese" : "western"];
  const rank = (field: T) => {
    const i = order.indexOf(nameOf(field));
    return i === -1 ? order.length : i;
  };
  return [...fields].sort((a, b) => rank(a) - rank(b));
}

export interface AddressLinesInput {
  name: string;
  company?: string | null;
  address1: string;
  address2?: string | null;
  city: string;
  province: string;
  zip: string;
  country: string;
  phone?: string | null;
}

/**
 * An address as the reader's language lists it: one line each, empty optional lines left out;
 * in Japanese the name, then 〒 postcode, prefecture and city, street, building.
 */
export function addressLines<N>(
  locale: Locale,
  a: Omit<AddressLinesInput, "name"> & { name: N },
): (N | string)[] {
  const lines: (N | string | null | undefined)[] = familyNameFirst(locale)
    ? [
        a.name,
        a.company,
        a.zip ? `〒${a.zip}` : null,
        [a.province, a.city].filter(Boolean).join(" "),
        a.address1,
        a.address2,
        a.country,
        a.phone,
      ]
    : [
        a.name,
        a.company,
        a.address1,
        a.address2,
        [a.city, a.province, a.zip].filter(Boolean).join(", "),
        a.country,
        a.phone,
      ];
  return lines.filter((line): line is N | string => line !== null && line !== undefined && line !== "");
}
