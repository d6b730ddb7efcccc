// Release notes (spec 001 §2, §3, §4, §7, §9): the system models with their handles, the app
// catalogue with its platforms, the languages of the viewer and the inputs of both endpoints.
import type { z } from "zod";
import type { ZAppReleaseItem, ZSystemReleaseEntry, ZSystemReleaseItem } from "../api/content.ts";
import { handle } from "../brand.ts";
import { PRODUCT_NAMES } from "../storefront/product-names.ts";

/** The viewer's languages, in the order its select offers them (English, Simplified Chinese, Japanese). */
export const RELEASE_LANGUAGES = ["en-US", "zh-CN", "ja-JP"] as const;
export type ReleaseLanguage = (typeof RELEASE_LANGUAGES)[number];
export const isReleaseLanguage = (v: unknown): v is ReleaseLanguage =>
  typeof v === "string" && (RELEASE_LANGUAGES as readonly string[]).includes(v);

/** The `product` of GET /system/releasenote. */
export const SYSTEM_PRODUCTS = ["xr-glasses", "mobile-dock"] as const;
export type SystemProduct = (typeof SYSTEM_PRODUCTS)[number];

export interface ReleaseModel {
  /** The `name` of a system release-note item. */
  slug: string;
  /** The product page handle (spec 001 §3: paired in the order listed). */
  handle: string;
  product: SystemProduct;
  names: Record<ReleaseLanguage, string>;
}

/** N6, N6C, N6P, P6, P6S paired in order with the five glasses handles of §3; then the dock P9. */
export const RELEASE_MODELS: readonly ReleaseModel[] = [
  {
    slug: "N6",
    handle: handle("one-xr-glasses"),
    product: "xr-glasses",
    names: PRODUCT_NAMES["one-xr-glasses"],
  },
  {
    slug: "N6C",
    handle: handle("one-lite-xr-glasses"),
    product: "xr-glasses",
    names: PRODUCT_NAMES["one-lite-xr-glasses"],
  },
  {
    slug: "N6P",
    handle: handle("pro-xr-glasses"),
    product: "xr-glasses",
    names: PRODUCT_NAMES["pro-xr-glasses"],
  },
  {
    slug: "P6",
    handle: handle("luma-pro-xr-glasses"),
    product: "xr-glasses",
    names: PRODUCT_NAMES["luma-pro-xr-glasses"],
  },
  {
    slug: "P6S",
    handle: handle("luma-ultra-xr-glasses"),
    product: "xr-glasses",
    names: PRODUCT_NAMES["luma-ultra-xr-glasses"],
  },
  {
    slug: "P9",
    handle: handle("pro-mobile-dock"),
    product: "mobile-dock",
    names: PRODUCT_NAMES["pro-mobile-dock"],
  },
];

export const releaseModelBySlug = (slug: string): ReleaseModel | undefined =>
  RELEASE_MODELS.find((m) => m.slug === slug);
export const releaseModelByHandle = (h: string): ReleaseModel | undefined =>
  RELEASE_MODELS.find((m) => m.handle === h);

export const APP_PLATFORMS = ["iOS", "Android", "Windows", "macOS"] as const;
export type AppPlatform = (typeof APP_PLATFORMS)[number];

export interface ReleaseApp {
  /** The `product_name` of POST /academy/releasenote, and the viewer's path segment. */
  slug: string;
  platforms: readonly AppPlatform[];
  names: Record<ReleaseLanguage, string>;
  /** Languages served by another app of the same software: the viewer switches to it. */
  variants?: Partial<Record<ReleaseLanguage, string>>;
  /** For a variant: the app it is a variant of, and the language it is for. */
  variantOf?: { slug: string; language: ReleaseLanguage };
}

const PRO_NECKBAND = handle("pro-neckband-software");
/** The zh-CN variant of the pro neckband software: its name ends in CN. */
export const PRO_NECKBAND_CN = `${PRO_NECKBAND}-cn`;

/** The app release catalogue of §3 (slug and platforms). */
export const RELEASE_APPS: readonly ReleaseApp[] = [
  {
    slug: "spacewalker",
    platforms: ["iOS", "Android", "Windows", "macOS"],
    names: { "en-US": "Spacewalker", "zh-CN": "Spacewalker", "ja-JP": "Spacewalker" },
  },
  {
    slug: "neckband-remote",
    platforms: ["iOS", "Android"],
    names: { "en-US": "Neckband Remote", "zh-CN": "颈环遥控器", "ja-JP": "ネックバンドリモート" },
  },
  {
    slug: handle("one-neckband-software"),
    platforms: ["Android"],
    names: {
      "en-US": "One Neckband Software",
      "zh-CN": "One 颈环软件",
      "ja-JP": "One ネックバンドソフトウェア",
    },
  },
  {
    slug: PRO_NECKBAND,
    platforms: ["Android"],
    names: {
      "en-US": "Pro Neckband Software",
      "zh-CN": "Pro 颈环软件",
      "ja-JP": "Pro ネックバンドソフトウェア",
    },
    variants: { "zh-CN": PRO_NECKBAND_CN },
  },
  {
    slug: PRO_NECKBAND_CN,
    platforms: ["Android"],
    names: {
      "en-US": "Pro Neckband Software CN",
      "zh-CN": "Pro 颈环软件 CN",
      "ja-JP": "Pro ネックバンドソフトウェア CN",
    },
    variantOf: { slug: PRO_NECKBAND, language: "zh-CN" },
  },
  {
    slug: "immersive-3d",
    platforms: ["Windows", "macOS"],
    names: { "en-US": "Immersive 3D", "zh-CN": "Immersive 3D", "ja-JP": "Immersive 3D" },
  },
  {
    slug: handle("gamepal"),
    platforms: ["Android"],
    names: { "en-US": "GamePal", "zh-CN": "GamePal", "ja-JP": "GamePal" },
  },
];

export const RELEASE_APP_SLUGS = RELEASE_APPS.map((a) => a.slug);
export const releaseAppBySlug = (slug: string): ReleaseApp | undefined =>
  RELEASE_APPS.find((a) => a.slug === slug);

/**
 * The app whose notes a language reads (spec 001 §4): a language with a specific variant switches
 * to that product; a variant read in another language goes back to the app it belongs to.
 */
export function appSlugForLanguage(slug: string, language: ReleaseLanguage): string {
  const app = releaseAppBySlug(slug);
  if (!app) return slug;
  if (app.variantOf) return app.variantOf.language === language ? slug : app.variantOf.slug;
  return app.variants?.[language] ?? slug;
}

// ---- Response shapes (spec 001 §3) ----

export type SystemReleaseEntry = z.infer<typeof ZSystemReleaseEntry>;
export type SystemReleaseItem = z.infer<typeof ZSystemReleaseItem>;
export type AppReleaseItem = z.infer<typeof ZAppReleaseItem>;
