import { handle, REVIEWS_PAGE_SIZE, STOREFRONT_MESSAGES } from "@vela/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadReviewSeeds, seedReviews } from "../src/modules/reviews/seed.ts";
import { reviewAuthorName } from "../src/modules/reviews/service.ts";
import { createOrder } from "../src/seed/factories.ts";
import { callerFor, createTestApp, json, type TestApp } from "./helpers.ts";
import { demoId, newCustomer, productByHandle, secondId, sessionCookie } from "./support-data.ts";

interface Page {
  product: { id: string; handle: string; title: string } | null;
  summary: { average: number | null; count: number; distribution: number[] };
  reviews: {
    id: string;
    rating: number;
    title: string;
    authorName: string;
    verified: boolean;
    createdAt: string;
    product: { handle: string };
  }[];
  pageInfo: { page: number; pageSize: number; pageCount: number; total: number };
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const seeds = loadReviewSeeds();
const LUMA = handle("luma-pro-xr-glasses");
const seededFor = (h: string) => seeds.filter((s) => handle(s.handle) === h);
const get = async (query = "") => {
  const res = await t.api("GET", `/api/reviews${query}`);
  return { res, page: json<Page>(res) };
};

describe("GET /api/reviews", () => {
  it("lists every product's reviews, newest first, five to a page, with average and count", async () => {
    const { res, page } = await get();
    expect(res.statusCode).toBe(200);
    expect(REVIEWS_PAGE_SIZE).toBe(5);
    const total = seeds.length;
    const average = Math.round((seeds.reduce((s, r) => s + r.rating, 0) / total) * 10) / 10;
    expect(page.product).toBeNull();
    expect(page.summary.count).toBe(total);
    expect(page.summary.average).toBe(average);
    expect(page.summary.distribution.reduce((a, b) => a + b, 0)).toBe(total);
    expect(page.pageInfo).toEqual({ page: 1, pageSize: 5, pageCount: Math.ceil(total / 5), total });
    expect(page.reviews).toHaveLength(5);
    const dates = page.reviews.map((r) => r.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(page.reviews[0]).toMatchObject({ id: expect.stringMatching(/^gid:\/\/vela\/Review\/\d+$/) });
  });

  it("filters by handle, with the product and its own average", async () => {
    const { page } = await get(`?handle=${LUMA}`);
    const mine = seededFor(LUMA);
    expect(page.product).toMatchObject({ handle: LUMA, title: "Vela Luma Pro XR Glasses" });
    expect(page.summary.count).toBe(mine.length);
    expect(page.summary.distribution[4]).toBe(mine.filter((r) => r.rating === 5).length);
    expect(page.reviews.every((r) => r.product.handle === LUMA)).toBe(true);
    expect(page.pageInfo.pageCount).toBe(Math.ceil(mine.length / 5));
  });

  it("pages through, and shows the last page for a page past the end", async () => {
    const n = seededFor(LUMA).length;
    const last = Math.ceil(n / 5);
    const { page } = await get(`?handle=${LUMA}&page=${last}`);
    expect(page.reviews).toHaveLength(n - (last - 1) * 5);
    const beyond = await get(`?handle=${LUMA}&page=999`);
    expect(beyond.page.pageInfo.page).toBe(last);
    const seen = new Set<string>();
    for (let p = 1; p <= last; p++)
      for (const r of (await get(`?handle=${LUMA}&page=${p}`)).page.reviews) seen.add(r.id);
    expect(seen.size).toBe(n);
  });

  it("answers a product without reviews with an empty page", async () => {
    const { page } = await get(`?handle=${handle("one-xr-glasses-classic")}`);
    expect(page.summary).toEqual({ average: null, count: 0, distribution: [0, 0, 0, 0, 0] });
    expect(page.pageInfo).toEqual({ page: 1, pageSize: 5, pageCount: 1, total: 0 });
  });

  it("refuses bad parameters: 404 unknown handle, 400 for the rest", async () => {
    const unknown = await t.api("GET", `/api/reviews?handle=${handle("nothing-here")}`);
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown)).toEqual({
      message: STOREFRONT_MESSAGES.productNotFound,
      error: STOREFRONT_MESSAGES.productNotFound,
    });
    for (const q of ["?page=0", "?page=abc", "?pageSize=51", "?handle=Bad%20Handle", "?sort=rating"]) {
      expect((await t.api("GET", `/api/reviews${q}`)).statusCode, q).toBe(400);
    }
  });
});

describe("POST /api/reviews (verified reviews)", () => {
  const body = { handle: LUMA, rating: 5, title: "Love them", body: "Bright and comfortable for hours." };

  it("needs a signed-in customer", async () => {
    const res = await t.api("POST", "/api/reviews", { body });
    expect(res.statusCode).toBe(401);
  });

  it("lets a customer who ordered the product review it once, as verified", async () => {
    const cookie = await sessionCookie(t, await demoId(t));
    const caller = callerFor(t, cookie);
    expect(await caller.reviews.eligibility({ handle: LUMA })).toEqual({ canReview: true, reason: null });
    const res = await t.api("POST", "/api/reviews", { body, cookie });
    expect(res.statusCode).toBe(200);
    const { review } = json<{ review: Page["reviews"][number] }>(res);
    expect(review).toMatchObject({ rating: 5, title: "Love them", authorName: "Alex R.", verified: true });
    const { page } = await get(`?handle=${LUMA}`);
    expect(page.reviews[0]?.id).toBe(review.id);
    expect(page.summary.count).toBe(seededFor(LUMA).length + 1);

    const again = await t.api("POST", "/api/reviews", { body: { ...body, title: "Again" }, cookie });
    expect(again.statusCode).toBe(409);
    expect(json(again).message).toBe(STOREFRONT_MESSAGES.reviewDuplicate);
    expect(await caller.reviews.eligibility({ handle: LUMA })).toEqual({
      canReview: false,
      reason: "already-reviewed",
    });
  });

  it("refuses a customer who has not ordered the product", async () => {
    const cookie = await sessionCookie(t, await secondId(t));
    expect(await callerFor(t, cookie).reviews.eligibility({ handle: LUMA })).toEqual({
      canReview: false,
      reason: "not-ordered",
    });
    const res = await t.api("POST", "/api/reviews", { body, cookie });
    expect(res.statusCode).toBe(403);
    expect(json(res).message).toBe(STOREFRONT_MESSAGES.reviewNotOrdered);
  });

  it("does not count a voided order as a purchase", async () => {
    const c = await newCustomer(t);
    const product = await productByHandle(t, "one-neckband");
    await createOrder(t.db, {
      customerId: c.id,
      orderNumber: 900_001,
      processedAt: new Date("2026-10-01T00:00:00Z"),
      financialStatus: "VOIDED",
      fulfillmentStatus: null,
      currencyCode: "USD",
      lines: [{ product, quantity: 1 }],
    });
    const res = await t.api("POST", "/api/reviews", {
      body: { ...body, handle: product.handle },
      cookie: c.cookie,
    });
    expect(res.statusCode).toBe(403);
  });

  it("validates rating 1-5, title and body length, and unknown keys", async () => {
    const cookie = await sessionCookie(t, await demoId(t));
    const h = handle("one-xr-glasses");
    for (const [bad, message] of [
      [{ rating: 0 }, STOREFRONT_MESSAGES.ratingRequired],
      [{ rating: 6 }, STOREFRONT_MESSAGES.ratingRequired],
      [{ rating: 4.5 }, STOREFRONT_MESSAGES.ratingRequired],
      [{ title: "  " }, STOREFRONT_MESSAGES.reviewTitleRequired],
      [{ body: "too short" }, STOREFRONT_MESSAGES.reviewBodyTooShort],
    ] as const) {
      const res = await t.api("POST", "/api/reviews", { body: { ...body, handle: h, ...bad }, cookie });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(json<{ message: string }>(res).message).toContain(message);
    }
    const extra = await t.api("POST", "/api/reviews", {
      body: { ...body, handle: h, verified: true },
      cookie,
    });
    expect(extra.statusCode).toBe(400);
    const unknown = await t.api("POST", "/api/reviews", {
      body: { ...body, handle: handle("nope") },
      cookie,
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe("review seed and names", () => {
  it("is idempotent", async () => {
    const before = await t.db.review.count();
    await seedReviews(t.db);
    expect(await t.db.review.count()).toBe(before);
  });

  it("names the author by first name and last initial", () => {
    expect(reviewAuthorName("Alex", "Rivera")).toBe("Alex R.");
    expect(reviewAuthorName("Sam", "")).toBe("Sam");
    expect(reviewAuthorName("健", "佐藤")).toBe("健 佐.");
  });
});
