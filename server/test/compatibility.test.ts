import { BRAND, COMPATIBILITY_HANDLES, handle, STOREFRONT_MESSAGES } from "@vela/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCompatibilitySeeds, seedCompatibility } from "../src/modules/compatibility/seed.ts";
import { callerFor, createTestApp, json, type TestApp } from "./helpers.ts";

interface Answer {
  handle: string;
  language: string;
  localized: boolean;
  record: {
    title: string;
    titleLanding: string;
    date: string;
    descriptionHTML: string;
    icon: string;
    type: string;
    gridTemplateColumns: string;
    list: {
      title: string;
      subtitle?: string;
      value?: string;
      list?: { title: string; list: string[]; blackLogo: string | null }[];
    }[];
  };
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const GLASSES = handle("luma-pro-xr-glasses");
const get = async (query: string) => {
  const res = await t.api("GET", `/api/compatibility${query}`);
  return { res, body: json<Answer>(res) };
};

describe("GET /api/compatibility", () => {
  it("answers the en-US record of each of the five handles of §7 and of every glasses model", async () => {
    expect(COMPATIBILITY_HANDLES).toHaveLength(9);
    for (const h of COMPATIBILITY_HANDLES) {
      const { res, body } = await get(`?language=en-US&handle=${h}`);
      expect(res.statusCode, h).toBe(200);
      expect(body).toMatchObject({ handle: h, language: "en-US", localized: true });
      expect(Object.keys(body.record).sort()).toEqual(
        [
          "date",
          "descriptionHTML",
          "gridTemplateColumns",
          "icon",
          "list",
          "title",
          "titleLanding",
          "type",
        ].sort(),
      );
      expect(body.record.title.startsWith(`${BRAND.name} `)).toBe(true);
    }
  });

  it("gives glasses tabs (handheld, phone, laptop) with sub-lists, and other types rows", async () => {
    const { body } = await get(`?language=en-US&handle=${GLASSES}`);
    expect(body.record.type).toBe("glasses");
    expect(body.record.list.map((tab) => tab.title)).toEqual(["Handheld", "Phone", "Laptop"]);
    const sub = body.record.list[0]?.list?.[0];
    expect(sub).toEqual({
      title: "Steam Deck",
      blackLogo: "/images/compatibility/steam-deck.svg",
      list: ["Steam Deck LCD", "Steam Deck OLED"],
      rowSpan: 1,
      colSpan: 1,
    });
    expect(body.record.descriptionHTML).toContain(`/products/${handle("pro-mobile-dock")}`);
    const dock = await get(`?language=en-US&handle=${handle("pro-mobile-dock")}`);
    expect(dock.body.record.type).not.toBe("glasses");
    expect(dock.body.record.list[0]).toEqual({ title: "Compatible glasses", value: "Every model" });
  });

  it("merges en-US beneath ja-JP: translated text wins, missing fields come from en-US", async () => {
    const en = (await get(`?language=en-US&handle=${GLASSES}`)).body.record;
    const { body } = await get(`?language=ja-JP&handle=${GLASSES}`);
    expect(body.localized).toBe(true);
    expect(body.record.title).toBe(`${BRAND.name} Luma Pro XRグラス`);
    expect(body.record.list[0]?.title).toBe("携帯ゲーム機");
    // Not in the ja-JP record: taken from en-US.
    expect(body.record.date).toBe(en.date);
    expect(body.record.type).toBe("glasses");
    expect(body.record.gridTemplateColumns).toBe(en.gridTemplateColumns);
    expect(body.record.list[0]?.list?.[1]).toEqual(en.list[0]?.list?.[1]);
    expect(body.record.list[0]?.list?.[0]?.title).toBe("Steam Deck");
    expect(body.record.list[0]?.list?.[0]?.list).toEqual(["Steam Deck LCD", "Steam Deck OLED"]);
  });

  it("serves zh-CN in Chinese, with en-US beneath for what it leaves out (date, layout, device names)", async () => {
    const en = (await get(`?language=en-US&handle=${GLASSES}`)).body.record;
    const { body } = await get(`?language=zh-CN&handle=${GLASSES}`);
    expect(body.record.title).toBe(`${BRAND.name} Luma Pro XR 眼镜`);
    expect(body.record.list.map((tab) => tab.title)).toEqual(["掌机", "手机", "笔记本电脑"]);
    expect(body.record.list[0]?.subtitle).toBe("掌上游戏电脑和游戏机");
    expect(body.record.descriptionHTML).toContain("可连接任何支持");
    expect(body.record.date).toBe(en.date);
    expect(body.record.list[0]?.list?.[0]?.title).toBe("Steam Deck");
    const rows = (await get(`?language=zh-CN&handle=${handle("one-neckband")}`)).body.record.list;
    expect(rows[0]).toEqual({ title: "兼容眼镜", value: "Luma Pro、Luma Ultra、Pro、One" });
    expect(rows[2]).toEqual({ title: "连接方式", value: "通过 USB-C 连接眼镜" });
  });

  it("leaves no English description or table label on a zh-CN or ja-JP record", async () => {
    for (const language of ["zh-CN", "ja-JP"]) {
      for (const h of COMPATIBILITY_HANDLES) {
        const en = (await get(`?language=en-US&handle=${h}`)).body.record;
        const { body } = await get(`?language=${language}&handle=${h}`);
        const label = `${language} ${h}`;
        expect(body.localized, label).toBe(true);
        expect(body.record.descriptionHTML, label).not.toBe(en.descriptionHTML);
        expect(body.record.titleLanding, label).not.toBe(en.titleLanding);
        en.list.forEach((row, i) => {
          expect(body.record.list[i]?.title, `${label} row ${i}`).not.toBe(row.title);
        });
      }
    }
  });

  it("serves en-US alone, marked not localized, when a language has no record", async () => {
    const adapter = handle("usb-c-charging-adapter");
    await t.db.compatibilityRecord.delete({
      where: { handle_language: { handle: adapter, language: "zh-CN" } },
    });
    try {
      const en = await get(`?language=en-US&handle=${adapter}`);
      const zh = await get(`?language=zh-CN&handle=${adapter}`);
      expect(zh.res.statusCode).toBe(200);
      expect(zh.body.localized).toBe(false);
      expect(zh.body.record).toEqual(en.body.record);
    } finally {
      await seedCompatibility(t.db);
    }
  });

  it("refuses bad parameters: 400 for language or a missing handle, 404 for an unknown handle", async () => {
    for (const q of [
      "",
      `?handle=${GLASSES}`,
      `?language=fr-FR&handle=${GLASSES}`,
      "?language=en-US",
      `?language=en-US&handle=${GLASSES}&x=1`,
      "?language=en-US&handle=Bad%20Handle",
    ]) {
      const res = await t.api("GET", `/api/compatibility${q}`);
      expect(res.statusCode, q).toBe(400);
      const body = json<{ message: string; error: string }>(res);
      expect(body.error).toBe(body.message);
    }
    const unknown = await t.api(
      "GET",
      `/api/compatibility?language=ja-JP&handle=${handle("no-such-glasses")}`,
    );
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown).message).toBe(STOREFRONT_MESSAGES.compatibilityNotFound);
  });

  it("has a tRPC twin answering the same", async () => {
    const viaTrpc = await callerFor(t).compatibility.get({ language: "ja-JP", handle: GLASSES });
    expect(viaTrpc).toEqual((await get(`?language=ja-JP&handle=${GLASSES}`)).body);
  });
});

describe("compatibility seed and images", () => {
  it("gives each glasses model a record of its own, with the shape of the first, in three languages", async () => {
    for (const model of ["one", "one-lite", "pro", "luma-ultra"]) {
      const h = handle(`${model}-xr-glasses`);
      const titles = new Set<string>();
      for (const language of ["en-US", "ja-JP", "zh-CN"]) {
        const { res, body } = await get(`?language=${language}&handle=${h}`);
        expect(res.statusCode, `${h} ${language}`).toBe(200);
        expect(body.localized).toBe(true);
        expect(body.record.type).toBe("glasses");
        expect(body.record.list).toHaveLength(3);
        for (const tab of body.record.list) expect(tab.list?.length).toBeGreaterThan(0);
        titles.add(body.record.title);
      }
      // Its own name, never the Luma Pro's.
      const en = (await get(`?language=en-US&handle=${h}`)).body.record;
      expect(en.title).not.toContain("Luma Pro");
      expect(en.descriptionHTML).not.toContain("Luma Pro");
      expect(titles.size).toBe(3);
    }
  });

  it("names the brand from brand.ts, never the raw placeholder", () => {
    const text = JSON.stringify(loadCompatibilitySeeds());
    expect(text).not.toContain("{brand}");
    expect(text).not.toContain("{slug}");
  });

  it("is idempotent", async () => {
    const before = await t.db.compatibilityRecord.count();
    await seedCompatibility(t.db);
    expect(await t.db.compatibilityRecord.count()).toBe(before);
    // nine handles (§7's five and the other four glasses) in en-US, ja-JP and zh-CN
    expect(before).toBe(27);
  });

  it("draws the black logos", async () => {
    const res = await t.api("GET", "/images/compatibility/steam-deck.svg");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/image\/svg\+xml/);
    expect(res.body).toContain("Steam Deck");
    expect((await t.api("GET", "/images/compatibility/..%2Fx.svg")).statusCode).toBe(404);
  });

  it("spells each logo's brand as the records do, and draws it wide enough for its words", async () => {
    const logo = async (name: string) => (await t.api("GET", `/images/compatibility/${name}.svg`)).body;
    expect(await logo("iphone")).toContain(">iPhone</text>");
    expect(await logo("rog-ally")).toContain(">ROG Ally</text>");
    expect(await logo("macbook")).toContain(">MacBook</text>");
    const switchLogo = await logo("nintendo-switch");
    expect(switchLogo).toContain(">Nintendo Switch</text>");
    const width = Number(/width="(\d+)"/.exec(switchLogo)?.[1]);
    // 15 bold 28 px characters need well over the old 240.
    expect(width).toBeGreaterThanOrEqual("Nintendo Switch".length * 17);
  });
});
