// The admin's blog in a browser: a content editor with an authenticator app writes a post in
// English and Japanese (each body's preview is the server's stored HTML), makes it a draft,
// schedules it a few seconds ahead; before its time the shop's /blog does not list it and its page
// answers "Post Not Found", then at its time it appears (the server empties its page cache when a
// scheduled time passes), and its Japanese page shows the Japanese text and the uploaded cover
// picture. The admin pages pass axe.
// The post is deleted at the end, for the specs after it.
import { deflateSync } from "node:zlib";
import { adminCall, createStaffMember, freshTotpCode, signInAsStaff, totpCode } from "../support/admin.ts";
import { expectNoSeriousA11yViolations } from "../support/fixtures.ts";
import { expect, request as playwrightRequest, test } from "../support/test.ts";
import { skipSubscribeDialog } from "./storefront-support.ts";

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

/** A 640×360 PNG of a colour gradient, written here (8-bit RGB, no filter). */
function coverPng(width = 640, height = 360): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) rows.set([(x * 255) / width, 120, (y * 255) / height], row + 1 + x * 3);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A content editor whose authenticator app is set up (through the enrolment procedures). */
async function editorWithTotp(baseURL: string) {
  const member = await createStaffMember(baseURL, "content", "blog-editor");
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

/** `datetime-local`'s value, to the second, in the browser's time zone (the spec's own). */
function localInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

test.beforeEach(async ({ context, baseURL }) => {
  await skipSubscribeDialog(context, baseURL);
});

test("a content editor schedules a post, which appears at its time", async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  const editor = await editorWithTotp(baseURL as string);
  await signInAsStaff(page, editor.email, editor.password, {
    code: freshTotpCode(editor.secret, editor.used),
  });
  const slug = `lens-news-${Date.now().toString(36)}`;
  const title = `Lens news ${slug.slice(-5)}`;
  const titleJa = `レンズのお知らせ ${slug.slice(-5)}`;

  await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Blog" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Blog" })).toBeFocused();
  await expect(page.getByRole("table")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("link", { name: "Write a post" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New post" })).toBeVisible();
  await page.getByLabel("Address").fill(slug);
  await page.getByLabel("Upload a cover picture (JPEG, PNG or WebP)").setInputFiles({
    name: "cover.png",
    mimeType: "image/png",
    buffer: coverPng(),
  });
  await expect(page.getByLabel("Cover picture", { exact: true })).toHaveValue(/^upload-[0-9a-f]{64}-png$/);
  await page.getByLabel("Title (English)").fill(title);
  await page.getByLabel("Excerpt (English)").fill("New lenses are here.");
  await page.getByLabel("Cover description (alt text) (English)").fill("A pair of glasses");
  await page.getByLabel("Body (markdown) (English)").fill("Hello **world**\n\n<script>alert(1)</script>");
  await page.getByLabel("Title (Japanese)").fill(titleJa);
  await page.getByLabel("Excerpt (Japanese)").fill("新しいレンズが届きました。");
  await page.getByLabel("Cover description (alt text) (Japanese)").fill("メガネ");
  await page.getByLabel("Body (markdown) (Japanese)").fill("こんにちは **世界**");
  // The previews are the server's stored HTML: the markdown rendered, the script gone.
  const previewEn = page.getByRole("region", { name: "Preview of the English body" });
  await expect(previewEn.locator("strong")).toHaveText("world");
  await expect(previewEn.locator("script")).toHaveCount(0);
  await expect(
    page.getByRole("region", { name: "Preview of the Japanese body" }).locator("strong"),
  ).toHaveText("世界");
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Create draft" }).click();
  await expect(page).toHaveURL(/\/admin\/blog\/\d+$/);
  const postId = Number(new URL(page.url()).pathname.split("/").pop());
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByText("A draft: shoppers do not see it")).toBeVisible();

  try {
    // A few seconds ahead (the browser's clock is the machine's, as the server's is).
    const at = new Date(Date.now() + 8_000);
    await page.getByLabel("Publish at").fill(localInput(at));
    await page.getByRole("button", { name: "Schedule" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Scheduled" })).toBeVisible();
    await expect(page.getByText(/^Scheduled for /)).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // A shopper, before its time: not listed, its page not found.
    const shopper = await browser.newPage();
    try {
      await shopper.goto("/blog");
      await expect(shopper.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(shopper.getByText(title)).toHaveCount(0);
      await shopper.goto(`/blog/${slug}`);
      await expect(shopper.getByRole("heading", { level: 1, name: "Post Not Found" })).toBeVisible();
      expect(Date.now(), "the checks before its time ran before its time").toBeLessThan(at.getTime());

      // At its time it is on /blog (the page cache was emptied then), and opens.
      await expect(async () => {
        await shopper.goto("/blog");
        await expect(shopper.getByRole("link", { name: title }).first()).toBeVisible({ timeout: 1000 });
      }).toPass({ timeout: 30_000, intervals: [1000] });
      await shopper.goto(`/blog/${slug}?lang=ja-JP`);
      await expect(shopper.getByRole("heading", { level: 1, name: titleJa })).toBeVisible();
      await expect(shopper.locator("strong", { hasText: "世界" })).toBeVisible();
      // The uploaded cover, served by the store as WebP, with its Japanese alt text.
      const cover = shopper.getByRole("img", { name: "メガネ" });
      await expect(cover).toBeVisible();
      expect(await cover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      expect(await cover.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(
        /\/images\/blog\/[0-9a-f]{64}-\d+\.webp$/,
      );
      await expect(shopper.getByText("Hello")).toHaveCount(0);
    } finally {
      await shopper.close();
    }
  } finally {
    const res = await page.request.get(
      `/admin/trpc/blog.get?input=${encodeURIComponent(JSON.stringify({ postId }))}`,
    );
    const { version } = ((await res.json()) as { result: { data: { version: number } } }).result.data;
    await adminCall(page.request, "blog.delete", { postId, version });
  }
});
