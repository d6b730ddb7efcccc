// One formatter for names and addresses, used by the pages and the mails. An address is laid out
// by its country (a Japanese address from the postcode down, 〒 → prefecture → city → street;
// every other in Western order); a name follows the reader's language (family name first in
// Japanese), with 様 after it where a Japanese text addresses the customer.
import { personName } from "../person-name.ts";
import { countryCode, countryName, provinceName } from "./countries.ts";

export interface AddressParts {
  company?: string | null;
  address1: string;
  address2?: string | null;
  city: string;
  province: string;
  zip: string;
  country: string;
  phone?: string | null;
}

/** A name as the reader writes it; `honorific` adds 様 in Japanese (mails, the confirmation). */
export function formatName(
  locale: string | null | undefined,
  firstName: string,
  lastName: string,
  opts: { honorific?: boolean } = {},
): string {
  const name = personName(locale, firstName, lastName);
  return opts.honorific && locale === "ja-JP" && name ? `${name} 様` : name;
}

/**
 * The address's lines after the name, by its country: Japan 〒 postcode, prefecture and city,
 * street, building; elsewhere street, building, "City, ST ZIP". The country is named in the
 * reader's language; empty optional lines are left out.
 */
export function formatAddressLines(locale: string | null | undefined, a: AddressParts): string[] {
  const province = provinceName(locale, a.country, a.province);
  const lines: (string | null | undefined)[] =
    countryCode(a.country) === "JP"
      ? [
          a.company,
          a.zip ? `〒${a.zip}` : null,
          [province, a.city].filter(Boolean).join(" "),
          a.address1,
          a.address2,
          countryName(locale, a.country),
          a.phone,
        ]
      : [
          a.company,
          a.address1,
          a.address2,
          [a.city, [province, a.zip].filter(Boolean).join(" ")].filter(Boolean).join(", "),
          countryName(locale, a.country),
          a.phone,
        ];
  return lines.map((l) => l?.trim() ?? "").filter((l) => l !== "");
}
