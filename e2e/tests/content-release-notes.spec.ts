import { expectNoSeriousA11yViolations } from "../support/fixtures.ts";
import { expect, test } from "../support/test.ts";
import { DESKTOP, fitsViewport, h, PHONE, quietVisit } from "./content-support.ts";

test.beforeEach(async ({ context, baseURL }) => {
  await quietVisit(context, baseURL);
});

const main = (page: import("@playwright/test").Page) => page.getByRole("main");

test("system notes: product and language selects rewrite the URL and reload; back returns", async ({
  page,
}) => {
  await page.goto("/release-updates/xr-glasses?language=en-US");
  await expect(page.getByRole("heading", { level: 1, name: "XR Glasses System Updates" })).toBeVisible();
  const product = main(page).getByLabel("Product");
  await expect(product.locator("option")).toHaveText([
    "Vela One XR Glasses",
    "Vela One Lite XR Glasses",
    "Vela Pro XR Glasses",
    "Vela Luma Pro XR Glasses",
    "Vela Luma Ultra XR Glasses",
    "Vela Pro Mobile Dock",
  ]);
  await expect(main(page).getByLabel("Language").locator("option")).toHaveText([
    "English",
    "简体中文",
    "日本語",
  ]);
  const list = page.getByRole("list", { name: "Versions of Vela One XR Glasses" });
  await expect(list.getByRole("article")).toHaveCount(6);
  const newest = list.getByRole("article").first();
  await expect(newest.getByRole("heading", { level: 2 })).toHaveText("Version 1.3.0");
  await expect(newest.locator("time")).toHaveText("June 9, 2026");
  // The markdown arrives as headings, a list, a table with code and a link that opens a new window.
  await expect(newest.getByRole("heading", { level: 3, name: "What's new" })).toBeVisible();
  await expect(newest.locator("ul").first().locator("li")).toHaveCount(2);
  // The same lines as the update tool shows for this firmware (prisma/seed-data/firmware.json).
  await expect(newest.locator("ul").first().locator("li")).toHaveText([
    "New Film and Cold colour modes.",
    "Faster connection after a restart.",
  ]);
  await expect(newest.locator("table code")).toHaveText("1.3.0.260609");
  const academy = newest.getByRole("link", { name: "Vela Academy" });
  await expect(academy).toHaveAttribute("target", "_blank");
  await expect(academy).toHaveAttribute("rel", "noopener noreferrer");

  const reloads: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/trpc/releaseNotes.system")) reloads.push(r.url());
  });
  await product.selectOption({ label: "Vela Luma Pro XR Glasses" });
  await expect(page).toHaveURL(
    `/release-updates/xr-glasses?language=en-US&product=${h("luma-pro-xr-glasses")}`,
  );
  const luma = page.getByRole("list", { name: "Versions of Vela Luma Pro XR Glasses" });
  await expect(luma.getByRole("article").first().locator("time")).toHaveText("July 14, 2026");

  await main(page).getByLabel("Language").selectOption("ja-JP");
  await expect(page).toHaveURL(
    `/release-updates/xr-glasses?language=ja-JP&product=${h("luma-pro-xr-glasses")}`,
  );
  await expect(page.getByRole("heading", { level: 1, name: "XRグラス システムアップデート" })).toBeVisible();
  const first = page
    .getByRole("list", { name: "Vela Luma Pro XRグラスのバージョン" })
    .getByRole("article")
    .first();
  await expect(first.locator("time")).toHaveText("2026年7月14日");
  await expect(first.getByRole("heading", { level: 3, name: "新機能" })).toBeVisible();

  await main(page).getByLabel("言語").selectOption("zh-CN");
  await expect(page.getByRole("heading", { level: 1, name: "XR 眼镜系统更新" })).toBeVisible();
  await expect(page.getByRole("article").first().locator("time")).toHaveText("2026年7月14日");
  expect(reloads.length).toBeGreaterThanOrEqual(2);

  await page.goBack();
  await expect(page).toHaveURL(/language=ja-JP/);
  await expect(page.getByRole("heading", { level: 1, name: "XRグラス システムアップデート" })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/language=en-US&product=vela-luma-pro/);
  await page.goBack();
  await expect(page.getByRole("list", { name: "Versions of Vela One XR Glasses" })).toBeVisible();
});

test("the dock's notes come from mobile-dock", async ({ page }) => {
  await page.goto(`/release-updates/xr-glasses?product=${h("pro-mobile-dock")}&language=en-US`);
  const list = page.getByRole("list", { name: "Versions of Vela Pro Mobile Dock" });
  await expect(list.getByRole("article")).toHaveCount(6);
  await expect(list.getByRole("article").first().getByRole("heading", { level: 2 })).toHaveText(
    "Version 2.3.0",
  );
});

test("app notes: platform select, Download only for valid links, labels per language", async ({ page }) => {
  await page.goto("/release-updates/spacewalker?language=en-US&platform=Windows");
  await expect(page.getByRole("heading", { level: 1, name: "Spacewalker" })).toBeVisible();
  const list = page.getByRole("list", { name: "Versions of Spacewalker" });
  await expect(list.getByRole("article")).toHaveCount(7);
  // The oldest release has no usable link: six Download links for seven versions.
  await expect(list.getByRole("link", { name: /^Download Spacewalker/ })).toHaveCount(6);
  const download = list.getByRole("link", { name: "Download Spacewalker 3.6.1" });
  await expect(download).toHaveText("Download");
  await expect(download).toHaveAttribute(
    "href",
    "https://download.vela.test/spacewalker/windows/spacewalker-3.6.1.exe",
  );
  await expect(
    list
      .getByRole("article")
      .last()
      .getByRole("link", { name: /Download/ }),
  ).toHaveCount(0);
  await expect(list.getByRole("article").first().locator("time")).toHaveText("February 2, 2026");

  await main(page).getByLabel("Platform").selectOption("Android");
  await expect(page).toHaveURL("/release-updates/spacewalker?language=en-US&platform=Android");
  await expect(list.getByRole("article").first().locator("time")).toHaveText("February 2, 2026");
  await expect(list.getByRole("article").first().getByRole("heading", { level: 2 })).toHaveText(
    "Version 3.6.0",
  );

  await main(page).getByLabel("Language").selectOption("zh-CN");
  await expect(page).toHaveURL("/release-updates/spacewalker?language=zh-CN&platform=Android");
  await expect(page.getByRole("link", { name: "下载 Spacewalker 3.6.0" })).toHaveText("下载");
  await main(page).getByLabel("语言").selectOption("ja-JP");
  await expect(page.getByRole("link", { name: "Spacewalker 3.6.0 をダウンロード" })).toHaveText(
    "ダウンロード",
  );
  await expect(page.getByRole("article").first().locator("time")).toHaveText("2026年2月2日");
});

test("Simplified Chinese switches the pro neckband software to its CN variant", async ({ page }) => {
  await page.goto(`/release-updates/${h("pro-neckband-software")}?language=en-US&platform=Android`);
  await expect(page.getByRole("heading", { level: 1, name: "Pro Neckband Software" })).toBeVisible();
  await main(page).getByLabel("Language").selectOption("zh-CN");
  await expect(page).toHaveURL(
    `/release-updates/${h("pro-neckband-software-cn")}?language=zh-CN&platform=Android`,
  );
  await expect(page.getByRole("heading", { level: 1, name: "Pro 颈环软件 CN" })).toBeVisible();
  await expect(page.getByRole("article").first().getByRole("heading", { level: 2 })).toHaveText("版本 4.6.0");
  await main(page).getByLabel("语言").selectOption("en-US");
  await expect(page).toHaveURL(
    `/release-updates/${h("pro-neckband-software")}?language=en-US&platform=Android`,
  );
});

test("a failed fetch shows the empty state, never a crash", async ({ page }) => {
  // The first screen comes with its notes from the server; the next platform's the browser fetches.
  await page.goto("/release-updates/spacewalker?language=en-US&platform=Android");
  await expect(page.getByRole("article").first()).toBeVisible();
  await page.route("**/trpc/releaseNotes.*", (route) => route.abort());
  await main(page).getByLabel("Platform").selectOption("iOS");
  await expect(page.getByText("There are no release notes to show here yet.")).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByRole("heading", { level: 1, name: "Spacewalker" })).toBeVisible();
});

for (const size of [DESKTOP, PHONE]) {
  test(`release notes at ${size.width}px: no sideways scroll, axe`, async ({ page }) => {
    await page.setViewportSize(size);
    await page.goto("/release-updates/xr-glasses?language=ja-JP");
    await expect(page.getByRole("article").first()).toBeVisible();
    expect(await fitsViewport(page)).toBe(true);
    await expectNoSeriousA11yViolations(page);
    await page.goto("/release-updates/spacewalker?language=en-US&platform=macOS");
    await expect(page.getByRole("article").first()).toBeVisible();
    expect(await fitsViewport(page)).toBe(true);
    await expectNoSeriousA11yViolations(page);
  });
}
