// What /sitemap.xml lists: every public page a search engine should know, with the date its
// content last changed. Dates come from the data a page shows; a page whose words live in the
// code (a helper page) or that shows no dated data changed last when this server's build was
// deployed, which is when the server started.
import { RELEASE_APPS } from "@vela/shared";
import type { Db } from "../../db/client.ts";

export interface SitemapPage {
  /** Path on the store's origin, no query. */
  path: string;
  lastmod: Date;
}

const latest = (...dates: (Date | null | undefined)[]): Date | null =>
  dates.reduce<Date | null>((a, d) => (d && (!a || d > a) ? d : a), null);

/** The release-notes app pages: each app once (a language's own variant is reached from it). */
const RELEASE_APP_PAGES = RELEASE_APPS.filter((app) => !app.variantOf).map((app) => app.slug);

export async function sitemapPages(db: Db, deployedAt: Date, now: Date = new Date()): Promise<SitemapPage[]> {
  const [products, posts, latestReview, compat, system, apps, latestGame] = await Promise.all([
    // Only the shop's products: a draft is not out yet, an archived one's page answers 404.
    db.product.findMany({
      where: { status: "ACTIVE" },
      orderBy: [{ position: "asc" }, { id: "asc" }],
      select: {
        handle: true,
        createdAt: true,
        updatedAt: true,
        reviews: { select: { createdAt: true }, orderBy: { createdAt: "desc" }, take: 1 },
      },
    }),
    // Only the posts a shopper sees: a draft or a post scheduled later answers 404.
    db.blogPost.findMany({
      where: { status: "PUBLISHED", publishedAt: { lte: now } },
      orderBy: [{ publishedAt: "desc" }, { id: "desc" }],
      select: { slug: true, publishedAt: true },
    }),
    db.review.findFirst({ orderBy: { createdAt: "desc" }, select: { createdAt: true } }),
    db.compatibilityRecord.aggregate({ _max: { updatedAt: true } }),
    db.systemRelease.aggregate({ _max: { updateTime: true } }),
    db.appRelease.groupBy({ by: ["productName"], _max: { releaseDate: true } }),
    db.game.aggregate({ _max: { releaseDate: true } }),
  ]);
  const at = (...dates: (Date | null | undefined)[]): Date => latest(...dates) ?? deployedAt;
  const productDates = products.map((p) => latest(p.createdAt, p.updatedAt, p.reviews[0]?.createdAt));
  const appDate = new Map(apps.map((a) => [a.productName, a._max.releaseDate]));
  const newestPost = posts[0]?.publishedAt;

  return [
    { path: "/", lastmod: at(newestPost) },
    { path: "/products", lastmod: at(...productDates) },
    ...products.map((p, i) => ({
      path: `/products/${encodeURIComponent(p.handle)}`,
      lastmod: at(productDates[i]),
    })),
    { path: "/help-me-choose", lastmod: at() },
    { path: "/reviews", lastmod: at(latestReview?.createdAt) },
    { path: "/compatibility", lastmod: at(compat._max.updatedAt) },
    { path: "/contact", lastmod: at() },
    { path: "/release-updates/xr-glasses", lastmod: at(system._max.updateTime) },
    ...RELEASE_APP_PAGES.map((slug) => ({
      path: `/release-updates/${encodeURIComponent(slug)}`,
      lastmod: at(appDate.get(slug)),
    })),
    { path: "/games", lastmod: at(latestGame._max.releaseDate) },
    { path: "/mobile", lastmod: at() },
    { path: "/store/mobile", lastmod: at(...productDates) },
    { path: "/blog", lastmod: at(newestPost) },
    ...posts.map((p) => ({ path: `/blog/${encodeURIComponent(p.slug)}`, lastmod: at(p.publishedAt) })),
    { path: "/privacy-policy", lastmod: at() },
    // The legal pages: their words live in the code, their figures in its settings.
    { path: "/shipping-policy", lastmod: at() },
    { path: "/returns-policy", lastmod: at() },
    { path: "/warranty", lastmod: at() },
    { path: "/terms-of-sale", lastmod: at() },
    { path: "/legal-notice", lastmod: at() },
  ];
}
