import type { Locale } from "@vela/i18n";
import { familyNameFirst, formatAddressLines } from "@vela/shared";

/**
 * Names and addresses in order. The stored fields stay the same (firstName, lastName, zip,
 * province, city, address1 ...). A form asks in the reader's order: Japanese writes the family
 * name (姓) first ("佐藤 花子") and asks for an address from the postcode down. An address is
 * shown by its country (@vela/shared's formatter, used by the mails too): a Japanese one from 〒
 * down (prefecture → city → street), any other in Western order, whatever the page's language.
 */
export { familyNameFirst, formatName, personName } from "@vela/shared";

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
 * An address as the pages and mails show it (the shared formatter, @vela/shared): the name, then
 * the lines laid out by the address's country (a Japanese address from 〒 down, any other in
 * Western order), the country named in the reader's language.
 */
export function addressLines<N>(
  locale: Locale,
  a: Omit<AddressLinesInput, "name"> & { name: N },
): (N | string)[] {
  const rest = formatAddressLines(locale, a);
  return a.name === null || a.name === undefined || a.name === "" ? rest : [a.name, ...rest];
}
