// 'Help Me Choose' (spec 000 §1, §3): per language, use cases (id, name, iHaveA device ids) and
// devices (id, name, essentials product handles), plus the bundle and promo handle lists that the
// finder and the product pages use. Handles are derived from the brand (brand.ts).
import { handle } from "../brand.ts";

export type FinderLanguage = "en-US" | "ja-JP";

export interface FinderUseCase {
  id: string;
  name: string;
  /** The devices a shopper with this use case may own, in the order they are offered. */
  iHaveA: string[];
}

export interface FinderDevice {
  id: string;
  name: string;
  /** Product handles recommended for this device, most important first. */
  essentials: string[];
}

/** Bundle and promo handle lists of §3. */
export interface PromoLists {
  ultimateCollections: string[];
  cloud: string[];
  dockPacks: string[];
  /** Two pairs of one glasses model. */
  duoPacks: string[];
  /** With a game controller from a partner maker. */
  gamingPacks: string[];
  neckband: string[];
}

export interface FinderData {
  useCases: FinderUseCase[];
  devices: FinderDevice[];
  promos: PromoLists;
}

const H = {
  one: handle("one-xr-glasses"),
  oneLite: handle("one-lite-xr-glasses"),
  pro: handle("pro-xr-glasses"),
  lumaPro: handle("luma-pro-xr-glasses"),
  lumaUltra: handle("luma-ultra-xr-glasses"),
  dock: handle("pro-mobile-dock"),
  neckband: handle("one-neckband"),
  lightning: handle("lightning-hdmi-adapter"),
  usbc: handle("usb-c-charging-adapter"),
  lumaProUltimate: handle("luma-pro-ultimate-collection"),
  proUltimate: handle("pro-ultimate-collection"),
  lumaProCloud: handle("luma-pro-cloud-pack"),
  lumaProDock: handle("luma-pro-dock-pack"),
  lumaProDuo: handle("luma-pro-duo-pack"),
  proDuo: handle("pro-duo-pack"),
  lumaProGaming: handle("luma-pro-gaming-pack"),
} as const;

/** Which devices each use case offers, and each device's essentials: the same in every language. */
const USE_CASE_DEVICES: Record<string, string[]> = {
  watch: ["iphone-usb-c", "iphone-lightning", "android", "laptop", "no-device"],
  game: ["steam-deck", "switch", "console", "android", "laptop"],
  work: ["laptop", "mac", "android"],
  travel: ["iphone-usb-c", "iphone-lightning", "android", "switch", "no-device"],
};

const DEVICE_ESSENTIALS: Record<string, string[]> = {
  "iphone-usb-c": [H.lumaPro, H.usbc],
  "iphone-lightning": [H.lumaPro, H.lightning],
  android: [H.one, H.usbc],
  laptop: [H.pro, H.usbc],
  mac: [H.lumaUltra, H.usbc],
  "steam-deck": [H.lumaPro, H.usbc],
  switch: [H.one, H.dock],
  console: [H.lumaPro, H.dock],
  "no-device": [H.lumaUltra, H.neckband],
};

const USE_CASE_NAMES: Record<FinderLanguage, Record<string, string>> = {
  "en-US": {
    watch: "Watch movies and shows",
    game: "Play games",
    work: "Work on a bigger screen",
    travel: "Travel and commute",
  },
  "ja-JP": {
    watch: "映画や動画を観る",
    game: "ゲームをする",
    work: "大画面で仕事をする",
    travel: "旅行・通勤で使う",
  },
};

const DEVICE_NAMES: Record<FinderLanguage, Record<string, string>> = {
  "en-US": {
    "iphone-usb-c": "iPhone 15 or later (USB-C)",
    "iphone-lightning": "iPhone with Lightning",
    android: "Android phone with USB-C video out",
    laptop: "Windows laptop",
    mac: "Mac",
    "steam-deck": "Handheld PC (Steam Deck, ROG Ally)",
    switch: "Nintendo Switch",
    console: "Game console with HDMI",
    "no-device": "Nothing yet: I want it to work on its own",
  },
  "ja-JP": {
    "iphone-usb-c": "iPhone 15以降（USB-C）",
    "iphone-lightning": "Lightning端子のiPhone",
    android: "映像出力対応のAndroidスマートフォン（USB-C）",
    laptop: "Windowsノートパソコン",
    mac: "Mac",
    "steam-deck": "携帯型ゲーミングPC（Steam Deck、ROG Ally）",
    switch: "Nintendo Switch",
    console: "HDMI出力のあるゲーム機",
    "no-device": "まだ持っていない：単体で使いたい",
  },
};

/** Japan sells no cloud pack and one duo pack; the United States sells them all. */
const PROMOS: Record<FinderLanguage, PromoLists> = {
  "en-US": {
    ultimateCollections: [H.lumaProUltimate, H.proUltimate],
    cloud: [H.lumaProCloud],
    dockPacks: [H.lumaProDock],
    duoPacks: [H.lumaProDuo, H.proDuo],
    gamingPacks: [H.lumaProGaming],
    neckband: [H.neckband],
  },
  "ja-JP": {
    ultimateCollections: [H.lumaProUltimate],
    cloud: [],
    dockPacks: [H.lumaProDock],
    duoPacks: [H.lumaProDuo],
    gamingPacks: [H.lumaProGaming],
    neckband: [H.neckband],
  },
};

function build(language: FinderLanguage): FinderData {
  return {
    useCases: Object.entries(USE_CASE_DEVICES).map(([id, iHaveA]) => ({
      id,
      name: USE_CASE_NAMES[language][id] ?? id,
      iHaveA,
    })),
    devices: Object.entries(DEVICE_ESSENTIALS).map(([id, essentials]) => ({
      id,
      name: DEVICE_NAMES[language][id] ?? id,
      essentials,
    })),
    promos: PROMOS[language],
  };
}

export const FINDER_DATA: Record<FinderLanguage, FinderData> = {
  "en-US": build("en-US"),
  "ja-JP": build("ja-JP"),
};

/** ja-JP has its own data; any other language reads en-US. */
export function finderData(language: string): FinderData {
  return language === "ja-JP" ? FINDER_DATA["ja-JP"] : FINDER_DATA["en-US"];
}

/** Choosing a use case narrows the devices to its iHaveA list, in that list's order. */
export function devicesForUseCase(data: FinderData, useCaseId: string | null): FinderDevice[] {
  if (!useCaseId) return [];
  const useCase = data.useCases.find((u) => u.id === useCaseId);
  if (!useCase) return [];
  return useCase.iHaveA.flatMap((id) => data.devices.filter((d) => d.id === id));
}

/** Which promo lists suit a use case, most relevant first. */
const USE_CASE_PROMOS: Record<string, (keyof PromoLists)[]> = {
  watch: ["ultimateCollections", "cloud"],
  game: ["gamingPacks", "dockPacks"],
  work: ["ultimateCollections", "duoPacks"],
  travel: ["dockPacks", "neckband", "cloud"],
};

export interface FinderSuggestion {
  /** The chosen devices' essentials, merged, each once (see suggestionFor for the order). */
  essentials: string[];
  /** Bundles for the use case that are not already among the essentials. */
  bundles: string[];
}

/** The device that means "none yet": it cannot be owned together with another. */
export const FINDER_NO_DEVICE = "no-device";

/**
 * The devices chosen after ticking or unticking one. Shoppers own several devices, so ticking one
 * adds it; "nothing yet" excludes the others, so ticking it clears them, and ticking another
 * device clears it.
 */
export function toggleDevice(selected: readonly string[], deviceId: string): string[] {
  if (selected.includes(deviceId)) return selected.filter((id) => id !== deviceId);
  if (deviceId === FINDER_NO_DEVICE) return [deviceId];
  return [...selected.filter((id) => id !== FINDER_NO_DEVICE), deviceId];
}

/**
 * The suggestion for a use case and the devices the shopper owns: nothing until a use case and
 * at least one device it offers are chosen (devices it does not offer are ignored). Essentials
 * of several devices are merged, each once, most important first: every device's first essential
 * (its glasses), then every device's second, and so on, devices in the use case's order.
 */
export function suggestionFor(
  data: FinderData,
  useCaseId: string | null,
  deviceIds: readonly string[],
): FinderSuggestion | null {
  if (!useCaseId) return null;
  const devices = devicesForUseCase(data, useCaseId).filter((d) => deviceIds.includes(d.id));
  if (!devices.length) return null;
  const depth = Math.max(...devices.map((d) => d.essentials.length));
  const ranked: string[] = [];
  for (let rank = 0; rank < depth; rank++) {
    for (const d of devices) {
      const h = d.essentials[rank];
      if (h !== undefined) ranked.push(h);
    }
  }
  const essentials = [...new Set(ranked)];
  const bundles = (USE_CASE_PROMOS[useCaseId] ?? [])
    .flatMap((list) => data.promos[list])
    .filter((h, i, all) => !essentials.includes(h) && all.indexOf(h) === i);
  return { essentials, bundles };
}

/** The promo lists a product belongs to (for the product page's badges). */
export function promoListsOf(data: FinderData, productHandle: string): (keyof PromoLists)[] {
  return (Object.keys(data.promos) as (keyof PromoLists)[]).filter((k) =>
    data.promos[k].includes(productHandle),
  );
}

/** Every bundle handle of a language (ultimate, cloud, dock, duo and gaming packs). */
export function bundleHandles(data: FinderData): string[] {
  const { ultimateCollections, cloud, dockPacks, duoPacks, gamingPacks } = data.promos;
  return [...ultimateCollections, ...cloud, ...dockPacks, ...duoPacks, ...gamingPacks];
}
