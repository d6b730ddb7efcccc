import type { RouterOutputs } from "../lib/trpc.ts";

type Order = RouterOutputs["orders"]["byId"]["order"];
type Customer = RouterOutputs["account"]["me"]["customer"];
type Address = RouterOutputs["addresses"]["list"]["addresses"][number];
type Cart = RouterOutputs["cart"]["get"]["cart"];

const usd = (amount: string) => ({ amount, currencyCode: "USD" });

export function makeOrder(n: number, overrides: Partial<Order> = {}): Order {
  return {
    id: `gid://vela/Order/${n}`,
    orderNumber: n,
    processedAt: "2026-03-14T10:00:00.000Z",
    financialStatus: "PAID",
    fulfillmentStatus: "FULFILLED",
    totalPrice: usd("548.99"),
    subtotalPrice: usd("499.00"),
    totalShippingPrice: usd("10.00"),
    totalTax: usd("39.99"),
    totalDiscount: usd("0.00"),
    shippingMethod: null,
    shippingAddress: {
      name: "Dana Demo",
      address1: "1 Market St",
      address2: null,
      city: "San Francisco",
      province: "CA",
      zip: "94105",
      country: "United States",
      phone: null,
    },
    trackingInfo: [{ company: "UPS", number: "1Z999", url: "https://track.example/1Z999" }],
    payment: null,
    lineItems: {
      edges: [
        {
          node: {
            title: "Vela One XR Glasses",
            quantity: 1,
            originalTotalPrice: usd("499.00"),
            variant: {
              id: "gid://vela/ProductVariant/11",
              title: "Space Grey",
              price: usd("499.00"),
              image: { url: "/images/one.svg", altText: "Vela One" },
              product: { handle: "vela-one-xr-glasses" },
            },
          },
        },
        {
          node: {
            title: "Vela Neckband",
            quantity: 2,
            originalTotalPrice: usd("0.00"),
            variant: {
              id: "gid://vela/ProductVariant/31",
              title: "Default",
              price: usd("0.00"),
              image: { url: "/images/neckband.svg", altText: "Neckband" },
              product: { handle: "vela-neckband" },
            },
          },
        },
      ],
    },
    ...overrides,
  };
}

export function makeCustomer(overrides: Partial<Customer> = {}): Customer {
  return {
    id: "gid://vela/Customer/1",
    firstName: "Dana",
    lastName: "Demo",
    email: "demo@vela.test",
    phone: "+1 555 0100",
    acceptsMarketing: false,
    createdAt: "2025-05-01T09:00:00.000Z",
    defaultAddress: null,
    pendingEmail: null,
    ...overrides,
  };
}

export function makeAddress(n: number, overrides: Partial<Address> = {}): Address {
  return {
    id: `gid://vela/Address/${n}`,
    firstName: "Dana",
    lastName: `Demo ${n}`,
    company: null,
    address1: `${n} Market St`,
    address2: null,
    city: "San Francisco",
    province: "CA",
    country: "United States",
    zip: "94105",
    phone: null,
    ...overrides,
  };
}

export const CART_ID = "cart_abcdefghijklmnop";

export function makeCart(lines: { id: number; quantity: number; price: string; title?: string }[]): {
  cart: Cart;
} {
  const cartLines = lines.map((l) => ({
    id: `gid://vela/CartLine/${l.id}`,
    quantity: l.quantity,
    merchandise: {
      id: `gid://vela/ProductVariant/${l.id}`,
      title: "Space Grey",
      available: true,
      quantityAvailable: 50,
      image: { url: "/images/one.svg", altText: l.title ?? "Vela One" },
      price: usd(l.price),
      product: { handle: "vela-one-xr-glasses", title: l.title ?? "Vela One XR Glasses" },
    },
    cost: { totalAmount: usd((Number(l.price) * l.quantity).toFixed(2)) },
  }));
  const subtotal = lines.reduce((sum, l) => sum + Number(l.price) * l.quantity, 0);
  return {
    cart: {
      id: CART_ID,
      currencyCode: "USD",
      totalQuantity: lines.reduce((n, l) => n + l.quantity, 0),
      lines: cartLines,
      cost: { subtotalAmount: usd(subtotal.toFixed(2)) },
    },
  };
}
