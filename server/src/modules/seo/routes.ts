// /sitemap.xml and /robots.txt (issue: public pages for search engines). Languages are addressed
// as the client addresses them: `?lang=<locale>` per language, the bare path negotiated
// (x-default); each language's URL is listed with its alternates (sitemaps.org and Google's
// "Tell Google about localized versions of your page").
import { alternatesOf, PRIVATE_PAGE_PREFIXES, pageUrl, SEO_LOCALES } from "@vela/shared";
import type { FastifyInstance } from "fastify";
import type { Clock } from "../../clock.ts";
import type { Db } from "../../db/client.ts";
import { escapeHtml } from "../../http/html.ts";
import { sitemapPages } from "./service.ts";

export const SITEMAP_PATH = "/sitemap.xml";

/** Pages also shown in Simplified Chinese (client/src/lib/i18n.tsx, pageShowsAllLocales). */
const ALL_LOCALE_PAGE = /^\/(compatibility|release-updates\/[^/]+)$/;
const localesOf = (path: string): readonly string[] =>
  ALL_LOCALE_PAGE.test(path) ? [...SEO_LOCALES, "zh-CN"] : SEO_LOCALES;

/** `2026-11-25T13:14:00.000Z` -> `2026-11-25T13:14:00Z` (W3C Datetime, as sitemaps.org asks). */
const w3cDate = (d: Date): string => d.toISOString().replace(/\.\d{3}Z$/, "Z");

export function sitemapXml(origin: string, pages: readonly { path: string; lastmod: Date }[]): string {
  const urls = pages.flatMap((page) => {
    const locales = localesOf(page.path);
    const links = alternatesOf(origin, page.path, locales)
      .map((a) => `    <xhtml:link rel="alternate" hreflang="${a.hreflang}" href="${escapeHtml(a.href)}"/>`)
      .join("\n");
    return locales.map(
      (locale) =>
        `  <url>\n    <loc>${escapeHtml(pageUrl(origin, page.path, locale))}</loc>\n    <lastmod>${w3cDate(page.lastmod)}</lastmod>\n${links}\n  </url>`,
    );
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${urls.join("\n")}
</urlset>
`;
}

export function robotsTxt(origin: string): string {
  const disallow = PRIVATE_PAGE_PREFIXES.map((prefix) => `Disallow: ${prefix}`).join("\n");
  return `User-agent: *\n${disallow}\nAllow: /\n\nSitemap: ${pageUrl(origin, SITEMAP_PATH)}\n`;
}

export function registerSeo(app: FastifyInstance, opts: { db: Db; clock: Clock; publicUrl: string }): void {
  const deployedAt = opts.clock.now();
  app.get(SITEMAP_PATH, async (_req, reply) => {
    const pages = await sitemapPages(opts.db, deployedAt, opts.clock.now());
    reply.header("cache-control", "public, max-age=3600");
    reply.type("application/xml; charset=utf-8");
    return sitemapXml(opts.publicUrl, pages);
  });
  app.get("/robots.txt", async (_req, reply) => {
    reply.header("cache-control", "public, max-age=86400");
    reply.type("text/plain; charset=utf-8");
    return robotsTxt(opts.publicUrl);
  });
}
