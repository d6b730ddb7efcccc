// The admin's products and stock through /admin/trpc, as the admin client calls them: the list
// (search by title, handle and SKU; filters; sorts; keyset pages both ways), a product with its
// texts in both languages, saves at the version opened (a second save from an older page is
// refused and writes nothing), status changes that the shop follows at once (an archived
// product's page answers 404 and leaves the sitemap), stock set and adjusted with a reason
// into the history and the audit trail, and adjustments at once that all count.
import { handle } from "@vela/shared";
import { CATALOGUE_ADMIN_MESSAGES as M, type ProductSaveInput } from "@vela/shared/admin";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminEnUS } from "../../packages/i18n/src/messages/admin/en-US.ts";
import { adminJaJP } from "../../packages/i18n/src/messages/admin/ja-JP.ts";
import { writesPublicData } from "../src/http/page-renderer.ts";
import type { ProductDetail, ProductListPage } from "../src/modules/catalog/admin-products.ts";
import type { StockAnswer } from "../src/modules/catalog/stock.ts";
import { createTestApp, type TestApp } from "./helpers.ts";
import { GENEROUS_LIMITS } from "./support-security.ts";
import { type AdminAnswer, admin, createStaff, signInStaff } from "./support-staff.ts";

let t: TestApp;
const staff = { manager: "", manager2: "", support: "" };

beforeAll(async () => {
  t = await createTestApp({ rateLimits: GENEROUS_LIMITS });
  for (const [name, role] of [
    ["manager", "manager"],
    ["manager2", "manager"],
    ["support", "support"],
  ] as const) {
    staff[name] = await signInStaff(t, await createStaff(t, `catalogue-${name}@vela.test`, role));
  }
});
afterAll(() => t.close());

const list = (input: Record<string, unknown>, cookie = staff.manager) =>
  admin<ProductListPage>(t, "query", "products.list", input, { cookie });
const get = (productId: number, cookie = staff.manager) =>
  admin<ProductDetail>(t, "query", "products.get", { productId }, { cookie });
const act = <T = ProductDetail>(
  path: string,
  input: unknown,
  cookie = staff.manager,
): Promise<AdminAnswer<T>> => admin<T>(t, "mutation", `products.${path}`, input, { cookie });

async function productId(rest: string): Promise<number> {
  return (await t.db.product.findUniqueOrThrow({ where: { handle: handle(rest) }, select: { id: true } })).id;
}

/** What the product page sends back when the member saves what they opened, with `change` applied. */
function saveOf(p: ProductDetail, change: (s: ProductSaveInput) => void = () => {}): ProductSaveInput {
  const input: ProductSaveInput = {
    productId: p.id,
    version: p.version,
    handle: p.handle,
    productType: p.productType as ProductSaveInput["productType"],
    texts: structuredClone(p.texts),
    variants: p.variants.map((v) => ({
      id: v.id,
      title: v.title,
      titleJa: v.titleJa,
      sku: v.sku,
      available: v.available,
      prices: structuredClone({
        USD: v.prices.USD ?? { amount: "1.00", compareAt: null },
        JPY: v.prices.JPY ?? { amount: "100", compareAt: null },
      }),
    })),
  };
  change(input);
  return input;
}

const shopProduct = (h: string, language = "en-US") =>
  t.api("GET", `/api/products/${h}?language=${language}`);

describe("the list", () => {
  it("finds products by title, handle and SKU, in any case, and filters by type and status", async () => {
    const byTitle = await list({ q: "neckband" });
    expect(byTitle.status).toBe(200);
    expect(byTitle.data.products.map((p) => p.handle)).toEqual([handle("one-neckband")]);
    const sku = (
      await t.db.productVariant.findFirstOrThrow({ where: { product: { handle: handle("one-neckband") } } })
    ).sku;
    const bySku = await list({ q: sku.toLowerCase() });
    expect(bySku.data.products.map((p) => p.handle)).toContain(handle("one-neckband"));
    const byHandle = await list({ q: "usb-c-charging" });
    expect(byHandle.data.products.map((p) => p.handle)).toEqual([handle("usb-c-charging-adapter")]);
    const packs = await list({ type: "packs", limit: 100 });
    expect(packs.data.products.length).toBeGreaterThan(3);
    expect(packs.data.products.every((p) => p.productType === "packs")).toBe(true);
    const drafts = await list({ status: "DRAFT" });
    expect(drafts.data.products).toEqual([]);
    const row = byTitle.data.products[0];
    expect(row?.status).toBe("ACTIVE");
    expect(row?.stock).toBeGreaterThan(0);
    expect(row?.prices.USD?.min).toBeGreaterThan(0);
  });

  it("reads in keyset pages both ways, in each sort, without a row twice or left out", async () => {
    const total = await t.db.product.count();
    for (const sort of ["position", "title", "updated"] as const) {
      const all = (await list({ sort, limit: 100 })).data.products.map((p) => p.id);
      expect(all).toHaveLength(total);
      const seen: number[] = [];
      let page = await list({ sort, limit: 4 });
      const pages = [page.data];
      seen.push(...page.data.products.map((p) => p.id));
      expect(page.data.prevCursor).toBeNull();
      while (page.data.nextCursor) {
        page = await list({ sort, limit: 4, cursor: page.data.nextCursor, direction: "next" });
        pages.push(page.data);
        seen.push(...page.data.products.map((p) => p.id));
      }
      expect(seen, sort).toEqual(all);
      // And back from the last page to the first.
      const back = await list({ sort, limit: 4, cursor: pages.at(-1)?.prevCursor, direction: "prev" });
      expect(back.data.products.map((p) => p.id)).toEqual(pages.at(-2)?.products.map((p) => p.id));
    }
    const titles = (await list({ sort: "title", limit: 100 })).data.products.map((p) => p.title);
    expect(titles).toEqual([...titles].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it("refuses a cursor it did not make, or one of another sort", async () => {
    const bad = await list({ cursor: "nonsense" });
    expect(bad.status).toBe(400);
    expect(bad.error?.message).toBe(M.badCursor);
    const first = await list({ sort: "title", limit: 2 });
    const other = await list({ sort: "position", cursor: first.data.nextCursor });
    expect(other.status).toBe(400);
  });
});

describe("a product's page and its save", () => {
  it("shows the texts in both languages, the variants with prices and stock, and the version", async () => {
    const p = (await get(await productId("one-xr-glasses"))).data;
    expect(p.texts.en.title).toMatch(/One/);
    expect(p.texts.ja.title).toMatch(/\S/);
    expect(p.status).toBe("ACTIVE");
    expect(p.version).toBe(0);
    expect(p.variants[0]?.prices.USD?.amount).toBe("399.00");
    expect(p.variants[0]?.prices.USD?.compareAt).toBe("439.00");
    expect(p.variants[0]?.prices.JPY?.amount).toBe("59800");
    expect(p.variants[0]?.inventory).toBeGreaterThan(0);
    expect((await get(999_999)).status).toBe(404);
  });

  it("saves the Japanese title, a price and a compare-at price; the shop shows them at once; the audit row says before and after", async () => {
    const id = await productId("one-lite-xr-glasses");
    const opened = (await get(id)).data;
    const saved = await act(
      "update",
      saveOf(opened, (s) => {
        s.texts.ja.title = "ワン ライト 新しい名前";
        s.texts.en.seoDescription = "Light XR glasses for every day";
        const v = s.variants[0];
        if (v) {
          v.prices.USD = { amount: "279.50", compareAt: "299.00" };
          v.prices.JPY = { amount: "41800", compareAt: null };
        }
      }),
    );
    expect(saved.status, saved.res.body).toBe(200);
    expect(saved.data.version).toBe(opened.version + 1);
    expect(saved.data.texts.ja.title).toBe("ワン ライト 新しい名前");
    const ja = (await shopProduct(opened.handle, "ja-JP")).json() as { product: { title: string } };
    expect(ja.product.title).toBe("ワン ライト 新しい名前");
    const en = (await shopProduct(opened.handle)).json() as {
      product: {
        title: string;
        seoDescription: string;
        variants: { prices: Record<string, { price: { amount: string } }> }[];
      };
    };
    expect(en.product.title).toBe(opened.texts.en.title);
    // The SEO description, for the page's meta description; the Japanese page falls back to it.
    expect(en.product.seoDescription).toBe("Light XR glasses for every day");
    expect((ja.product as { seoDescription?: string }).seoDescription).toBe("Light XR glasses for every day");
    expect(en.product.variants[0]?.prices.USD?.price.amount).toBe("279.50");
    // The shop's search finds it by its new Japanese words.
    const found = (
      await t.api("GET", `/api/search?q=${encodeURIComponent("新しい名前")}&language=ja-JP`)
    ).json() as {
      products: { handle: string }[];
    };
    expect(
      found.products.map((p) => p.handle),
      JSON.stringify(found),
    ).toContain(opened.handle);
    const audit = await t.db.auditEvent.findFirstOrThrow({
      where: { kind: "product.updated", entityId: String(id) },
      orderBy: { id: "desc" },
    });
    expect(audit.actorLabel).toBe("catalogue-manager@vela.test");
    const before = JSON.parse(audit.before ?? "{}");
    const after = JSON.parse(audit.after ?? "{}");
    expect(after["ja.title"]).toBe("ワン ライト 新しい名前");
    expect(before["ja.title"]).toBe(opened.texts.ja.title);
    expect(after[`variant.${opened.variants[0]?.id}.price.USD`]).toBe("279.50");
    expect(after[`variant.${opened.variants[0]?.id}.compareAt.USD`]).toBe("299.00");
    // Unchanged fields are not in the row.
    expect(after).not.toHaveProperty("handle");
  });

  it("falls back to English in the shop for a Japanese field left empty", async () => {
    const id = await productId("one-neckband");
    const opened = (await get(id)).data;
    const saved = await act(
      "update",
      saveOf(opened, (s) => {
        s.texts.ja.title = "";
      }),
    );
    expect(saved.status).toBe(200);
    const ja = (await shopProduct(opened.handle, "ja-JP")).json() as {
      product: { title: string; description: string };
    };
    expect(ja.product.title).toBe(opened.texts.en.title);
    expect(ja.product.description).toBe(opened.texts.ja.description || opened.texts.en.description);
  });

  it("refuses a second save from a page opened before the first one's, and writes nothing of it", async () => {
    const id = await productId("pro-xr-glasses");
    const opened = (await get(id)).data;
    const openedByOther = (await get(id, staff.manager2)).data;
    const first = await act(
      "update",
      saveOf(opened, (s) => {
        s.texts.en.title = "First member's title";
      }),
    );
    expect(first.status).toBe(200);
    const auditBefore = await t.db.auditEvent.count();
    const second = await act(
      "update",
      saveOf(openedByOther, (s) => {
        s.texts.en.title = "Second member's title";
        if (s.variants[0]) s.variants[0].prices.USD.amount = "1.00";
      }),
      staff.manager2,
    );
    expect(second.status).toBe(409);
    expect(second.error?.message).toBe(M.staleVersion);
    expect(second.error?.message).toMatch(/changed since you opened it/);
    const now = (await get(id)).data;
    expect(now.texts.en.title).toBe("First member's title");
    expect(now.variants[0]?.prices.USD?.amount).toBe(opened.variants[0]?.prices.USD?.amount);
    expect(now.version).toBe(opened.version + 1);
    expect(await t.db.auditEvent.count()).toBe(auditBefore);
  });

  it("of two saves at once from the same version, writes one and refuses the other", async () => {
    const id = await productId("luma-pro-xr-glasses");
    const opened = (await get(id)).data;
    const answers = await Promise.all(
      ["A", "B"].map((name, i) =>
        act(
          "update",
          saveOf(opened, (s) => {
            s.texts.en.title = `Title ${name}`;
          }),
          i === 0 ? staff.manager : staff.manager2,
        ),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const now = (await get(id)).data;
    expect(now.version).toBe(opened.version + 1);
    const winner = answers.find((a) => a.status === 200)?.data.texts.en.title;
    expect(now.texts.en.title).toBe(winner);
  });

  it("refuses bad input with the field it concerns and changes nothing", async () => {
    const id = await productId("luma-ultra-xr-glasses");
    const opened = (await get(id)).data;
    const other = (await get(await productId("one-xr-glasses"))).data;
    const first = (s: ProductSaveInput) => s.variants[0] as ProductSaveInput["variants"][number];
    const cases: [ProductSaveInput, number, string, string][] = [
      [
        saveOf(opened, (s) => {
          s.texts.en.title = "";
        }),
        400,
        "texts.en.title",
        M.titleRequired,
      ],
      [
        saveOf(opened, (s) => {
          s.handle = "Not A Handle";
        }),
        400,
        "handle",
        M.handleText,
      ],
      [
        saveOf(opened, (s) => {
          s.handle = other.handle;
        }),
        409,
        "handle",
        M.handleTaken,
      ],
      [
        saveOf(opened, (s) => {
          first(s).sku = other.variants[0]?.sku ?? "";
        }),
        409,
        "variants.0.sku",
        M.skuTaken,
      ],
      [
        saveOf(opened, (s) => {
          first(s).prices.JPY.amount = "100.50";
        }),
        400,
        "variants.0.prices.JPY.amount",
        M.amountYen,
      ],
      [
        saveOf(opened, (s) => {
          first(s).prices.USD = { amount: "100.00", compareAt: "90.00" };
        }),
        400,
        "variants.0.prices.USD.compareAt",
        M.compareAtLow,
      ],
      [
        saveOf(opened, (s) => {
          s.variants = [];
        }),
        400,
        "variants",
        M.variantsMismatch,
      ],
      [
        saveOf(other, (s) => {
          s.productId = opened.id;
        }),
        400,
        "variants",
        M.variantsMismatch,
      ],
    ];
    for (const [input, status, path, message] of cases) {
      const res = await act("update", input);
      expect(res.status, `${path} ${res.res.body}`).toBe(status);
      expect(JSON.stringify(res.error), path).toContain(message);
      expect(JSON.stringify(res.error), path).toContain(path);
    }
    expect((await get(id)).data).toEqual(opened);
  });

  it("answers the support role's read, and refuses its save (403)", async () => {
    const id = await productId("one-xr-glasses");
    const opened = await get(id, staff.support);
    expect(opened.status).toBe(200);
    const res = await act("update", saveOf(opened.data), staff.support);
    expect(res.status).toBe(403);
  });
});

describe("status", () => {
  it("archiving takes the product out of the shop (404, the list, the sitemap); publishing brings it back", async () => {
    const id = await productId("pro-mobile-dock");
    const opened = (await get(id)).data;
    expect((await shopProduct(opened.handle)).statusCode).toBe(200);
    const archived = await act("setStatus", { productId: id, version: opened.version, status: "ARCHIVED" });
    expect(archived.status).toBe(200);
    expect(archived.data.status).toBe("ARCHIVED");
    expect((await shopProduct(opened.handle)).statusCode).toBe(404);
    const shopList = (await t.api("GET", "/api/products")).json() as { products: { handle: string }[] };
    expect(shopList.products.map((p) => p.handle)).not.toContain(opened.handle);
    const searched = (await t.api("GET", "/api/search?q=mobile%20dock")).json() as {
      products: { handle: string }[];
    };
    expect(searched.products.map((p) => p.handle)).not.toContain(opened.handle);
    const sitemap = (await t.api("GET", "/sitemap.xml")).body;
    expect(sitemap).not.toContain(`/products/${opened.handle}`);
    expect(sitemap).toContain(`/products/${handle("one-xr-glasses")}`);
    const audit = await t.db.auditEvent.findFirstOrThrow({
      where: { kind: "product.status-changed", entityId: String(id) },
      orderBy: { id: "desc" },
    });
    expect(JSON.parse(audit.before ?? "")).toMatchObject({ status: "ACTIVE" });
    expect(JSON.parse(audit.after ?? "")).toMatchObject({ status: "ARCHIVED" });
    // The admin still finds it, by its status.
    expect((await list({ status: "ARCHIVED" })).data.products.map((p) => p.id)).toEqual([id]);
    // From the page opened before the archive: refused.
    const stale = await act("setStatus", { productId: id, version: opened.version, status: "DRAFT" });
    expect(stale.status).toBe(409);
    expect(stale.error?.message).toBe(M.staleVersion);
    const draft = await act("setStatus", { productId: id, version: archived.data.version, status: "DRAFT" });
    expect(draft.status).toBe(200);
    expect((await shopProduct(opened.handle)).statusCode).toBe(404);
    const active = await act("setStatus", { productId: id, version: draft.data.version, status: "ACTIVE" });
    expect(active.status).toBe(200);
    expect((await shopProduct(opened.handle)).statusCode).toBe(200);
    const again = (await t.api("GET", "/api/search?q=mobile%20dock")).json() as {
      products: { handle: string }[];
    };
    expect(again.products.map((p) => p.handle)).toContain(opened.handle);
  });

  it("empties the page cache after every catalogue write, not after a read", () => {
    for (const p of ["products.update", "products.setStatus", "products.adjustStock"])
      expect(writesPublicData("POST", `/admin/trpc/${p}`), p).toBe(true);
    // A new product is a draft: the shop shows nothing of it until it is published.
    expect(writesPublicData("POST", "/admin/trpc/products.create")).toBe(false);
    expect(writesPublicData("GET", "/admin/trpc/products.get")).toBe(false);
    expect(writesPublicData("GET", "/admin/trpc/products.list")).toBe(false);
  });
});

describe("creating a product", () => {
  const input = (handle: string, sku: string) => ({
    handle,
    productType: "accessories",
    texts: {
      en: { title: "Travel Case", description: "A hard case.", seoDescription: "" },
      ja: { title: "トラベルケース", description: "", seoDescription: "" },
    },
    variant: {
      title: "Black",
      titleJa: "ブラック",
      sku,
      available: true,
      prices: { USD: { amount: "29.00", compareAt: null }, JPY: { amount: "4400", compareAt: "5000" } },
    },
  });

  it("makes a draft with its first variant, prices and no stock, out of the shop until published", async () => {
    const made = await act("create", input("vela-travel-case", "VELA-CASE-BLK"));
    expect(made.status, made.res.body).toBe(200);
    expect(made.data).toMatchObject({
      handle: "vela-travel-case",
      status: "DRAFT",
      version: 0,
      texts: { en: { title: "Travel Case" }, ja: { title: "トラベルケース" } },
      variants: [
        {
          title: "Black",
          titleJa: "ブラック",
          sku: "VELA-CASE-BLK",
          inventory: 0,
          prices: { USD: { amount: "29.00", compareAt: null }, JPY: { amount: "4400", compareAt: "5000" } },
        },
      ],
    });
    expect((await shopProduct("vela-travel-case")).statusCode).toBe(404);
    const audit = await t.db.auditEvent.findFirstOrThrow({
      where: { kind: "product.created", entityId: String(made.data.id) },
    });
    expect(JSON.parse(audit.after ?? "")).toMatchObject({ status: "DRAFT", handle: "vela-travel-case" });
    // Last in the shop's order.
    const all = (await list({ limit: 100 })).data.products;
    expect(all.at(-1)?.id).toBe(made.data.id);
    // Without a picture it stays out of the shop (pictures come apart from this page).
    const published = await act("setStatus", { productId: made.data.id, version: 0, status: "ACTIVE" });
    expect(published.status).toBe(409);
    expect(published.error?.message).toBe(M.pictureRequired);
    expect((await get(made.data.id)).data).toMatchObject({ status: "DRAFT", version: 0 });
    await t.db.productImage.create({
      data: {
        productId: made.data.id,
        url: "/images/products/vela-travel-case-1.svg",
        altText: "Travel Case",
      },
    });
    expect((await act("setStatus", { productId: made.data.id, version: 0, status: "ACTIVE" })).status).toBe(
      200,
    );
    const shop = (await shopProduct("vela-travel-case", "ja-JP")).json() as { product: { title: string } };
    expect(shop.product.title).toBe("トラベルケース");
  });

  it("refuses a handle or SKU another product has, and bad prices, on their fields; makes nothing", async () => {
    const before = await t.db.product.count();
    const taken = await act("create", input(handle("one-xr-glasses"), "VELA-NEW-1"));
    expect(taken.status).toBe(409);
    expect(JSON.stringify(taken.error)).toContain('"path":"handle"');
    const sku = (await t.db.productVariant.findFirstOrThrow()).sku;
    const skuTaken = await act("create", input("vela-new-thing", sku));
    expect(skuTaken.status).toBe(409);
    expect(JSON.stringify(skuTaken.error)).toContain('"path":"variant.sku"');
    const bad = input("vela-new-thing", "VELA-NEW-2");
    bad.variant.prices.JPY.amount = "12.5";
    const badPrice = await act("create", bad);
    expect(badPrice.status).toBe(400);
    expect(JSON.stringify(badPrice.error)).toContain('"path":"variant.prices.JPY.amount"');
    expect(await t.db.product.count()).toBe(before);
  });

  it("is refused to support (403)", async () => {
    const res = await act("create", input("vela-support-case", "VELA-SUP-1"), staff.support);
    expect(res.status).toBe(403);
  });
});

describe("stock", () => {
  async function variantOf(rest: string) {
    return t.db.productVariant.findFirstOrThrow({
      where: { product: { handle: handle(rest) } },
      orderBy: { position: "asc" },
    });
  }

  it("sets a counted level and adjusts by units received or damaged, each into the history and the audit trail", async () => {
    const v = await variantOf("lightning-hdmi-adapter");
    const counted = await act<StockAnswer>("adjustStock", {
      variantId: v.id,
      mode: "set",
      quantity: 20,
      reason: "COUNTED",
    });
    expect(counted.status, counted.res.body).toBe(200);
    expect(counted.data).toMatchObject({ level: 20, delta: 20 - v.inventory });
    const received = await act<StockAnswer>("adjustStock", {
      variantId: v.id,
      mode: "adjust",
      quantity: 5,
      reason: "RECEIVED",
      note: "Delivery 42",
    });
    expect(received.data).toMatchObject({ level: 25, delta: 5 });
    const damaged = await act<StockAnswer>("adjustStock", {
      variantId: v.id,
      mode: "adjust",
      quantity: -2,
      reason: "DAMAGED",
    });
    expect(damaged.data).toMatchObject({ level: 23, delta: -2 });
    expect((await t.db.productVariant.findUniqueOrThrow({ where: { id: v.id } })).inventory).toBe(23);
    const history = (await get(v.productId)).data.history.filter((h) => h.variantId === v.id);
    expect(history.map((h) => [h.reason, h.delta, h.level, h.by])).toEqual([
      ["DAMAGED", -2, 23, "catalogue-manager@vela.test"],
      ["RECEIVED", 5, 25, "catalogue-manager@vela.test"],
      ["COUNTED", 20 - v.inventory, 20, "catalogue-manager@vela.test"],
    ]);
    expect(history[1]?.note).toBe("Delivery 42");
    const audit = await t.db.auditEvent.findMany({
      where: { kind: "stock.adjusted", entityId: String(v.id) },
      orderBy: { id: "asc" },
    });
    expect(audit.map((a) => [JSON.parse(a.before ?? "").level, JSON.parse(a.after ?? "").level])).toEqual([
      [v.inventory, 20],
      [20, 25],
      [25, 23],
    ]);
  });

  it("refuses what makes no sense and changes nothing", async () => {
    const v = await variantOf("usb-c-charging-adapter");
    const historyBefore = await t.db.stockMovement.count();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ mode: "adjust", quantity: 0, reason: "COUNTED" }, 400, M.adjustZero],
      [{ mode: "adjust", quantity: -1, reason: "RECEIVED" }, 400, M.receivedAddsUnits],
      [{ mode: "adjust", quantity: 3, reason: "DAMAGED" }, 400, M.damagedRemovesUnits],
      [{ mode: "adjust", quantity: -(v.inventory + 1), reason: "DAMAGED" }, 409, M.belowZero],
      [{ mode: "set", quantity: -1, reason: "COUNTED" }, 400, M.belowZero],
      [{ mode: "adjust", quantity: 1.5, reason: "RECEIVED" }, 400, M.quantityText],
    ];
    for (const [input, status, message] of cases) {
      const res = await act("adjustStock", { variantId: v.id, ...input });
      expect(res.status, JSON.stringify(input)).toBe(status);
      expect(JSON.stringify(res.error), JSON.stringify(input)).toContain(message);
    }
    const missing = await act("adjustStock", {
      variantId: 999_999,
      mode: "adjust",
      quantity: 1,
      reason: "RECEIVED",
    });
    expect(missing.status).toBe(404);
    expect((await t.db.productVariant.findUniqueOrThrow({ where: { id: v.id } })).inventory).toBe(
      v.inventory,
    );
    expect(await t.db.stockMovement.count()).toBe(historyBefore);
  });

  it("loses no unit when members adjust at once", async () => {
    const v = await variantOf("one-neckband");
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        act<StockAnswer>(
          "adjustStock",
          { variantId: v.id, mode: "adjust", quantity: 3, reason: "RECEIVED" },
          i % 2 ? staff.manager : staff.manager2,
        ),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    expect((await t.db.productVariant.findUniqueOrThrow({ where: { id: v.id } })).inventory).toBe(
      v.inventory + 24,
    );
    // Each answer's level is a different step of the climb.
    expect(answers.map((a) => a.data.level).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 8 }, (_, i) => v.inventory + 3 * (i + 1)),
    );
  });
});

describe("the catalogue's texts", () => {
  it("every answer of the catalogue's procedures has its English and Japanese text", () => {
    for (const [key, text] of Object.entries(M)) {
      const id = `admin.server.catalogue.${key}` as keyof typeof adminEnUS;
      expect(adminEnUS[id], id).toBe(text);
      expect(adminJaJP[id], id).toMatch(/\S/);
      expect(adminJaJP[id]).not.toBe(text);
    }
  });
});
