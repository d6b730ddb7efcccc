import { readFileSync } from "node:fs";
import { expectNoSeriousA11yViolations } from "../support/fixtures.ts";
import { expect, type Page, test } from "../support/test.ts";
import { DESKTOP, fitsViewport, PHONE, quietVisit } from "./content-support.ts";

interface Game {
  name: string;
  featuredRank: number;
  platforms: string[];
  genres: string[];
}

/** The seeded sample catalogue: the expectations are worked out from it. */
const GAMES = (
  JSON.parse(readFileSync(new URL("../../prisma/seed-data/games.json", import.meta.url), "utf8")) as {
    games: Game[];
  }
).games;
const PAGE_SIZE = 12;
const featured = [...GAMES].sort((a, b) => a.featuredRank - b.featuredRank);
const az = [...GAMES].sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()));
const count = (pred: (g: Game) => boolean) => GAMES.filter(pred).length;

test.beforeEach(async ({ context, baseURL }) => {
  await quietVisit(context, baseURL);
});

const resultCount = (page: Page) => page.locator("#games-results-count");
const grid = (page: Page) => page.getByRole("list", { name: "Games" });
const cardNames = (page: Page) => grid(page).getByRole("heading", { level: 2 });
const chip = (page: Page, name: string, n: number) => page.getByRole("checkbox", { name: `${name} (${n})` });

test("desktop: the catalogue, facets with counts, chips, Reset all, sort, pages and the back button", async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await page.goto("/games");
  await expect(page.getByRole("heading", { level: 1, name: "Games for your XR glasses" })).toBeVisible();
  await expect(resultCount(page)).toHaveText(`${GAMES.length} games`);
  await expect(cardNames(page)).toHaveText(featured.slice(0, PAGE_SIZE).map((g) => g.name));
  // Four trending suggestions: the top of the Featured order.
  await expect(page.getByRole("button", { name: /^Search for / })).toHaveText(
    featured.slice(0, 4).map((g) => g.name),
  );
  // From 1280 px every option shows; no Show more.
  await expect(page.getByRole("group", { name: "Genres" }).getByRole("checkbox")).toHaveCount(12);
  await expect(page.getByRole("button", { name: "Show more" })).toHaveCount(0);
  // 14 pages: seven numbers and one ellipsis.
  const pages = page.getByRole("navigation", { name: "Pages" });
  const pageCount = Math.ceil(GAMES.length / PAGE_SIZE);
  await expect(pages.getByRole("link", { name: /^Page / })).toHaveText([
    "1",
    "2",
    "3",
    "4",
    "5",
    "6",
    String(pageCount),
  ]);
  await expect(pages.getByText("…")).toHaveCount(1);
  await expectNoSeriousA11yViolations(page);

  // A chip: the URL, the list and the other group's counts follow; the group's own counts stay.
  const ios = count((g) => g.platforms.includes("iOS"));
  const android = count((g) => g.platforms.includes("Android"));
  await chip(page, "iOS", ios).check();
  await expect(page).toHaveURL("/games?platform=iOS");
  await expect(resultCount(page)).toHaveText(`${ios} games`);
  await expect(chip(page, "Android", android)).toBeVisible();
  const iosAction = count((g) => g.platforms.includes("iOS") && g.genres.includes("Action"));
  await expect(chip(page, "Action", iosAction)).toBeVisible();
  await chip(page, "Action", iosAction).check();
  await expect(page).toHaveURL("/games?platform=iOS&genre=Action");
  await expect(resultCount(page)).toHaveText(iosAction === 1 ? "1 game" : `${iosAction} games`);
  // Toggle off by clicking again, then Reset all.
  await chip(page, "Action", iosAction).uncheck();
  await expect(page).toHaveURL("/games?platform=iOS");
  await page.getByRole("button", { name: "Reset all" }).click();
  await expect(page).toHaveURL("/games");
  await expect(resultCount(page)).toHaveText(`${GAMES.length} games`);

  // The sort popover: Featured 1, A to Z 2, Z to A 3.
  await page.getByRole("button", { name: "Sort by: Featured" }).click();
  await expect(page.getByRole("button", { name: "Featured", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await page.getByRole("button", { name: "A to Z", exact: true }).click();
  await expect(page).toHaveURL("/games?sort=2");
  await expect(cardNames(page)).toHaveText(az.slice(0, PAGE_SIZE).map((g) => g.name));
  await page.getByRole("button", { name: "Sort by: A to Z" }).click();
  await page.getByRole("button", { name: "Z to A", exact: true }).click();
  await expect(page).toHaveURL("/games?sort=3");
  await expect(cardNames(page).first()).toHaveText(az[az.length - 1]?.name ?? "");

  // Pages: the last one holds the rest; the window moves with the page.
  await pages.getByRole("link", { name: `Page ${pageCount}` }).click();
  await expect(page).toHaveURL(`/games?sort=3&page=${pageCount}`);
  await expect(cardNames(page)).toHaveCount(GAMES.length - (pageCount - 1) * PAGE_SIZE);
  await expect(pages.getByRole("link", { name: /^Page / })).toHaveText([
    "1",
    ...Array.from({ length: 6 }, (_, i) => String(pageCount - 5 + i)),
  ]);
  await pages.getByRole("link", { name: "Previous" }).click();
  await expect(page).toHaveURL(`/games?sort=3&page=${pageCount - 1}`);

  // Back and forward walk through the searches.
  await page.goBack();
  await expect(page).toHaveURL(`/games?sort=3&page=${pageCount}`);
  await page.goBack();
  await expect(page).toHaveURL("/games?sort=3");
  await expect(page.getByRole("button", { name: "Sort by: Z to A" })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL("/games?sort=2");
  await expect(cardNames(page).first()).toHaveText(az[0]?.name ?? "");
  await page.goForward();
  await expect(page).toHaveURL("/games?sort=3");
});

test("typing searches 300 ms after the last key; a suggestion searches at once", async ({ page }) => {
  await page.clock.install();
  await page.goto("/games");
  await expect(grid(page)).toBeVisible();
  // From here the page's timers move only when the test says so.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  const box = page.getByRole("searchbox", { name: "Search games" });
  const word = (featured[0]?.name.split(" ")[0] ?? "").toLowerCase();
  await box.pressSequentially(word);
  await page.clock.runFor(299);
  await expect(page).toHaveURL("/games");
  await page.clock.runFor(1);
  await expect(page).toHaveURL(`/games?q=${encodeURIComponent(word)}`);
  // Time flows again so the request (batched on a timer) goes out.
  await page.clock.resume();
  const matching = count((g) => g.name.toLowerCase().includes(word));
  await expect(resultCount(page)).toHaveText(matching === 1 ? "1 game" : `${matching} games`);
  // Clearing the box by typing also waits.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  await box.fill("");
  await page.clock.runFor(100);
  await expect(page).toHaveURL(`/games?q=${encodeURIComponent(word)}`);
  await page.clock.runFor(200);
  await expect(page).toHaveURL("/games");
  await page.clock.resume();

  const suggestion = featured[1]?.name ?? "";
  await page.getByRole("button", { name: `Search for ${suggestion}` }).click();
  await expect(page).toHaveURL(`/games?q=${encodeURIComponent(suggestion).replace(/%20/g, "+")}`);
  await expect(box).toHaveValue(suggestion);
  await expect(cardNames(page).first()).toHaveText(suggestion);
  await page.goBack();
  await expect(box).toHaveValue("");
});

test("a shared link opens the same view", async ({ page }) => {
  await page.goto("/games?platform=Xbox&genre=RPG&sort=2&page=1");
  const expected = az.filter((g) => g.platforms.includes("Xbox") && g.genres.includes("RPG"));
  await expect(cardNames(page)).toHaveText(expected.slice(0, PAGE_SIZE).map((g) => g.name));
  await expect(page.getByRole("checkbox", { name: /^Xbox/ })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: /^RPG/ })).toBeChecked();
  await expect(page.getByRole("button", { name: "Sort by: A to Z" })).toBeVisible();
});

test("between 768 and 1279 px the groups show five options until Show more", async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 800 });
  await page.goto("/games");
  const genres = page.getByRole("group", { name: "Genres" });
  await expect(genres.getByRole("checkbox")).toHaveCount(5);
  await genres.getByRole("button", { name: "Show more" }).click();
  await expect(genres.getByRole("checkbox")).toHaveCount(12);
  await genres.getByRole("button", { name: "Show less" }).click();
  await expect(genres.getByRole("checkbox")).toHaveCount(5);
  await expect(page.getByRole("button", { name: "Filters" })).toHaveCount(0);
});

test("under 768 px the filters open in a dialog; 375 px layout; Japanese; axe", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto("/games");
  await expect(grid(page)).toBeVisible();
  await expect(page.getByRole("group", { name: "Platform" })).toHaveCount(0);
  expect(await fitsViewport(page)).toBe(true);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("button", { name: "Filters" }).click();
  const dialog = page.getByRole("dialog", { name: "Filters" });
  await expect(dialog).toBeVisible();
  const platforms = dialog.getByRole("group", { name: "Platform" });
  await expect(platforms.getByRole("checkbox")).toHaveCount(5);
  await platforms.getByRole("button", { name: "Show more" }).click();
  await expect(platforms.getByRole("checkbox")).toHaveCount(8);
  await expectNoSeriousA11yViolations(page);
  const xbox = count((g) => g.platforms.includes("Xbox"));
  await chip(page, "Xbox", xbox).check();
  await expect(page).toHaveURL("/games?platform=Xbox");
  await dialog.getByRole("button", { name: `Show ${xbox} games` }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: "Filters (1)" })).toBeFocused();

  await page.goto("/games?lang=ja-JP");
  await expect(page.getByRole("heading", { level: 1, name: "XRグラスで遊べるゲーム" })).toBeVisible();
  await expect(page.getByRole("button", { name: "並べ替え：おすすめ順" })).toBeVisible();
  await expect(resultCount(page)).toHaveText(`${GAMES.length}件のゲーム`);
  expect(await fitsViewport(page)).toBe(true);
  await expectNoSeriousA11yViolations(page);
});

test("on a 390 px phone the filter dialog closes with its × button, a tap outside and Escape; chips stay put; Reset all and Show N games share a row", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/games");
  await expect(grid(page)).toBeVisible();
  const opener = page.getByRole("button", { name: "Filters" });
  const dialog = page.getByRole("dialog", { name: "Filters" });

  await opener.click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();

  await opener.click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  await opener.click();
  const box = await dialog.boundingBox();
  expect(box).not.toBeNull();
  // A tap on the backdrop above the dialog.
  await page.mouse.click(195, Math.max(2, (box?.y ?? 10) / 2));
  await expect(dialog).toBeHidden();

  await opener.click();
  const platforms = dialog.getByRole("group", { name: "Platform" });
  await platforms.getByRole("button", { name: "Show more" }).click();
  const chips = platforms.locator(".games-chip");
  const before = await chips.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON()));
  const xbox = count((g) => g.platforms.includes("Xbox"));
  await chip(page, "Xbox", xbox).check();
  await expect(page).toHaveURL("/games?platform=Xbox");
  await expect(dialog.getByRole("button", { name: `Show ${xbox} games` })).toBeVisible();
  const after = await chips.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON()));
  expect(after.map((r) => [r.x, r.y, r.width])).toEqual(before.map((r) => [r.x, r.y, r.width]));

  const reset = await dialog.getByRole("button", { name: "Reset all" }).boundingBox();
  const show = await dialog.getByRole("button", { name: `Show ${xbox} games` }).boundingBox();
  expect(Math.round(reset?.y ?? -1)).toBe(Math.round(show?.y ?? -2));
  await dialog.getByRole("button", { name: "Reset all" }).click();
  await expect(page).toHaveURL("/games");
});

test("the desktop search box shows one clear button, the store's own", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto("/games");
  const box = page.getByRole("searchbox");
  await box.fill("sky");
  await expect(page.getByRole("button", { name: "Clear the search" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Clear the search" })).toHaveCount(1);
  // The browser adds its own × to a type="search" field; this one is a text field in the role of one.
  expect(await box.getAttribute("type")).toBe("text");
});
