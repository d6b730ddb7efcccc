import { handle } from "@vela/shared";
import type { RouterOutputs } from "../../lib/trpc.ts";

type Product = RouterOutputs["catalog"]["product"]["product"];
type Card = RouterOutputs["catalog"]["list"]["products"][number];

const usd = (amount: string) => ({ amount, currencyCode: "USD" });
const jpy = (amount: string) => ({ amount, currencyCode: "JPY" });

export const PRO_HANDLE = handle("pro-xr-glasses");

/** Two variants, the second dearer; USD and JPY; the first with a compare-at price. */
export function makeProduct(overrides: Partial<Product> = {}): Product {
  return {
    id: "gid://vela/Product/3",
    handle: PRO_HANDLE,
    title: "Vela Pro XR Glasses",
    description: "Electrochromic dimming.",
    seoDescription: "",
    productType: "glasses",
    available: true,
    images: [
      { url: `/images/products/${PRO_HANDLE}-1.svg`, altText: "Vela Pro XR Glasses, view 1" },
      { url: `/images/products/${PRO_HANDLE}-2.svg`, altText: "Vela Pro XR Glasses, view 2" },
    ],
    priceRanges: {
      USD: { minVariantPrice: usd("499.00"), maxVariantPrice: usd("549.00"), compareAtPrice: usd("559.00") },
      JPY: { minVariantPrice: jpy("74800"), maxVariantPrice: jpy("81800"), compareAtPrice: null },
    },
    rating: { average: 4.3, count: 12 },
    variants: [
      {
        id: "gid://vela/ProductVariant/4",
        title: "Standard",
        sku: "VELA-PRO-XR-GLASSES-1",
        available: true,
        quantityAvailable: 50,
        image: { url: `/images/products/${PRO_HANDLE}-1.svg`, altText: "Standard" },
        prices: {
          JPY: { price: jpy("74800"), compareAtPrice: null },
          USD: { price: usd("499.00"), compareAtPrice: usd("559.00") },
        },
      },
      {
        id: "gid://vela/ProductVariant/5",
        title: "Prescription-ready",
        sku: "VELA-PRO-XR-GLASSES-2",
        available: true,
        quantityAvailable: 50,
        image: { url: `/images/products/${PRO_HANDLE}-1.svg`, altText: "Prescription-ready" },
        prices: {
          JPY: { price: jpy("81800"), compareAtPrice: null },
          USD: { price: usd("549.00"), compareAtPrice: null },
        },
      },
    ],
    compatibilityHandle: handle("luma-pro-xr-glasses"),
    ...overrides,
  };
}

export function makeCard(n: number, overrides: Partial<Card> = {}): Card {
  return {
    id: `gid://vela/Product/${n}`,
    handle: handle(`product-${n}`),
    title: `Vela Product ${n}`,
    productType: "glasses",
    featuredImage: { url: `/images/products/p-${n}.svg`, altText: `Product ${n}` },
    available: true,
    defaultVariantId: `gid://vela/ProductVariant/${n}0`,
    priceRanges: {
      USD: { minVariantPrice: usd("399.00"), maxVariantPrice: usd("399.00"), compareAtPrice: null },
    },
    rating: { average: null, count: 0 },
    ...overrides,
  };
}

export const emptyCart = (id: string) => ({
  cart: {
    id,
    currencyCode: "USD",
    totalQuantity: 1,
    lines: [],
    cost: { subtotalAmount: usd("499.00") },
  },
});
