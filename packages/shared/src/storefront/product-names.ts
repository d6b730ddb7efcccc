// The one place the store's product names are written, per language. The catalogue's titles are
// seeded from here (server/src/seed/demo.ts), and so are the product names the compatibility
// records mention (server/src/modules/compatibility/seed.ts) and the accessories the mobile-kit
// finder offers (content/mobile-kit.ts); the reviews page links with the catalogue's titles. A
// page therefore cannot call a product something else than the catalogue does in its language.
import { BRAND } from "../brand.ts";

export const PRODUCT_NAME_LANGUAGES = ["en-US", "ja-JP", "zh-CN"] as const;
export type ProductNameLanguage = (typeof PRODUCT_NAME_LANGUAGES)[number];

/**
 * Names without the brand, by handle without the brand prefix. zh-CN names are what the
 * compatibility records say in Chinese; the catalogue has no Chinese texts yet (its products read
 * en-US there).
 */
const NAMES = {
  "one-xr-glasses": { "en-US": "One XR Glasses", "ja-JP": "One XRグラス", "zh-CN": "One XR 眼镜" },
  "one-lite-xr-glasses": {
    "en-US": "One Lite XR Glasses",
    "ja-JP": "One Lite XRグラス",
    "zh-CN": "One Lite XR 眼镜",
  },
  "pro-xr-glasses": { "en-US": "Pro XR Glasses", "ja-JP": "Pro XRグラス", "zh-CN": "Pro XR 眼镜" },
  "luma-pro-xr-glasses": {
    "en-US": "Luma Pro XR Glasses",
    "ja-JP": "Luma Pro XRグラス",
    "zh-CN": "Luma Pro XR 眼镜",
  },
  "luma-ultra-xr-glasses": {
    "en-US": "Luma Ultra XR Glasses",
    "ja-JP": "Luma Ultra XRグラス",
    "zh-CN": "Luma Ultra XR 眼镜",
  },
  "pro-mobile-dock": { "en-US": "Pro Mobile Dock", "ja-JP": "Pro モバイルドック", "zh-CN": "Pro 移动扩展坞" },
  "one-neckband": { "en-US": "One Neckband", "ja-JP": "One ネックバンド", "zh-CN": "One 颈挂" },
  "lightning-hdmi-adapter": {
    "en-US": "Lightning HDMI Adapter",
    "ja-JP": "Lightning HDMI 変換アダプター",
    "zh-CN": "Lightning HDMI 转接器",
  },
  "usb-c-charging-adapter": {
    "en-US": "USB-C Charging Adapter",
    "ja-JP": "USB-C 充電アダプター",
    "zh-CN": "USB-C 充电转接器",
  },
  "luma-pro-ultimate-collection": {
    "en-US": "Luma Pro Ultimate Collection",
    "ja-JP": "Luma Pro アルティメットコレクション",
    "zh-CN": "Luma Pro 终极套装",
  },
  "pro-ultimate-collection": {
    "en-US": "Pro Ultimate Collection",
    "ja-JP": "Pro アルティメットコレクション",
    "zh-CN": "Pro 终极套装",
  },
  "luma-pro-cloud-pack": {
    "en-US": "Luma Pro Cloud Pack",
    "ja-JP": "Luma Pro クラウドパック",
    "zh-CN": "Luma Pro 云套装",
  },
  "luma-pro-dock-pack": {
    "en-US": "Luma Pro Dock Pack",
    "ja-JP": "Luma Pro ドックパック",
    "zh-CN": "Luma Pro 扩展坞套装",
  },
  "luma-pro-duo-pack": {
    "en-US": "Luma Pro Duo Pack",
    "ja-JP": "Luma Pro デュオパック",
    "zh-CN": "Luma Pro 双人套装",
  },
  "pro-duo-pack": { "en-US": "Pro Duo Pack", "ja-JP": "Pro デュオパック", "zh-CN": "Pro 双人套装" },
  "luma-pro-gaming-pack": {
    "en-US": "Luma Pro Gaming Pack",
    "ja-JP": "Luma Pro ゲーミングパック",
    "zh-CN": "Luma Pro 游戏套装",
  },
  "luma-pro-usb-c-iphone-pack": {
    "en-US": "Luma Pro USB-C iPhone Pack",
    "ja-JP": "Luma Pro USB-C iPhoneパック",
    "zh-CN": "Luma Pro USB-C iPhone 套装",
  },
  "luma-pro-lightning-iphone-pack": {
    "en-US": "Luma Pro Lightning iPhone Pack",
    "ja-JP": "Luma Pro Lightning iPhoneパック",
    "zh-CN": "Luma Pro Lightning iPhone 套装",
  },
  "one-xr-glasses-classic": {
    "en-US": "One XR Glasses (first edition)",
    "ja-JP": "One XRグラス（初代）",
    "zh-CN": "One XR 眼镜（初代）",
  },
  "pro-usb-c-iphone-pack": {
    "en-US": "Pro USB-C iPhone Pack",
    "ja-JP": "Pro USB-C iPhoneパック",
    "zh-CN": "Pro USB-C iPhone 套装",
  },
  "pro-lightning-iphone-pack": {
    "en-US": "Pro Lightning iPhone Pack",
    "ja-JP": "Pro Lightning iPhoneパック",
    "zh-CN": "Pro Lightning iPhone 套装",
  },
  "pro-cloud-pack": { "en-US": "Pro Cloud Pack", "ja-JP": "Pro クラウドパック", "zh-CN": "Pro 云套装" },
  "pro-dock-pack": { "en-US": "Pro Dock Pack", "ja-JP": "Pro ドックパック", "zh-CN": "Pro 扩展坞套装" },
} as const satisfies Record<string, Record<ProductNameLanguage, string>>;

export type NamedProduct = keyof typeof NAMES;
export const PRODUCT_NAMES: Readonly<Record<NamedProduct, Readonly<Record<ProductNameLanguage, string>>>> =
  NAMES;

const nameLanguage = (language: string): ProductNameLanguage =>
  (PRODUCT_NAME_LANGUAGES as readonly string[]).includes(language)
    ? (language as ProductNameLanguage)
    : "en-US";

/** The name without the brand (as the catalogue file writes titles), en-US for other languages. */
export function productShortName(rest: NamedProduct, language: string): string {
  return PRODUCT_NAMES[rest][nameLanguage(language)];
}

/** The name as the catalogue titles the product: the brand's name, then the product's. */
export function productName(rest: NamedProduct, language: string): string {
  return `${BRAND.name} ${productShortName(rest, language)}`;
}

export const isNamedProduct = (rest: string): rest is NamedProduct => Object.hasOwn(PRODUCT_NAMES, rest);

/**
 * `{name:<handle without the brand>}` in a text becomes that product's name in `language`; an
 * unknown handle is an error, so a typo fails the seed rather than showing on a page.
 */
export function fillProductNames(text: string, language: string): string {
  return text.replace(/\{name:([a-z0-9-]+)\}/g, (_, rest: string) => {
    if (!isNamedProduct(rest)) throw new Error(`no product name for ${rest}`);
    return productName(rest, language);
  });
}
