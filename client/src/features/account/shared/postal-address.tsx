import { Fragment, type ReactNode } from "react";
import { useI18n } from "../../../lib/i18n.tsx";
import { type AddressLinesInput, addressLines } from "../../../lib/names.ts";

/** An address's parts as lib/names.ts lists them, with a name that may be markup. */
export type PostalAddressParts = Omit<AddressLinesInput, "name"> & { name: ReactNode };

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
