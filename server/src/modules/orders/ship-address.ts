// Where an order ships to, as the order row keeps it (its ship* columns): the one select and the
// one mapping every reader of an order's address uses (the buyer's confirmation, the operator's
// and the admin's order, the resent confirmation mail, the address change).

/** The order's ship* columns, for a Prisma select. */
export const SHIP_ADDRESS_SELECT = {
  shipName: true,
  shipAddress1: true,
  shipAddress2: true,
  shipCity: true,
  shipProvince: true,
  shipZip: true,
  shipCountry: true,
  shipPhone: true,
} as const;

export interface ShipAddressRow {
  shipName: string;
  shipAddress1: string;
  shipAddress2: string | null;
  shipCity: string;
  shipProvince: string;
  shipZip: string;
  shipCountry: string;
  shipPhone: string | null;
}

/** Where an order ships to, as the order keeps it. */
export interface ShippingAddressFields {
  name: string;
  address1: string;
  address2: string | null;
  city: string;
  province: string;
  zip: string;
  country: string;
  phone: string | null;
}

export const shippingAddressOf = (o: ShipAddressRow): ShippingAddressFields => ({
  name: o.shipName,
  address1: o.shipAddress1,
  address2: o.shipAddress2,
  city: o.shipCity,
  province: o.shipProvince,
  zip: o.shipZip,
  country: o.shipCountry,
  phone: o.shipPhone,
});
