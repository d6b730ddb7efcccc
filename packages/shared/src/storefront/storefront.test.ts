import { describe, expect, it } from "vitest";
import { BRAND, handle } from "../brand.ts";
import {
  type CompatibilityRecord,
  localizeCompatibility,
  mergeBeneath,
  ZCompatibilityRecord,
} from "./compatibility.ts";
import {
  COMPATIBILITY_COLLAPSED_HEIGHT_PX,
  COMPATIBILITY_DEVICE_TABS,
  COMPATIBILITY_HANDLES,
  COMPATIBILITY_SCROLL_DELAY_MS,
  CONTACT_DEPARTMENTS,
  CONTACT_TOPICS,
  COPY_CONFIRMATION_MS,
  JP_SUPPORT,
  SHARE_DEFAULT_HASHTAGS,
  SHARE_POPUP,
  SUBSCRIBE_COOKIE_MAX_AGE_SECONDS,
  SUBSCRIBE_DIALOG_DELAY_MS,
  SUBSCRIBE_DISCOUNT_PERCENT,
  SUBSCRIBED_PLACEHOLDER_EMAIL,
} from "./constants.ts";
import {
  devicesForUseCase,
  FINDER_DATA,
  FINDER_NO_DEVICE,
  finderData,
  promoListsOf,
  suggestionFor,
  toggleDevice,
} from "./finder.ts";
import { parseRichText, richTextToPlain, safeHref } from "./rich-text.ts";
import { ZContactInput } from "./schemas.ts";
import { shareHashtags, shareLink } from "./share.ts";
import { decideVisit } from "./subscribe-visit.ts";

describe("spec 000 §9 constants", () => {
  it("keeps the delays and sizes of the spec", () => {
    expect(SUBSCRIBE_DIALOG_DELAY_MS).toBe(5000);
    expect(SUBSCRIBE_COOKIE_MAX_AGE_SECONDS).toBe(86_400);
    expect(SUBSCRIBE_DISCOUNT_PERCENT).toBe(10);
    expect(COPY_CONFIRMATION_MS).toBe(2000);
    expect(COMPATIBILITY_SCROLL_DELAY_MS).toBe(2000);
    expect(COMPATIBILITY_COLLAPSED_HEIGHT_PX).toBe(260);
    expect(SHARE_POPUP).toEqual({ width: 600, height: 400 });
    expect(COMPATIBILITY_DEVICE_TABS).toEqual({ handheld: 0, phone: 1, laptop: 2 });
  });

  it("derives every handle and mailbox from the brand", () => {
    expect(COMPATIBILITY_HANDLES).toEqual([
      `${BRAND.slug}-luma-pro-xr-glasses`,
      `${BRAND.slug}-luma-ultra-xr-glasses`,
      `${BRAND.slug}-pro-xr-glasses`,
      `${BRAND.slug}-one-xr-glasses`,
      `${BRAND.slug}-one-lite-xr-glasses`,
      `${BRAND.slug}-one-neckband`,
      `${BRAND.slug}-pro-mobile-dock`,
      `${BRAND.slug}-lightning-hdmi-adapter`,
      `${BRAND.slug}-usb-c-charging-adapter`,
    ]);
    expect(CONTACT_DEPARTMENTS.map((d) => d.id)).toEqual([
      "support",
      "media",
      "creators",
      "partnerships",
      "channel",
      "careers",
    ]);
    for (const d of CONTACT_DEPARTMENTS) expect(d.mailbox).toBe(`${d.id}@${BRAND.domain}`);
    expect(JP_SUPPORT).toEqual({ mailbox: `support-jp@${BRAND.domain}`, opens: "11:00", closes: "19:00" });
    expect(SUBSCRIBED_PLACEHOLDER_EMAIL).toBe(`anonymous@${BRAND.domain}`);
  });

  it("routes orders and product questions to support", () => {
    expect(CONTACT_TOPICS.order).toBe("support");
    expect(CONTACT_TOPICS.product).toBe("support");
    expect(CONTACT_TOPICS.careers).toBe("careers");
  });
});

const EN: CompatibilityRecord = {
  title: "Glasses",
  titleLanding: "Works with",
  date: "2026-10-01",
  descriptionHTML: "<p>English</p>",
  icon: "glasses",
  type: "accessory",
  gridTemplateColumns: "1fr 2fr",
  list: [
    { title: "Input", value: "USB-C" },
    { title: "Power", value: "5 V" },
    { title: "Weight", value: "80 g" },
  ],
};

describe("compatibility merge (en-US beneath)", () => {
  it("keeps localized values and fills what is missing from en-US", () => {
    const merged = localizeCompatibility(EN, {
      title: "眼镜",
      descriptionHTML: "",
      list: [{ title: "输入" }, {}, { title: "重量", value: "80 克" }],
    });
    expect(merged.title).toBe("眼镜");
    expect(merged.titleLanding).toBe("Works with");
    expect(merged.descriptionHTML).toBe("<p>English</p>");
    expect(merged.list).toEqual([
      { title: "输入", value: "USB-C" },
      { title: "Power", value: "5 V" },
      { title: "重量", value: "80 克" },
    ]);
  });

  it("keeps en-US rows beyond a shorter localized list, and extra localized rows", () => {
    expect(mergeBeneath([1, 2, 3], [9])).toEqual([9, 2, 3]);
    expect(mergeBeneath([1], [9, 8])).toEqual([9, 8]);
  });

  it("ignores values of another kind and null", () => {
    expect(mergeBeneath({ a: "x", b: [1] }, { a: 3, b: "no", c: null })).toEqual({ a: "x", b: [1], c: null });
    expect(mergeBeneath(EN, null)).toBe(EN);
    expect(localizeCompatibility(EN, undefined)).toBe(EN);
  });

  it("never changes en-US itself", () => {
    const copy = JSON.parse(JSON.stringify(EN));
    localizeCompatibility(EN, { title: "x", list: [{ title: "y" }] });
    expect(EN).toEqual(copy);
  });

  it("validates records of both kinds", () => {
    expect(ZCompatibilityRecord.safeParse(EN).success).toBe(true);
    expect(ZCompatibilityRecord.safeParse({ ...EN, type: "glasses" }).success).toBe(false);
  });
});

describe("finder rules", () => {
  const en = FINDER_DATA["en-US"];

  it("has use cases and devices in en-US and ja-JP with the same ids", () => {
    const ja = FINDER_DATA["ja-JP"];
    expect(ja.useCases.map((u) => u.id)).toEqual(en.useCases.map((u) => u.id));
    expect(ja.devices.map((d) => d.id)).toEqual(en.devices.map((d) => d.id));
    expect(ja.useCases[0]?.name).not.toBe(en.useCases[0]?.name);
    expect(finderData("zh-CN")).toBe(en);
  });

  it("every iHaveA id names a device, and every essential is a brand handle", () => {
    for (const u of en.useCases)
      for (const id of u.iHaveA)
        expect(
          en.devices.some((d) => d.id === id),
          id,
        ).toBe(true);
    for (const d of en.devices)
      for (const h of d.essentials) expect(h.startsWith(`${BRAND.slug}-`)).toBe(true);
  });

  it("narrows the devices to the use case's iHaveA list, in its order", () => {
    expect(devicesForUseCase(en, "work").map((d) => d.id)).toEqual(["laptop", "mac", "android"]);
    expect(devicesForUseCase(en, null)).toEqual([]);
    expect(devicesForUseCase(en, "unknown")).toEqual([]);
  });

  it("suggests the device's essentials and the use case's bundles, once each", () => {
    expect(suggestionFor(en, "game", ["switch"])).toEqual({
      essentials: [handle("one-xr-glasses"), handle("pro-mobile-dock")],
      bundles: [handle("luma-pro-gaming-pack"), handle("luma-pro-dock-pack")],
    });
    expect(suggestionFor(en, "work", ["switch"])).toBeNull();
    expect(suggestionFor(en, "work", [])).toBeNull();
    expect(suggestionFor(en, null, ["laptop"])).toBeNull();
  });

  it("merges the essentials of several devices: glasses first, each product once, devices in the use case's order", () => {
    // Chosen in another order than the use case offers them; one device the use case does not offer.
    expect(suggestionFor(en, "game", ["console", "switch", "steam-deck", "mac"])).toEqual({
      essentials: [
        handle("luma-pro-xr-glasses"),
        handle("one-xr-glasses"),
        handle("usb-c-charging-adapter"),
        handle("pro-mobile-dock"),
      ],
      bundles: [handle("luma-pro-gaming-pack"), handle("luma-pro-dock-pack")],
    });
    // Bundles already among the merged essentials are not offered twice.
    const travel = suggestionFor(en, "travel", ["switch", "android"]);
    expect(travel?.essentials).toEqual([
      handle("one-xr-glasses"),
      handle("usb-c-charging-adapter"),
      handle("pro-mobile-dock"),
    ]);
    expect(new Set([...(travel?.essentials ?? []), ...(travel?.bundles ?? [])]).size).toBe(
      (travel?.essentials.length ?? 0) + (travel?.bundles.length ?? 0),
    );
  });

  it("adds and removes devices; 'nothing yet' excludes the others", () => {
    expect(toggleDevice([], "laptop")).toEqual(["laptop"]);
    expect(toggleDevice(["laptop"], "mac")).toEqual(["laptop", "mac"]);
    expect(toggleDevice(["laptop", "mac"], "laptop")).toEqual(["mac"]);
    expect(toggleDevice(["android", "switch"], FINDER_NO_DEVICE)).toEqual([FINDER_NO_DEVICE]);
    expect(toggleDevice([FINDER_NO_DEVICE], "android")).toEqual(["android"]);
  });

  it("uses the language's promo lists (no cloud pack in Japan)", () => {
    expect(FINDER_DATA["ja-JP"].promos.cloud).toEqual([]);
    expect(en.promos.cloud).toEqual([handle("luma-pro-cloud-pack")]);
    expect(suggestionFor(FINDER_DATA["ja-JP"], "watch", ["android"])?.bundles).toEqual([
      handle("luma-pro-ultimate-collection"),
    ]);
    expect(promoListsOf(en, handle("one-neckband"))).toEqual(["neckband"]);
  });
});

describe("share", () => {
  it("defaults to three hashtags: the brand, XR, Technology", () => {
    expect(SHARE_DEFAULT_HASHTAGS).toEqual([BRAND.name, "XR", "Technology"]);
    expect(shareHashtags()).toEqual([BRAND.name, "XR", "Technology"]);
    expect(shareHashtags(["#a b", "c", "d", "e"])).toEqual(["ab", "c", "d"]);
  });

  it("builds each channel's link", () => {
    const data = { url: "https://store.test/p?x=1", title: "A & B", description: "Nice" };
    expect(shareLink("x", data)).toBe(
      `https://twitter.com/intent/tweet?url=https%3A%2F%2Fstore.test%2Fp%3Fx%3D1&text=A%20%26%20B&via=${BRAND.slug}&hashtags=${BRAND.name}%2CXR%2CTechnology`,
    );
    expect(shareLink("reddit", data)).toContain("https://www.reddit.com/submit?url=");
    expect(shareLink("whatsapp", data)).toBe(
      "https://api.whatsapp.com/send?text=A%20%26%20B%20https%3A%2F%2Fstore.test%2Fp%3Fx%3D1",
    );
    expect(shareLink("email", data)).toBe(
      "mailto:?subject=A%20%26%20B&body=Nice%0A%0Ahttps%3A%2F%2Fstore.test%2Fp%3Fx%3D1",
    );
  });
});

describe("subscribe dialog visits (spec 000 §4)", () => {
  it("first visit stores a counter and shows the dialog", () => {
    expect(decideVisit({ counter: null, subscribedCookie: false })).toEqual({
      kind: "first-visit",
      counter: "1",
    });
  });
  it("next visit clears the counter and sets the cookie instead", () => {
    expect(decideVisit({ counter: "1", subscribedCookie: false })).toEqual({ kind: "next-visit" });
  });
  it("stays quiet while the cookie lives", () => {
    expect(decideVisit({ counter: null, subscribedCookie: true })).toEqual({ kind: "quiet" });
    expect(decideVisit({ counter: "1", subscribedCookie: true })).toEqual({ kind: "quiet" });
  });
});

describe("rich text", () => {
  it("keeps the allowed tags and drops the rest with their attributes", () => {
    expect(
      parseRichText('<p>Hi <strong>there</strong><script>x</script><img src=x onerror="y"></p>'),
    ).toEqual([
      {
        kind: "element",
        tag: "p",
        children: [
          { kind: "text", text: "Hi " },
          { kind: "element", tag: "strong", children: [{ kind: "text", text: "there" }] },
          { kind: "text", text: "x" },
        ],
      },
    ]);
  });

  it("only allows own paths, https and mailto links", () => {
    expect(safeHref("/products")).toBe("/products");
    expect(safeHref("https://example.com/x")).toBe("https://example.com/x");
    expect(safeHref("javascript:alert(1)")).toBeNull();
    expect(safeHref("//evil.test")).toBeNull();
    const [a] = parseRichText('<a href="javascript:alert(1)">x</a>');
    expect(a).toEqual({ kind: "element", tag: "a", children: [{ kind: "text", text: "x" }] });
  });

  it("decodes entities and gives plain text", () => {
    expect(richTextToPlain("A&amp;B<br>C &lt;3")).toBe("A&B C <3");
  });
});

describe("contact input", () => {
  const ok = { name: "Ann", email: "Ann@Example.com", topic: "order", message: "Where is my order?" };
  it("accepts a message and normalises the email and order number", () => {
    expect(ZContactInput.parse({ ...ok, orderNumber: "#1042" })).toMatchObject({
      email: "ann@example.com",
      orderNumber: "1042",
    });
    expect(ZContactInput.parse({ ...ok, orderNumber: "" }).orderNumber).toBeNull();
  });
  it("refuses short messages, unknown topics and unknown keys", () => {
    expect(ZContactInput.safeParse({ ...ok, message: "short" }).success).toBe(false);
    expect(ZContactInput.safeParse({ ...ok, topic: "spam" }).success).toBe(false);
    expect(ZContactInput.safeParse({ ...ok, admin: true }).success).toBe(false);
  });
});

describe("the handle rule", () => {
  it("takes lower-case words joined by single hyphens, nothing else", async () => {
    const { HANDLE_PATTERN, isHandle } = await import("./constants.ts");
    expect(HANDLE_PATTERN.source).toBe("^[a-z0-9]+(?:-[a-z0-9]+)*$");
    for (const ok of ["vela-one-xr-glasses", "p9", handle("one-xr-glasses")])
      expect(isHandle(ok), ok).toBe(true);
    for (const bad of ["", "-a", "a-", "a--b", "A", "a_b", "a/b", "a b"])
      expect(isHandle(bad), bad).toBe(false);
  });
});
