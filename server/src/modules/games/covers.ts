// Game covers made by the project: a deterministic SVG per slug (a gradient, a few shapes and the
// game's initials), so 150+ covers need no binary files.
import type { FastifyInstance } from "fastify";
import { registerSvgImages } from "../../http/svg-images.ts";

function hash(text: string, seed: number): number {
  let h = seed;
  for (const ch of text) h = (h * 33 + ch.charCodeAt(0)) % 100_003;
  return h;
}

const escapeXml = (s: string): string =>
  s.replace(
    /[<>&"']/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c] ?? c,
  );

export function gameCoverSvg(slug: string): string {
  const h1 = hash(slug, 7) % 360;
  const h2 = (h1 + 40 + (hash(slug, 13) % 120)) % 360;
  const shape = hash(slug, 29) % 3;
  const initials = escapeXml(
    slug
      .split("-")
      .filter((w) => /^[a-z]/.test(w))
      .slice(0, 2)
      .map((w) => w[0]?.toUpperCase() ?? "")
      .join(""),
  );
  const cx = 60 + (hash(slug, 41) % 180);
  const cy = 80 + (hash(slug, 53) % 160);
  const figure =
    shape === 0
      ? `<circle cx="${cx}" cy="${cy}" r="90" fill="hsl(${h2} 80% 70% / .35)"/>`
      : shape === 1
        ? `<polygon points="${cx},${cy - 100} ${cx + 100},${cy + 80} ${cx - 100},${cy + 80}" fill="hsl(${h2} 80% 70% / .35)"/>`
        : `<rect x="${cx - 80}" y="${cy - 80}" width="160" height="160" rx="24" transform="rotate(20 ${cx} ${cy})" fill="hsl(${h2} 80% 70% / .35)"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 400" width="300" height="400">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${h1} 55% 22%)"/><stop offset="1" stop-color="hsl(${h2} 60% 40%)"/></linearGradient></defs>
<rect width="300" height="400" fill="url(#g)"/>${figure}
<circle cx="${300 - cx / 2}" cy="${400 - cy / 2}" r="40" fill="hsl(${(h1 + 180) % 360} 70% 75% / .25)"/>
<text x="150" y="230" text-anchor="middle" font-family="system-ui, sans-serif" font-size="96" font-weight="700" fill="#fff" fill-opacity=".9">${initials}</text></svg>`;
}

export function registerGameCovers(app: FastifyInstance): void {
  registerSvgImages(app, "/images/games/", /^([a-z0-9]+(?:-[a-z0-9]+){0,12})\.svg$/, ([, slug]) =>
    slug && slug.length <= 120 ? gameCoverSvg(slug) : undefined,
  );
}
