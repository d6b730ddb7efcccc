// The mobile-kit finder of the /mobile landing page (spec 001 §2, §3, §4, §9): device type options
// ("intents", each with the accessory ids it allows), accessories (each with its essentials), and
// the pack rules for en-US and ja-JP. Handles are derived from the brand (brand.ts).
import { handle } from "../brand.ts";
import { type NamedProduct, productName } from "../storefront/product-names.ts";

export const MOBILE_KIT_LANGUAGES = ["en-US", "ja-JP"] as const;
export type MobileKitLanguage = (typeof MOBILE_KIT_LANGUAGES)[number];
/** ja-JP has its own rules and texts; any other language reads en-US. */
export const mobileKitLanguage = (language: string): MobileKitLanguage =>
  language === "ja-JP" ? "ja-JP" : "en-US";

export const MOBILE_ACCESSORY_IDS = [
  "usbc-adapter",
  "lightning-adapter",
  "neckband",
  "dock",
  "glasses-only",
] as const;
export type MobileAccessoryId = (typeof MOBILE_ACCESSORY_IDS)[number];

/** A device type option of §3: id, name and the accessories it allows (iHaveA). */
export interface MobileIntent {
  id: number;
  name: string;
  iHaveA: MobileAccessoryId[];
}

/** An accessory of §3: id, name and the product handles it stands for (essentials). */
export interface MobileAccessory {
  id: MobileAccessoryId;
  name: string;
  essentials: string[];
}

/** Intents 3 and 6 are for two people: the duo pack (§9). */
export const DUO_INTENT_IDS = [3, 6] as const;

const ALLOWED: Record<number, MobileAccessoryId[]> = {
  1: ["usbc-adapter", "neckband", "dock", "glasses-only"],
  2: ["lightning-adapter", "neckband", "dock", "glasses-only"],
  3: ["usbc-adapter", "lightning-adapter", "neckband", "dock", "glasses-only"],
  4: ["neckband", "dock", "glasses-only"],
  5: ["dock", "neckband", "glasses-only"],
  6: ["neckband", "dock", "glasses-only"],
};

const INTENT_NAMES: Record<MobileKitLanguage, Record<number, string>> = {
  "en-US": {
    1: "iPhone 15 or later (USB-C)",
    2: "iPhone 14 or earlier (Lightning)",
    3: "Two iPhones: we watch together",
    4: "Android phone",
    5: "Handheld console or tablet",
    6: "Two Android phones: we watch together",
  },
  "ja-JP": {
    1: "iPhone 15以降（USB-C）",
    2: "iPhone 14以前（Lightning）",
    3: "iPhone 2台：ふたりで観る",
    4: "Androidスマートフォン",
    5: "携帯ゲーム機・タブレット",
    6: "Androidスマートフォン2台：ふたりで観る",
  },
};

/** The product each accessory stands for; its name is the catalogue's (product-names.ts). */
const ACCESSORY_PRODUCTS: Record<Exclude<MobileAccessoryId, "glasses-only">, NamedProduct> = {
  "usbc-adapter": "usb-c-charging-adapter",
  "lightning-adapter": "lightning-hdmi-adapter",
  neckband: "one-neckband",
  dock: "pro-mobile-dock",
};

const GLASSES_ONLY_NAME: Record<MobileKitLanguage, string> = {
  "en-US": "Just the glasses",
  "ja-JP": "グラスのみ",
};

const accessoryName = (id: MobileAccessoryId, language: MobileKitLanguage): string =>
  id === "glasses-only" ? GLASSES_ONLY_NAME[language] : productName(ACCESSORY_PRODUCTS[id], language);

const ESSENTIALS: Record<MobileAccessoryId, string[]> = {
  "usbc-adapter": [handle(ACCESSORY_PRODUCTS["usbc-adapter"])],
  "lightning-adapter": [handle(ACCESSORY_PRODUCTS["lightning-adapter"])],
  neckband: [handle(ACCESSORY_PRODUCTS.neckband)],
  dock: [handle(ACCESSORY_PRODUCTS.dock)],
  "glasses-only": [],
};

export function mobileIntents(language: MobileKitLanguage): MobileIntent[] {
  return Object.entries(ALLOWED).map(([id, iHaveA]) => ({
    id: Number(id),
    name: INTENT_NAMES[language][Number(id)] ?? id,
    iHaveA,
  }));
}

export function mobileAccessories(language: MobileKitLanguage): MobileAccessory[] {
  return MOBILE_ACCESSORY_IDS.map((id) => ({
    id,
    name: accessoryName(id, language),
    essentials: ESSENTIALS[id],
  }));
}

export interface MobilePacks {
  /** No rule below matches: the glasses alone. */
  default: string;
  usbcIphone: string;
  lightningIphone: string;
  ultimate: string;
  cloud: string;
  dock: string;
  duo: string;
}

/**
 * en-US sells the Luma Pro packs; ja-JP the same rules with the Pro pack names (§9). The same
 * answers therefore suggest a different product (and price) per language by design: ADR 007.
 */
export const MOBILE_PACKS: Record<MobileKitLanguage, MobilePacks> = {
  "en-US": {
    default: handle("luma-pro-xr-glasses"),
    usbcIphone: handle("luma-pro-usb-c-iphone-pack"),
    lightningIphone: handle("luma-pro-lightning-iphone-pack"),
    ultimate: handle("luma-pro-ultimate-collection"),
    cloud: handle("luma-pro-cloud-pack"),
    dock: handle("luma-pro-dock-pack"),
    duo: handle("luma-pro-duo-pack"),
  },
  "ja-JP": {
    default: handle("pro-xr-glasses"),
    usbcIphone: handle("pro-usb-c-iphone-pack"),
    lightningIphone: handle("pro-lightning-iphone-pack"),
    ultimate: handle("pro-ultimate-collection"),
    cloud: handle("pro-cloud-pack"),
    dock: handle("pro-dock-pack"),
    duo: handle("pro-duo-pack"),
  },
};

/** The packs that come with a free controller, per language (§9: "which packs: not shown"). */
export const FREE_CONTROLLER_PACKS: Record<MobileKitLanguage, string[]> = {
  "en-US": [handle("luma-pro-ultimate-collection"), handle("luma-pro-dock-pack")],
  "ja-JP": [handle("pro-ultimate-collection")],
};

export const hasFreeController = (language: MobileKitLanguage, packHandle: string): boolean =>
  FREE_CONTROLLER_PACKS[language].includes(packHandle);

/** "Just the glasses" means no accessory: it cannot stand beside one. */
export const GLASSES_ONLY: MobileAccessoryId = "glasses-only";

/**
 * The accessories after one box is ticked or cleared: ticking "Just the glasses" clears every
 * accessory, and ticking an accessory clears "Just the glasses", so the selection always says
 * one thing and the pack rules below read it as the shopper meant it.
 */
export function toggleMobileAccessory(picked: readonly string[], id: string, checked: boolean): string[] {
  const without = picked.filter((a) => a !== id);
  if (!checked) return without;
  if (id === GLASSES_ONLY) return [GLASSES_ONLY];
  return [...without.filter((a) => a !== GLASSES_ONLY), id];
}

/** The pack a language suggests before any intent is chosen. */
export const defaultPack = (language: MobileKitLanguage): string => MOBILE_PACKS[language].default;

/**
 * The suggested pack (§4, §9): none without an accessory (accessories the intent does not allow
 * do not count); intents 3 and 6 get the duo pack; otherwise, in order, the USB-C iPhone adapter,
 * the Lightning HDMI adapter, neckband and dock together, the neckband alone, the dock alone, and
 * the default glasses.
 */
export function mobilePack(
  language: MobileKitLanguage,
  intentId: number | null,
  accessories: readonly string[],
): string | null {
  if (intentId === null) return null;
  const allowed = ALLOWED[intentId];
  if (!allowed) return null;
  const chosen = new Set(
    accessories.filter((a): a is MobileAccessoryId => allowed.includes(a as MobileAccessoryId)),
  );
  if (chosen.size === 0) return null;
  const packs = MOBILE_PACKS[language];
  if ((DUO_INTENT_IDS as readonly number[]).includes(intentId)) return packs.duo;
  if (chosen.has("usbc-adapter")) return packs.usbcIphone;
  if (chosen.has("lightning-adapter")) return packs.lightningIphone;
  if (chosen.has("neckband") && chosen.has("dock")) return packs.ultimate;
  if (chosen.has("neckband")) return packs.cloud;
  if (chosen.has("dock")) return packs.dock;
  return packs.default;
}
