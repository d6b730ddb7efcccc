// Product pictures in a browser: a manager with an authenticator app uploads a picture with its
// English and Japanese alt texts on a product's admin page (a text file named .jpg is refused with
// the reason under the file field first); the shop's product page then shows the uploaded picture
// in English and in Japanese with the alt text of its language, and its link preview is the
// picture's 1200×630 PNG. The admin page passes axe. The spec deletes its picture at its end.
import { deflateSync } from "node:zlib";
import type { APIRequestContext } from "@playwright/test";
import {
  adminCall,
  createStaffMember,
  freshTotpCode,
  type StaffMember,
  signInAsStaff,
  totpCode,
} from "../support/admin.ts";
import { expectNoSeriousA11yViolations } from "../support/fixtures.ts";
import { expect, type Page, request as playwrightRequest, test } from "../support/test.ts";
import { h, skipSubscribeDialog } from "./storefront-support.ts";

const PRODUCT = h("lightning-hdmi-adapter");
const ALT_EN = "The adapter on a wooden desk";
const ALT_JA = "木の机の上のアダプター";

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A 320×240 PNG of a colour gradient, written here (8-bit RGB, no filter). */
function gradientPng(width = 320, height = 240): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) rows.set([(x * 255) / width, (y * 255) / height, 160], row + 1 + x * 3);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

async function adminQuery<T>(api: APIRequestContext, procedure: string, input: unknown): Promise<T> {
  const res = await api.get(`/admin/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`);
  expect(res.status(), `${procedure}: ${await res.text()}`).toBe(200);
  return ((await res.json()) as { result: { data: T } }).result.data;
}

async function managerWithTotp(baseURL: string): Promise<StaffMember & { secret: string; used: string }> {
  const member = await createStaffMember(baseURL, "manager", "pictures-manager");
  const api = await playwrightRequest.newContext({ baseURL });
  try {
    await adminCall(api, "auth.signIn", { email: member.email, password: member.password });
    const { secret } = await adminCall<{ secret: string }>(api, "auth.startTotpEnrolment");
    const used = totpCode(secret);
    await adminCall(api, "auth.confirmTotpEnrolment", { code: used });
    return { ...member, secret, used };
  } finally {
    await api.dispose();
  }
}

const outcome = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });

test.beforeEach(async ({ context, baseURL }) => {
  await skipSubscribeDialog(context, baseURL);
});

test("a manager uploads a picture with its alt texts and the shop shows it in English and Japanese", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const manager = await managerWithTotp(baseURL as string);
  await signInAsStaff(page, manager.email, manager.password, {
    code: freshTotpCode(manager.secret, manager.used),
  });
  const api = page.request;
  const list = await adminQuery<{ products: { id: number; handle: string }[] }>(api, "products.list", {
    limit: 100,
  });
  const productId = list.products.find((p) => p.handle === PRODUCT)?.id as number;
  try {
    await page.goto(`/admin/products/${productId}`);
    const panel = page.getByRole("region", { name: "Pictures" });
    await expect(panel.getByText("No pictures uploaded yet.")).toBeVisible();
    const fileField = panel.getByLabel("Picture file");

    // Text named .jpg: refused, with the reason under the field, and nothing added.
    await fileField.setInputFiles({
      name: "photo.jpg",
      mimeType: "image/jpeg",
      buffer: Buffer.from("not a photo\n"),
    });
    await panel.getByLabel("Alt text (English)").fill(ALT_EN);
    await panel.getByRole("button", { name: "Upload picture" }).click();
    await expect(panel.getByText("This file is not a JPEG, PNG or WebP picture").first()).toBeVisible();
    await expect(fileField).toHaveAttribute("aria-invalid", "true");
    await expect(panel.getByText("No pictures uploaded yet.")).toBeVisible();

    // A PNG with its alt texts.
    await fileField.setInputFiles({ name: "adapter.png", mimeType: "image/png", buffer: gradientPng() });
    await panel.getByLabel("Alt text (English)").fill(ALT_EN);
    await panel.getByLabel("Alt text (Japanese)").fill(ALT_JA);
    await panel.getByRole("button", { name: "Upload picture" }).click();
    await expect(outcome(page, "The picture was added.")).toBeVisible();
    await expect(panel.getByRole("img", { name: ALT_EN })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // The shop's page, in English and in Japanese.
    const shop = await page.context().newPage();
    await shop.goto(`/products/${PRODUCT}`);
    const main = shop.locator(".gallery-main");
    await expect(main).toHaveAttribute("alt", ALT_EN);
    await expect(main).toHaveAttribute("src", /^\/images\/pictures\/[0-9a-f]{64}-640\.png$/);
    await expect(shop.locator("picture source[type='image/webp']")).toHaveAttribute(
      "srcset",
      /-320\.webp 320w/,
    );
    // The browser loads it (the WebP the <picture> picks).
    await expect
      .poll(() => main.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    const og = await shop.locator('meta[property="og:image"]').getAttribute("content");
    expect(og).toMatch(/\/images\/pictures\/[0-9a-f]{64}-og\.png$/);
    const preview = await shop.request.get(og as string);
    expect(preview.headers()["content-type"]).toBe("image/png");
    const png = await preview.body();
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
    await shop.goto(`/products/${PRODUCT}?lang=ja-JP`);
    await expect(shop.locator(".gallery-main")).toHaveAttribute("alt", ALT_JA);
    await shop.close();
  } finally {
    const pictures = await adminQuery<{ id: number }[]>(api, "products.pictures", { productId });
    for (const p of pictures) await adminCall(api, "products.deletePicture", { pictureId: p.id });
  }
});
