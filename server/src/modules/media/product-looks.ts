// How the store draws each product until the staff upload photos: which frame or accessory shape
// it has, what a pack holds, and its colour. The drawings themselves are in product-images.ts.

/** The colours a product or a variant can have, as the drawings fill them. */
export const PRODUCT_COLOURS = {
  black: "#1e1f24",
  graphite: "#4b5059",
  silver: "#b8bdc5",
  white: "#efeee9",
  navy: "#26385e",
  sand: "#c6ad86",
  teal: "#2b7d78",
  burgundy: "#7a2a3a",
} as const;
export type ProductColour = keyof typeof PRODUCT_COLOURS;

export const isProductColour = (v: string): v is ProductColour => Object.hasOwn(PRODUCT_COLOURS, v);

/** The glasses models, each with a frame of its own. */
export type FrameShape = "rounded" | "lite" | "wayfarer" | "visor" | "ultra" | "aviator";
/** What an accessory or a pack's extra looks like. */
export type ItemShape = "dock" | "neckband" | "lightning-adapter" | "usb-c-adapter" | "phone" | "controller";

export type ProductLook =
  | { kind: "glasses"; frame: FrameShape; colour: ProductColour }
  | { kind: "item"; item: ItemShape; colour: ProductColour }
  | { kind: "pack"; frame: FrameShape; pairs: 1 | 2; items: ItemShape[]; colour: ProductColour };

const glasses = (frame: FrameShape, colour: ProductColour): ProductLook => ({
  kind: "glasses",
  frame,
  colour,
});
const item = (shape: ItemShape, colour: ProductColour): ProductLook => ({
  kind: "item",
  item: shape,
  colour,
});
const pack = (
  frame: FrameShape,
  items: ItemShape[],
  colour: ProductColour,
  pairs: 1 | 2 = 1,
): ProductLook => ({
  kind: "pack",
  frame,
  pairs,
  items,
  colour,
});

/** By handle without the brand prefix (the catalogue's, prisma/seed-data/catalog.json). */
export const PRODUCT_LOOKS: Record<string, ProductLook> = {
  "one-xr-glasses": glasses("rounded", "graphite"),
  "one-lite-xr-glasses": glasses("lite", "sand"),
  "pro-xr-glasses": glasses("wayfarer", "navy"),
  "luma-pro-xr-glasses": glasses("visor", "black"),
  "luma-ultra-xr-glasses": glasses("ultra", "teal"),
  "one-xr-glasses-classic": glasses("aviator", "burgundy"),
  "pro-mobile-dock": item("dock", "graphite"),
  "one-neckband": item("neckband", "silver"),
  "lightning-hdmi-adapter": item("lightning-adapter", "white"),
  "usb-c-charging-adapter": item("usb-c-adapter", "silver"),
  "luma-pro-ultimate-collection": pack("visor", ["dock", "neckband"], "black"),
  "pro-ultimate-collection": pack("wayfarer", ["dock", "neckband"], "navy"),
  "luma-pro-cloud-pack": pack("visor", ["neckband"], "black"),
  "pro-cloud-pack": pack("wayfarer", ["neckband"], "navy"),
  "luma-pro-dock-pack": pack("visor", ["dock"], "black"),
  "pro-dock-pack": pack("wayfarer", ["dock"], "navy"),
  "luma-pro-duo-pack": pack("visor", [], "black", 2),
  "pro-duo-pack": pack("wayfarer", [], "navy", 2),
  "luma-pro-gaming-pack": pack("visor", ["controller"], "black"),
  "luma-pro-usb-c-iphone-pack": pack("visor", ["usb-c-adapter", "phone"], "black"),
  "luma-pro-lightning-iphone-pack": pack("visor", ["lightning-adapter", "phone"], "black"),
  "pro-usb-c-iphone-pack": pack("wayfarer", ["usb-c-adapter", "phone"], "navy"),
  "pro-lightning-iphone-pack": pack("wayfarer", ["lightning-adapter", "phone"], "navy"),
};

/**
 * A product the table does not know (one made by the staff or a test's fixtures): glasses when
 * its handle says so, otherwise a dock-like box, in a colour its handle picks.
 */
export function fallbackLook(rest: string): ProductLook {
  const colours = Object.keys(PRODUCT_COLOURS) as ProductColour[];
  let h = 0;
  for (const ch of rest) h = (h * 31 + ch.charCodeAt(0)) % 9973;
  const colour = colours[h % colours.length] ?? "graphite";
  if (/pack|collection|bundle/.test(rest)) return pack("rounded", ["dock"], colour);
  return /glasses/.test(rest) ? glasses("rounded", colour) : item("dock", colour);
}

/** The colour a variant's name gives, in English as the catalogue stores it, or null for none. */
export function variantColour(variantTitle: string): ProductColour | null {
  const word = variantTitle.trim().toLowerCase();
  return isProductColour(word) ? word : null;
}
