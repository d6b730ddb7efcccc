// Product pictures uploaded from the admin: what is accepted (a JPEG, a PNG and a WebP made here by
// sharp) and refused (a GIF, text named .jpg, too small, too many pixels, too many bytes), with
// nothing kept; the sizes served (WebP and the original's format, metadata gone, immutable names),
// the link preview (1200×630), the shop's product answer in English and Japanese, order, alt texts,
// delete, the audit rows, and the media storage's keys (no way out of its folder).
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { handle, PICTURE_LIMITS, previewImagePath } from "@vela/shared";
import { type AdminPicture, PICTURE_ADMIN_MESSAGES as M } from "@vela/shared/admin";
import sharp, { type Sharp } from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminEnUS } from "../../packages/i18n/src/messages/admin/en-US.ts";
import { adminJaJP } from "../../packages/i18n/src/messages/admin/ja-JP.ts";
import { writesPublicData } from "../src/http/page-renderer.ts";
import { isSafeKey, LocalMediaStorage, UnsafeKeyError } from "../src/media-storage/storage.ts";
import { pageLinkHeader } from "../src/modules/catalog/page-hints.ts";
import { checkPicture } from "../src/modules/media/pictures.ts";
import { createTestApp, type TestApp } from "./helpers.ts";
import { GENEROUS_LIMITS } from "./support-security.ts";
import { admin, createStaff, signInStaff } from "./support-staff.ts";

let t: TestApp;
let mediaDir: string;
const staff = { manager: "", support: "" };

beforeAll(async () => {
  mediaDir = await mkdtemp(path.join(tmpdir(), "vela-media-"));
  t = await createTestApp({ rateLimits: GENEROUS_LIMITS, env: { MEDIA_DIR: mediaDir } });
  staff.manager = await signInStaff(t, await createStaff(t, "pictures-manager@vela.test", "manager"));
  staff.support = await signInStaff(t, await createStaff(t, "pictures-support@vela.test", "support"));
});
afterAll(async () => {
  await t.close();
  await rm(mediaDir, { recursive: true, force: true });
});

/** A photo-like picture: a gradient with a shape, so its sizes are real pictures. */
async function picture(
  format: "jpeg" | "png" | "webp" | "gif",
  width = 800,
  height = 600,
  tune: (s: Sharp) => Sharp = (s) => s,
): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g"><stop offset="0" stop-color="#c33"/><stop offset="1" stop-color="#33c"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="50%" cy="50%" r="25%" fill="#fc3"/></svg>`;
  return tune(sharp(Buffer.from(svg)))
    .toFormat(format)
    .toBuffer();
}

const productId = async (rest: string) =>
  (await t.db.product.findUniqueOrThrow({ where: { handle: handle(rest) }, select: { id: true } })).id;

const upload = (
  id: number,
  bytes: Buffer,
  altText = { en: "The dock, front", ja: "ドック、正面" },
  cookie = staff.manager,
) =>
  admin<AdminPicture[]>(
    t,
    "mutation",
    "products.addPicture",
    { productId: id, data: bytes.toString("base64"), altText },
    { cookie },
  );

const served = (url: string) => t.api("GET", url);

describe("uploading a picture", () => {
  it("takes a JPEG, a PNG and a WebP, keeps their originals and lists them in order with their alt texts", async () => {
    const id = await productId("pro-mobile-dock");
    const auditBefore = await t.db.auditEvent.count({ where: { kind: "product.picture-added" } });
    for (const format of ["jpeg", "png", "webp"] as const) {
      const res = await upload(id, await picture(format), { en: `In ${format}`, ja: `${format}の写真` });
      expect(res.status, res.res.body).toBe(200);
    }
    const list = await admin<AdminPicture[]>(
      t,
      "query",
      "products.pictures",
      { productId: id },
      { cookie: staff.support },
    );
    expect(list.status).toBe(200);
    expect(list.data.map((p) => [p.format, p.width, p.height, p.altText.en, p.altText.ja])).toEqual([
      ["jpeg", 800, 600, "In jpeg", "jpegの写真"],
      ["png", 800, 600, "In png", "pngの写真"],
      ["webp", 800, 600, "In webp", "webpの写真"],
    ]);
    expect(await t.db.auditEvent.count({ where: { kind: "product.picture-added" } })).toBe(auditBefore + 3);
    const originals = await readdir(path.join(mediaDir, "products"));
    expect(originals.sort()).toEqual(
      list.data
        .map(
          (p) =>
            `${/([0-9a-f]{64})-320/.exec(p.thumbnailUrl)?.[1]}.${p.format === "jpeg" ? "jpg" : p.format}`,
        )
        .sort(),
    );
    // The thumbnails the admin lists are served.
    for (const p of list.data) expect((await served(p.thumbnailUrl)).statusCode).toBe(200);
  });

  it("refuses a GIF, a text file, a picture too small, one with too many pixels and too many bytes, keeping nothing", async () => {
    const id = await productId("one-neckband");
    const rowsBefore = await t.db.productImage.count();
    const filesBefore = await readdir(mediaDir, { recursive: true });
    const cases: [Buffer, string][] = [
      [await picture("gif"), M.notAPicture],
      [Buffer.from("just text, although the file was named photo.jpg\n"), M.notAPicture],
      [await picture("jpeg", 199, 600), M.tooSmall],
      [(await picture("jpeg")).subarray(0, 2000), M.notAPicture],
      [
        await sharp({ create: { width: 8000, height: 5001, channels: 3, background: "#fff" } })
          .png()
          .toBuffer(),
        M.tooManyPixels,
      ],
    ];
    for (const [bytes, message] of cases) {
      const res = await upload(id, bytes);
      expect(res.status, message).toBe(400);
      expect(res.error?.message).toBe(message);
    }
    // More bytes than the limit, through its route's own body limit: refused before any decoding.
    const huge = await upload(id, Buffer.alloc(PICTURE_LIMITS.maxBytes + 1024, 7));
    expect([huge.status, huge.error?.message]).toEqual([400, M.tooLarge]);
    await expect(checkPicture(Buffer.alloc(PICTURE_LIMITS.maxBytes + 1))).rejects.toMatchObject({
      message: M.tooLarge,
    });
    expect(await t.db.productImage.count()).toBe(rowsBefore);
    expect(await readdir(mediaDir, { recursive: true })).toEqual(filesBefore);
  });

  it("is for catalogue.manage: support may list the pictures but not add one", async () => {
    const id = await productId("one-neckband");
    const res = await upload(id, await picture("jpeg"), undefined, staff.support);
    expect(res.status).toBe(403);
    expect(await t.db.productImage.count({ where: { productId: id, storageKey: { not: null } } })).toBe(0);
  });

  it("empties the shop's page cache (a public-data writer)", () => {
    for (const p of ["addPicture", "setPictureAlt", "movePicture", "deletePicture"])
      expect(writesPublicData("POST", `/admin/trpc/products.${p}`), p).toBe(true);
  });
});

describe("what the shop is served", () => {
  it("serves sizes in WebP and the original's format, without the original's metadata, under immutable names", async () => {
    const id = await productId("lightning-hdmi-adapter");
    const withExif = await picture("jpeg", 1200, 900, (s) =>
      s.withExif({
        IFD0: { Copyright: "secret-owner", Artist: "secret-artist" },
        IFD3: { GPSLatitudeRef: "N" },
      }),
    );
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    const [p] = (await upload(id, withExif)).data;
    const hash = /([0-9a-f]{64})/.exec(p?.thumbnailUrl ?? "")?.[1];
    expect(hash).toBeDefined();
    for (const [name, type, width] of [
      [`${hash}-320.webp`, "image/webp", 320],
      [`${hash}-640.jpg`, "image/jpeg", 640],
      [`${hash}-1600.jpg`, "image/jpeg", 1200],
    ] as const) {
      const res = await served(`/images/pictures/${name}`);
      expect(res.statusCode, name).toBe(200);
      expect(res.headers["content-type"]).toBe(type);
      expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta.width).toBe(width);
      expect(meta.exif).toBeUndefined();
      expect(res.rawPayload.includes("secret-owner")).toBe(false);
    }
    // Another format than the original's and WebP, a width not served, a name not uploaded: 404.
    for (const name of [
      `${hash}-320.png`,
      `${hash}-500.webp`,
      `${"0".repeat(64)}-320.webp`,
      "..%2F..%2Fpackage.json",
    ])
      expect((await served(`/images/pictures/${name}`)).statusCode, name).toBe(404);
  });

  it("answers the shop's product with the uploaded pictures (alt text in its language) and keeps the drawings for others", async () => {
    const dock = handle("pro-mobile-dock");
    const en = (await t.api("GET", `/api/products/${dock}`)).json().product;
    expect(en.images.map((i: { altText: string }) => i.altText)).toEqual(["In jpeg", "In png", "In webp"]);
    expect(en.images[0].url).toMatch(/^\/images\/pictures\/[0-9a-f]{64}-640\.jpg$/);
    expect(en.images[0].sources.webp).toMatch(/-320\.webp 320w, .*-640\.webp 640w, .*-1024\.webp 800w$/);
    expect(en.variants[0].image.url).toBe(en.images[0].url);
    const ja = (await t.api("GET", `/api/products/${dock}?language=ja-JP`)).json().product;
    expect(ja.images.map((i: { altText: string }) => i.altText)).toEqual([
      "jpegの写真",
      "pngの写真",
      "webpの写真",
    ]);
    // The catalogue's card shows the first.
    const cards = (await t.api("GET", "/api/products")).json().products as {
      handle: string;
      featuredImage: { url: string };
    }[];
    expect(cards.find((c) => c.handle === dock)?.featuredImage.url).toBe(en.images[0].url);
    // The cart's line shows it too.
    const cartId = (await t.api("POST", "/api/cart")).json().cart.id as string;
    const added = await t.api("POST", `/api/cart/${cartId}`, {
      body: { items: [{ merchandiseId: en.variants[0].id, quantity: 1 }] },
    });
    expect(added.json().cart.lines[0].merchandise.image.url).toBe(en.images[0].url);
    // And checkout's summary (what an order keeps of its line).
    const quote = await t.api("POST", "/api/checkout/quote", { body: { cartId } });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(JSON.stringify(quote.json())).toContain(`"url":"${en.images[0].url}"`);
    // A product without uploads keeps its drawings.
    const neckband = (await t.api("GET", `/api/products/${handle("one-neckband")}`)).json().product;
    expect(neckband.images[0].url).toMatch(/^\/images\/products\/.*\.svg$/);
  });

  it("hints the product page's first picture in WebP, with its sizes, for the browser to preload", async () => {
    const link = await pageLinkHeader(t.db, `/products/${handle("pro-mobile-dock")}`);
    expect(link).toMatch(
      /^<\/images\/pictures\/[0-9a-f]{64}-640\.jpg>; rel=preload; as=image; type="image\/webp"; imagesrcset="[^"]+-320\.webp 320w, [^"]+"; imagesizes="[^"]+"; fetchpriority=high$/,
    );
    expect(await pageLinkHeader(t.db, `/products/${handle("one-neckband")}`)).toMatch(
      /\.svg>; rel=preload; as=image; fetchpriority=high$/,
    );
  });

  it("previews the first picture at 1200×630 for og:image and the JSON-LD", async () => {
    const en = (await t.api("GET", `/api/products/${handle("pro-mobile-dock")}`)).json().product;
    const preview = previewImagePath(en.images[0].url);
    expect(preview).toMatch(/^\/images\/pictures\/[0-9a-f]{64}-og\.png$/);
    const res = await served(preview ?? "");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/png");
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([1200, 630, "png"]);
  });
});

describe("changing pictures", () => {
  it("edits alt texts, moves a picture and deletes one, each with its audit row", async () => {
    const id = await productId("pro-mobile-dock");
    const before = (
      await admin<AdminPicture[]>(
        t,
        "query",
        "products.pictures",
        { productId: id },
        { cookie: staff.manager },
      )
    ).data;
    const [first, second, third] = before;
    if (!first || !second || !third) throw new Error("three pictures expected");
    const alt = await admin<AdminPicture[]>(
      t,
      "mutation",
      "products.setPictureAlt",
      { pictureId: second.id, altText: { en: "From the side", ja: "" }, was: second.altText },
      { cookie: staff.manager },
    );
    expect(alt.status).toBe(200);
    // A second save from the texts opened before the first: refused, never written over it.
    const late = await admin(
      t,
      "mutation",
      "products.setPictureAlt",
      { pictureId: second.id, altText: { en: "Seen from the left", ja: "左から" }, was: second.altText },
      { cookie: staff.manager },
    );
    expect([late.status, late.error?.message]).toEqual([409, M.staleAlt]);
    expect(
      await t.db.productImage.findUniqueOrThrow({ where: { id: second.id }, select: { altText: true } }),
    ).toEqual({ altText: "From the side" });
    const ja = (await t.api("GET", `/api/products/${handle("pro-mobile-dock")}?language=ja-JP`)).json()
      .product;
    // An empty Japanese text shows the English one.
    expect(ja.images[1].altText).toBe("From the side");
    const up = await admin<AdminPicture[]>(
      t,
      "mutation",
      "products.movePicture",
      { pictureId: third.id, direction: "up" },
      { cookie: staff.manager },
    );
    expect(up.data.map((p) => p.id)).toEqual([first.id, third.id, second.id]);
    const top = await admin(
      t,
      "mutation",
      "products.movePicture",
      { pictureId: first.id, direction: "up" },
      { cookie: staff.manager },
    );
    expect([top.status, top.error?.message]).toEqual([409, M.cannotMove]);
    const gone = await admin<AdminPicture[]>(
      t,
      "mutation",
      "products.deletePicture",
      { pictureId: first.id },
      { cookie: staff.manager },
    );
    expect(gone.data.map((p) => p.id)).toEqual([third.id, second.id]);
    expect((await served(first.thumbnailUrl)).statusCode).toBe(404);
    const kinds = await t.db.auditEvent.findMany({
      where: {
        kind: { in: ["product.picture-updated", "product.pictures-reordered", "product.picture-deleted"] },
      },
      select: { kind: true, before: true, after: true },
      orderBy: { id: "asc" },
    });
    expect(kinds.map((k) => k.kind)).toEqual([
      "product.picture-updated",
      "product.pictures-reordered",
      "product.picture-deleted",
    ]);
    expect(JSON.parse(kinds[0]?.before ?? "{}").altText).toBe("In png");
    expect(JSON.parse(kinds[0]?.after ?? "{}").altText).toBe("From the side");
  });

  it("keeps the last picture of an active product that has no drawing", async () => {
    const id = await productId("pro-mobile-dock");
    await t.db.productImage.deleteMany({ where: { productId: id, storageKey: null } });
    const left = (
      await admin<AdminPicture[]>(
        t,
        "query",
        "products.pictures",
        { productId: id },
        { cookie: staff.manager },
      )
    ).data;
    const [a, b] = left;
    if (!a || !b) throw new Error("two pictures expected");
    expect(
      (await admin(t, "mutation", "products.deletePicture", { pictureId: a.id }, { cookie: staff.manager }))
        .status,
    ).toBe(200);
    const last = await admin(
      t,
      "mutation",
      "products.deletePicture",
      { pictureId: b.id },
      { cookie: staff.manager },
    );
    expect([last.status, last.error?.message]).toEqual([409, M.lastPictureOfActive]);
    expect(await t.db.productImage.count({ where: { id: b.id } })).toBe(1);
  });

  it("has every answer in English and Japanese", () => {
    for (const [key, text] of Object.entries(M)) {
      const id = `admin.server.pictures.${key}` as keyof typeof adminEnUS;
      expect(adminEnUS[id], id).toBe(text);
      expect(adminJaJP[id], id).toMatch(/\S/);
    }
  });
});

describe("the media storage", () => {
  it("takes safe keys only: nothing outside its folder is read, written or removed", async () => {
    const storage = new LocalMediaStorage(mediaDir);
    for (const key of [
      "../x",
      "a/../../x",
      "/etc/passwd",
      "a\\b",
      "a//b",
      "",
      ".",
      "..",
      "a/./b",
      "A.jpg",
      "a b",
    ]) {
      expect(isSafeKey(key), key).toBe(false);
      await expect(storage.put(key, Buffer.from("x"))).rejects.toBeInstanceOf(UnsafeKeyError);
      await expect(storage.get(key)).rejects.toBeInstanceOf(UnsafeKeyError);
      await expect(storage.delete(key)).rejects.toBeInstanceOf(UnsafeKeyError);
    }
    await storage.put("tests/one.bin", Buffer.from("first"));
    await storage.put("tests/one.bin", Buffer.from("second"));
    expect((await storage.get("tests/one.bin"))?.toString()).toBe("second");
    // No partial file is left behind.
    expect(await readdir(path.join(mediaDir, "tests"))).toEqual(["one.bin"]);
    await storage.delete("tests/one.bin");
    expect(await storage.get("tests/one.bin")).toBeNull();
  });
});
