import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DUO_INTENT_IDS,
  defaultPack,
  FREE_CONTROLLER_PACKS,
  MOBILE_ACCESSORY_IDS,
  MOBILE_KIT_LANGUAGES,
  MOBILE_PACKS,
  type MobileKitLanguage,
  mobileAccessories,
  mobileIntents,
  mobilePack,
  toggleMobileAccessory,
} from "./mobile-kit.ts";

const language = fc.constantFrom(...MOBILE_KIT_LANGUAGES);
const intent = fc.integer({ min: 1, max: 6 });
const accessories = fc.array(fc.constantFrom(...MOBILE_ACCESSORY_IDS, "not-an-accessory"), { maxLength: 8 });
const allowedOf = (id: number) => mobileIntents("en-US").find((i) => i.id === id)?.iHaveA ?? [];

/** The rules of spec 001 §9, written out once more, plainly, to check the code against. */
function expected(lang: MobileKitLanguage, id: number, picked: readonly string[]): string | null {
  const chosen = picked.filter((a) => (allowedOf(id) as string[]).includes(a));
  if (chosen.length === 0) return null;
  const p = MOBILE_PACKS[lang];
  if (id === 3 || id === 6) return p.duo;
  const has = (a: string) => chosen.includes(a);
  if (has("usbc-adapter")) return p.usbcIphone;
  if (has("lightning-adapter")) return p.lightningIphone;
  if (has("neckband") && has("dock")) return p.ultimate;
  if (has("neckband")) return p.cloud;
  if (has("dock")) return p.dock;
  return p.default;
}

describe("mobile-kit pack rules (spec 001 §9), property tests", () => {
  it("follow the rules for every intent, accessory set and language", () => {
    fc.assert(
      fc.property(language, intent, accessories, (lang, id, picked) => {
        expect(mobilePack(lang, id, picked)).toBe(expected(lang, id, picked));
      }),
      { numRuns: 2000 },
    );
  });

  it("pick nothing until an allowed accessory is chosen, and nothing without an intent", () => {
    fc.assert(
      fc.property(language, intent, accessories, (lang, id, picked) => {
        const allowed = picked.filter((a) => (allowedOf(id) as string[]).includes(a));
        expect(mobilePack(lang, id, picked) === null).toBe(allowed.length === 0);
        expect(mobilePack(lang, null, picked)).toBeNull();
      }),
    );
  });

  it("give intents 3 and 6 the duo pack whatever the (allowed) accessories", () => {
    const duoCase = fc
      .constantFrom(...DUO_INTENT_IDS)
      .chain((id) => fc.subarray(allowedOf(id), { minLength: 1 }).map((picked) => ({ id, picked })));
    fc.assert(
      fc.property(language, duoCase, (lang, { id, picked }) => {
        expect(mobilePack(lang, id, picked)).toBe(MOBILE_PACKS[lang].duo);
      }),
    );
  });

  it("do not care about the order or repetition of accessories", () => {
    fc.assert(
      fc.property(language, intent, accessories, (lang, id, picked) => {
        const shuffled = [...picked].reverse().concat(picked);
        expect(mobilePack(lang, id, shuffled)).toBe(mobilePack(lang, id, picked));
      }),
    );
  });

  it("are the same in ja-JP with the Pro pack names", () => {
    const toJa = Object.fromEntries(
      (Object.keys(MOBILE_PACKS["en-US"]) as (keyof (typeof MOBILE_PACKS)["en-US"])[]).map((k) => [
        MOBILE_PACKS["en-US"][k],
        MOBILE_PACKS["ja-JP"][k],
      ]),
    );
    fc.assert(
      fc.property(intent, accessories, (id, picked) => {
        const en = mobilePack("en-US", id, picked);
        expect(mobilePack("ja-JP", id, picked)).toBe(en === null ? null : toJa[en]);
      }),
    );
  });

  it("always answer one of the language's packs", () => {
    fc.assert(
      fc.property(language, intent, accessories, (lang, id, picked) => {
        const pack = mobilePack(lang, id, picked);
        if (pack !== null) expect(Object.values(MOBILE_PACKS[lang])).toContain(pack);
      }),
    );
  });
});

describe("mobile-kit pack rules, the spec's table word for word", () => {
  it("en-US", () => {
    expect(defaultPack("en-US")).toBe("vela-luma-pro-xr-glasses");
    expect(mobilePack("en-US", 1, ["glasses-only"])).toBe("vela-luma-pro-xr-glasses");
    expect(mobilePack("en-US", 1, ["usbc-adapter"])).toBe("vela-luma-pro-usb-c-iphone-pack");
    expect(mobilePack("en-US", 2, ["lightning-adapter"])).toBe("vela-luma-pro-lightning-iphone-pack");
    expect(mobilePack("en-US", 4, ["neckband", "dock"])).toBe("vela-luma-pro-ultimate-collection");
    expect(mobilePack("en-US", 4, ["neckband"])).toBe("vela-luma-pro-cloud-pack");
    expect(mobilePack("en-US", 5, ["dock"])).toBe("vela-luma-pro-dock-pack");
    expect(mobilePack("en-US", 3, ["dock"])).toBe("vela-luma-pro-duo-pack");
    expect(mobilePack("en-US", 6, ["neckband"])).toBe("vela-luma-pro-duo-pack");
    expect(mobilePack("en-US", 4, [])).toBeNull();
    // An accessory the intent does not offer does not count.
    expect(mobilePack("en-US", 4, ["usbc-adapter"])).toBeNull();
  });

  it("ja-JP", () => {
    expect(defaultPack("ja-JP")).toBe("vela-pro-xr-glasses");
    expect(mobilePack("ja-JP", 1, ["glasses-only"])).toBe("vela-pro-xr-glasses");
    expect(mobilePack("ja-JP", 1, ["usbc-adapter", "dock"])).toBe("vela-pro-usb-c-iphone-pack");
    expect(mobilePack("ja-JP", 2, ["lightning-adapter"])).toBe("vela-pro-lightning-iphone-pack");
    expect(mobilePack("ja-JP", 1, ["dock", "neckband"])).toBe("vela-pro-ultimate-collection");
    expect(mobilePack("ja-JP", 2, ["neckband"])).toBe("vela-pro-cloud-pack");
    expect(mobilePack("ja-JP", 4, ["dock"])).toBe("vela-pro-dock-pack");
    expect(mobilePack("ja-JP", 3, ["usbc-adapter"])).toBe("vela-pro-duo-pack");
    expect(mobilePack("ja-JP", 6, ["dock", "neckband"])).toBe("vela-pro-duo-pack");
  });

  it("offers six intents and five accessories in both languages, free controllers per language", () => {
    for (const lang of MOBILE_KIT_LANGUAGES) {
      expect(mobileIntents(lang).map((i) => i.id)).toEqual([1, 2, 3, 4, 5, 6]);
      expect(mobileAccessories(lang).map((a) => a.id)).toEqual([...MOBILE_ACCESSORY_IDS]);
      for (const pack of FREE_CONTROLLER_PACKS[lang])
        expect(Object.values(MOBILE_PACKS[lang])).toContain(pack);
    }
    expect(mobileIntents("ja-JP")[0]?.name).toBe("iPhone 15以降（USB-C）");
  });
});

describe("the mobile-kit accessory boxes", () => {
  it("make 'Just the glasses' exclusive with the accessories, both ways", () => {
    expect(toggleMobileAccessory(["neckband", "dock"], "glasses-only", true)).toEqual(["glasses-only"]);
    expect(toggleMobileAccessory(["glasses-only"], "neckband", true)).toEqual(["neckband"]);
    expect(toggleMobileAccessory(["neckband"], "dock", true)).toEqual(["neckband", "dock"]);
    expect(toggleMobileAccessory(["neckband", "dock"], "neckband", false)).toEqual(["dock"]);
    expect(toggleMobileAccessory(["glasses-only"], "glasses-only", false)).toEqual([]);
  });

  it("never hold 'Just the glasses' beside an accessory, whatever is ticked in whatever order", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...MOBILE_ACCESSORY_IDS), fc.boolean()), { maxLength: 20 }),
        (ticks) => {
          let picked: string[] = [];
          for (const [id, checked] of ticks) picked = toggleMobileAccessory(picked, id, checked);
          if (picked.includes("glasses-only")) expect(picked).toEqual(["glasses-only"]);
          expect(new Set(picked).size).toBe(picked.length);
        },
      ),
    );
  });
});
