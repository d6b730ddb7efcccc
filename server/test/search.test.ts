// The store's search on the engine of the run (SQLite's FTS5 trigram index, PostgreSQL's pg_trgm):
// every language's words of a product (title, description, variant, SKU) and of a post find it, a
// typo still finds it and says so, the index follows reindexSearch, and bad input is refused.
import { SEARCH_QUERY_MAX, SEARCH_SUGGESTIONS } from "@vela/shared";
import type { SearchAnswer, SearchSuggestions } from "@vela/shared/api";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadBlogPosts } from "../src/modules/blog/seed.ts";
import { reindexSearch } from "../src/modules/search/reindex.ts";
import { createProductRecord } from "../src/seed/factories.ts";
import { loadFixtures } from "../src/seed/fixtures.ts";
import { callerFor, createTestApp, json, type TestApp } from "./helpers.ts";

let t: TestApp;
const LANTERN = "search-test-nebula-lantern";
const KETTLE = "search-test-kettle";

beforeAll(async () => {
  t = await createTestApp();
  await createProductRecord(t.db, {
    handle: LANTERN,
    title: "Nebula Lantern",
    type: "accessories",
    description: "A lamp that glows softly beside the glasses case.",
    translations: [
      { language: "ja-JP", title: "星雲ランタン", description: "メガネケースのそばでやさしく光るランプ。" },
    ],
    variants: [
      {
        title: "Midnight Blue",
        sku: "NEB-LAN-01",
        usd: 2900,
        jpy: 4400,
        translations: [{ language: "ja-JP", title: "ミッドナイトブルー" }],
      },
    ],
  });
  await createProductRecord(t.db, {
    handle: KETTLE,
    title: "Percent Kettle",
    type: "accessories",
    description: "Boils at 100% power.",
    variants: [{ title: "Steel", sku: "KET-01", usd: 1000, jpy: 1500 }],
  });
  await reindexSearch(t.db);
});
afterAll(() => t.close());

const search = (q: string, language?: "en-US" | "ja-JP" | "zh-CN") =>
  callerFor(t).search.query({ q, ...(language ? { language } : {}) });
const handles = (a: SearchAnswer) => a.products.map((p) => p.handle);

describe("search: the words as typed", () => {
  it("finds the seeded catalogue", async () => {
    const a = await search("glasses");
    expect(a.products.length).toBeGreaterThan(0);
    expect(a.approximate).toBe(false);
  });

  it("finds a product by its title, description, variant name and SKU, best match first", async () => {
    for (const q of ["nebula lantern", "Lantern", "glows softly", "midnight", "neb-lan-01", "NEB-LAN"]) {
      const a = await search(q);
      expect(handles(a)[0], q).toBe(LANTERN);
      expect(a.approximate, q).toBe(false);
    }
  });

  it("finds a product by its Japanese words, of three characters or more and of two, in any reader's language", async () => {
    for (const q of ["ランタン", "星雲ランタン", "星雲", "やさしく光る", "ミッドナイト", "光る ランプ"]) {
      const a = await search(q, "ja-JP");
      expect(handles(a), q).toContain(LANTERN);
    }
    // The answer is in the reader's language; the words of another language find it too.
    const ja = await search("lantern", "ja-JP");
    expect(ja.products.find((p) => p.handle === LANTERN)?.title).toBe("星雲ランタン");
    const en = await search("ランタン", "en-US");
    expect(en.products.find((p) => p.handle === LANTERN)?.title).toBe("Nebula Lantern");
  });

  it("needs every word: one that no text holds leaves nothing", async () => {
    const a = await search("lantern qwxzv");
    expect(handles(a)).not.toContain(LANTERN);
  });

  it("takes % and _ as the characters themselves", async () => {
    expect(handles(await search("100%"))).toEqual([KETTLE]);
    expect(handles(await search("%"))).toEqual([KETTLE]);
    expect(handles(await search("_"))).toEqual([]);
  });

  it("finds posts by their title in either language", async () => {
    const post = loadBlogPosts()[0];
    if (!post) throw new Error("no seeded post");
    const en = post.translations["en-US"]?.title ?? "";
    const a = await search(en);
    expect(a.posts.map((p) => p.slug)).toContain(post.slug);
    const ja = post.translations["ja-JP"]?.title ?? "";
    const b = await search(ja, "ja-JP");
    const found = b.posts.find((p) => p.slug === post.slug);
    expect(found?.title).toBe(ja);
    expect(found?.language).toBe("ja-JP");
  });
});

describe("search: posts not out yet", () => {
  it("leaves out a post dated later than now, though the index holds it", async () => {
    await t.db.blogPost.create({
      data: {
        slug: "search-test-tomorrow",
        publishedAt: new Date(t.clock.now().getTime() + 86_400_000),
        image: "search-test",
        translations: {
          create: [
            { language: "en-US", title: "Quokkaglow preview", excerpt: "Soon.", imageAlt: "", body: "Soon." },
          ],
        },
      },
    });
    await reindexSearch(t.db);
    expect((await search("quokkaglow")).posts).toEqual([]);
    t.clock.advance(2 * 86_400_000);
    expect((await search("quokkaglow")).posts.map((p) => p.slug)).toEqual(["search-test-tomorrow"]);
  });
});

describe("search: near matches", () => {
  it("finds a product through a typo and says the results are approximate", async () => {
    for (const q of ["nebulla", "lantren", "midnigth blue"]) {
      const a = await search(q);
      expect(handles(a)[0], q).toBe(LANTERN);
      expect(a.approximate, q).toBe(true);
    }
  });

  it("finds nothing for words near nothing", async () => {
    const a = await search("zzqqxxjj");
    expect(a).toEqual({ q: "zzqqxxjj", approximate: false, products: [], posts: [] });
  });
});

describe("search: the index follows the catalogue", () => {
  it("reindexSearch takes in a changed title and a product leaving the shop", async () => {
    await t.db.product.update({ where: { handle: KETTLE }, data: { title: "Whistling Kettle" } });
    // Not yet: the index is what the last reindex saw.
    expect(handles(await search("whistling"))).toEqual([]);
    await reindexSearch(t.db);
    expect(handles(await search("whistling"))).toEqual([KETTLE]);
    expect(handles(await search("percent"))).toEqual([]);

    await t.db.product.update({ where: { handle: KETTLE }, data: { status: "DRAFT" } });
    await reindexSearch(t.db);
    expect(handles(await search("whistling"))).toEqual([]);
  });
});

describe("the fixtures loader", () => {
  it("rebuilds the index in its own transaction: a file's product is found at once", async () => {
    await loadFixtures(t.deps, {
      products: [
        {
          handle: "search-test-fixture-tripod",
          title: "Zephyrine Tripod",
          type: "accessories",
          variants: [{ title: "Standard", sku: "ZEPH-TRI-1", usd: 1900, jpy: 2900 }],
        },
      ],
    });
    expect(handles(await search("zephyrine"))).toEqual(["search-test-fixture-tripod"]);
  });
});

describe("suggestions", () => {
  it("suggests titles for the first letters typed, in the reader's language", async () => {
    const s = await callerFor(t).search.suggest({ q: "lan", language: "ja-JP" });
    expect(s.suggestions).toContainEqual({ kind: "product", handle: LANTERN, title: "星雲ランタン" });
    const many = await callerFor(t).search.suggest({ q: "a" });
    expect(many.suggestions.length).toBeLessThanOrEqual(SEARCH_SUGGESTIONS);
    expect(many.suggestions.length).toBeGreaterThan(0);
  });
});

describe("any words", () => {
  const seed = Number(process.env.FC_SEED ?? Date.now() % 2_147_483_647);

  it("are searched as text: the index's query syntax, quotes and SQL in them do nothing", async () => {
    for (const q of [
      '"',
      "'",
      "*",
      "lantern*",
      'lantern" OR "kettle',
      "NEAR(lantern kettle)",
      "{title}: lantern",
      "title:lantern",
      "^lantern",
      "a AND b OR NOT c",
      '\'; DROP TABLE "Product"; --',
      "%_\\",
      "🏮 ランタン",
    ]) {
      const a = await search(q);
      expect(a.q, q).toBe(q.trim());
    }
    expect(handles(await search('lantern" OR "kettle'))).toEqual([]);
    expect(await t.db.product.count({ where: { handle: LANTERN } })).toBe(1);
  });

  it("never fail, whatever their characters (fast-check)", async () => {
    console.info(`search.test.ts: fast-check seed ${seed} (rerun with FC_SEED=${seed})`);
    await fc.assert(
      fc.asyncProperty(
        fc.string({
          unit: fc.constantFrom(..."ab ランタン星雲\"'*:^(){}%_-\\ 　"),
          minLength: 1,
          maxLength: 30,
        }),
        async (q) => {
          if (!q.trim()) return;
          const a = await search(q);
          const s = await callerFor(t).search.suggest({ q });
          expect(a.products.length).toBeLessThanOrEqual(48);
          expect(s.suggestions.length).toBeLessThanOrEqual(SEARCH_SUGGESTIONS);
        },
      ),
      { seed, numRuns: 60 },
    );
  });
});

describe("GET /api/search", () => {
  it("answers the results page's shape", async () => {
    const res = await t.api("GET", "/api/search?q=lantern&language=ja-JP&limit=3&utm_source=x");
    expect(res.statusCode).toBe(200);
    const a = json<SearchAnswer>(res);
    expect(a.q).toBe("lantern");
    expect(a.products[0]?.title).toBe("星雲ランタン");
    expect(a.products.length).toBeLessThanOrEqual(3);
    const s = await t.api("GET", "/api/search/suggest?q=nebula");
    expect(json<SearchSuggestions>(s).suggestions[0]).toMatchObject({ handle: LANTERN });
  });

  it("refuses a missing, empty or too long query, or a bad language or limit, with 400 and a message", async () => {
    for (const url of [
      "/api/search",
      "/api/search?q=",
      "/api/search?q=%20%20",
      `/api/search?q=${"a".repeat(SEARCH_QUERY_MAX + 1)}`,
      "/api/search?q=x&language=fr-FR",
      "/api/search?q=x&limit=0",
      "/api/search?q=x&limit=ten",
      "/api/search/suggest",
    ]) {
      const res = await t.api("GET", url);
      expect(res.statusCode, url).toBe(400);
      expect(json<{ message: string }>(res).message, url).toBeTruthy();
    }
  });
});
