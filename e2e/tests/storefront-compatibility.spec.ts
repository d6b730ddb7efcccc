import { expectNoSeriousA11yViolations } from "../support/fixtures.ts";
import { expect, type Page, test } from "../support/test.ts";
import {
  DESKTOP,
  fitsViewport,
  h,
  PHONE,
  pauseClock,
  skipSubscribeDialog,
  stepUntil,
} from "./storefront-support.ts";

test.beforeEach(async ({ context, baseURL }) => {
  await skipSubscribeDialog(context, baseURL);
});

const GLASSES = h("luma-pro-xr-glasses");
const ADAPTER = h("usb-c-charging-adapter");

test("?product= scrolls to its section after 2 s (controlled clock); ?device= picks the first tab", async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await pauseClock(page);
  await page.goto(`/compatibility?product=${ADAPTER}&device=phone`);
  const section = page.locator(`section#${ADAPTER}`);
  // The scroll timer starts once every section has its content.
  await stepUntil(page, async () => (await page.locator(".compat-head h2").count()) === 9);
  await expect(section.getByRole("heading", { level: 2 })).toHaveText("Vela USB-C Charging Adapter");
  await expect(page.locator(`section#${GLASSES}`).getByRole("tab", { selected: true })).toHaveText("Phone");
  await page.clock.runFor(1_850);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await page.clock.runFor(250);
  await expect(section.getByRole("heading", { level: 2 })).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
});

for (const [device, tab] of [
  ["handheld", "Handheld"],
  ["laptop", "Laptop"],
] as const) {
  test(`?device=${device} selects the ${tab} tab`, async ({ page }) => {
    await page.goto(`/compatibility?device=${device}`);
    await expect(page.locator(`section#${GLASSES}`).getByRole("tab", { selected: true })).toHaveText(tab);
  });
}

test("the first section is 260px high until Show more; the tabs answer arrow keys", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto("/compatibility");
  const first = page.locator(`section#${GLASSES}`);
  const body = first.locator(".compat-body");
  await expect(first.getByRole("tab", { name: "Handheld" })).toBeAttached();
  expect((await body.boundingBox())?.height).toBe(260);
  await expectNoSeriousA11yViolations(page);
  await first.getByRole("button", { name: "Show more" }).click();
  expect((await body.boundingBox())?.height ?? 0).toBeGreaterThan(260);
  await first.getByRole("tab", { name: "Handheld" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(first.getByRole("tab", { selected: true })).toHaveText("Phone");
  await expect(first.getByRole("tabpanel")).toContainText("iPhone 15 and later (USB-C)");
  await first.getByRole("button", { name: "Show less" }).click();
  expect((await body.boundingBox())?.height).toBe(260);
});

test("?language=ja-JP shows the Japanese records at 375px", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto("/compatibility?language=ja-JP&device=phone");
  await expect(page.getByRole("heading", { level: 1, name: "対応機種" })).toBeVisible();
  await expect(page.locator(`section#${GLASSES}`).getByRole("tab", { selected: true })).toHaveText(
    "スマートフォン",
  );
  await expect(page.getByRole("heading", { level: 2, name: "Vela Luma Pro XRグラス" })).toBeVisible();
  expect(await fitsViewport(page)).toBe(true);
  await expectNoSeriousA11yViolations(page);
});

test("?language=zh-CN shows descriptions and table labels in Chinese, with en-US merged beneath", async ({
  page,
}) => {
  await page.goto("/compatibility?language=zh-CN");
  await expect(page.getByRole("heading", { level: 1, name: "兼容性" })).toBeVisible();
  const first = page.locator(`section#${GLASSES}`);
  await expect(first.getByRole("heading", { level: 2 })).toHaveText("Vela Luma Pro XR 眼镜");
  await expect(first.getByRole("tab", { selected: true })).toHaveText("掌机");
  await expect(first.locator(".compat-subtitle")).toHaveText("掌上游戏电脑和游戏机");
  await expect(first.locator(".compat-description")).toContainText("可连接任何支持");
  await expect(page.locator(`section#${ADAPTER} h2`)).toHaveText("Vela USB-C 充电转接器");
  await expect(page.locator(`section#${ADAPTER} dt`)).toHaveText(["手机", "充电", "兼容眼镜"]);
  // Device names stay as their makers write them.
  await expect(first.getByRole("heading", { level: 3, name: "Steam Deck" })).toBeVisible();
  await expect(page.locator(".compat-page")).toHaveAttribute("lang", "zh-CN");
  await expectNoSeriousA11yViolations(page);
});

test("GET /api/compatibility answers and refuses bad parameters", async ({ request }) => {
  const ok = await request.get(`/api/compatibility?language=ja-JP&handle=${GLASSES}`);
  expect(ok.status()).toBe(200);
  expect((await ok.json()).record.type).toBe("glasses");
  expect((await request.get(`/api/compatibility?language=xx&handle=${GLASSES}`)).status()).toBe(400);
});

/** Console errors and warnings (a hydration mismatch is React error #418), and uncaught errors. */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error" || msg.type() === "warning") problems.push(`${msg.type()}: ${msg.text()}`);
  });
  page.on("pageerror", (err) => problems.push(`pageerror: ${err.message}`));
  return problems;
}

for (const [language, heading] of [
  ["ja-JP", "対応機種"],
  ["zh-CN", "兼容性"],
] as const) {
  test(`?language=${language} hydrates without a console error (an English reader)`, async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto(`/compatibility?language=${language}`);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(problems).toEqual([]);
  });
}

test("each glasses model's and pack's Check compatibility link opens its own record", async ({ page }) => {
  for (const [productHandle, recordHandle, title] of [
    [h("one-xr-glasses"), h("one-xr-glasses"), "Vela One XR Glasses"],
    [h("one-lite-xr-glasses"), h("one-lite-xr-glasses"), "Vela One Lite XR Glasses"],
    [h("pro-xr-glasses"), h("pro-xr-glasses"), "Vela Pro XR Glasses"],
    [h("luma-ultra-xr-glasses"), h("luma-ultra-xr-glasses"), "Vela Luma Ultra XR Glasses"],
    [h("pro-dock-pack"), h("pro-xr-glasses"), "Vela Pro XR Glasses"],
  ] as const) {
    await page.goto(`/products/${productHandle}`);
    const link = page.getByRole("link", { name: "Check compatibility" });
    await expect(link).toHaveAttribute("href", `/compatibility?product=${recordHandle}`);
    await link.click();
    await expect(page.locator(`section#${recordHandle} h2`)).toHaveText(title);
  }
});

test("a product without a record is said so, not shown another product's list", async ({ page }) => {
  await page.goto(`/compatibility?product=${h("no-such-glasses")}`);
  const notice = page.locator(".compat-no-record");
  await expect(notice).toHaveText("There is no compatibility information for this product");
  await expect(notice).toHaveAttribute("role", "status");
  await page.goto(`/compatibility?product=${GLASSES}`);
  await expect(page.locator(".compat-no-record")).toHaveCount(0);
});
