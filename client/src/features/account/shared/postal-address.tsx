import { Fragment, type ReactNode } from "react";

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

/** An address as it is written on a parcel: one line each, empty optional lines left out. */
export function PostalAddress({ address }: { address: PostalAddressParts }) {
  const lines: ReactNode[] = [
    address.name,
    address.company,
    address.address1,
    address.address2,
    [address.city, address.province, address.zip].filter(Boolean).join(", "),
    address.country,
    address.phone,
  ].filter((line) => line !== null && line !== undefined && line !== "");
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
