import { Fragment, type ReactNode } from "react";
import { useI18n } from "../../../lib/i18n.tsx";
import { addressLines } from "../../../lib/names.ts";

export interface PostalAddressParts {
  name: ReactNode;
  company?: string | null;
  address1: string;
  address2?: string | null;
  city: string;
  province: string;
  zip: string;
  country: string;
  phone?: string | null;
}

/** An address as it is written on a parcel in the reader's language (lib/names.ts). */
export function PostalAddress({ address }: { address: PostalAddressParts }) {
  const { locale } = useI18n();
  const lines = addressLines<ReactNode>(locale, address);
  return (
    <address>
      {lines.map((line, i) => (
        // Lines have no identity of their own; their order never changes.
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed, ordered lines
        <Fragment key={i}>
          {i > 0 ? <br /> : null}
          {line}
        </Fragment>
      ))}
    </address>
  );
}
