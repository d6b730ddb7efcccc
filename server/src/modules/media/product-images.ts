// Product pictures made by the project: a deterministic SVG per image name, so the
// catalogue has real images without shipping binary files.
import { BRAND } from "@vela/shared";
import type { FastifyInstance } from "fastify";
import { escapeHtml as esc } from "../../http/html.ts";
import { registerSvgImages } from "../../http/svg-images.ts";

function hue(name: string): number {
  let h = 0;
  for (const ch of name) h = (h * 31 + ch.charCodeAt(0)) % 360;
  return h;
}

/**
 * How each numbered picture of a product shows it, so that a gallery's pictures differ: 1 from
 * the front, 2 turned at an angle on a darker ground, 3 a close-up of its middle.
 */
const VIEWS: Record<number, { transform: string; reverse: boolean }> = {
  1: { transform: "", reverse: false },
  2: { transform: "rotate(-14 400 320) translate(0 -10)", reverse: true },
  3: { transform: "translate(-400 -330) scale(2)", reverse: false },
};

/** `caption: false` leaves out the name under the picture (link previews carry no text). */
export function productSvg(name: string, { caption = true }: { caption?: boolean } = {}): string {
  const base = name.replace(/-\d+$/, "");
  const h = hue(base);
  const n = Number(/-(\d+)$/.exec(name)?.[1] ?? 1);
  const view = VIEWS[((n - 1) % 3) + 1] ?? { transform: "", reverse: false };
  const label = name
    .replace(/-\d+$/, "")
    .replace(new RegExp(`^${BRAND.slug}-`), "")
    .replace(/-/g, " ");
  const glasses = /glasses|pack|collection/.test(name);
  const shape = glasses
    ? `<g fill="none" stroke="hsl(${h} 40% 15%)" stroke-width="14"><rect x="150" y="250" width="210" height="130" rx="50"/><rect x="440" y="250" width="210" height="130" rx="50"/><path d="M360 300 q40 -30 80 0"/><path d="M150 290 l-70 -30 M650 290 l70 -30"/></g>`
    : `<rect x="260" y="220" width="280" height="200" rx="36" fill="hsl(${h} 40% 20%)"/><circle cx="400" cy="320" r="44" fill="hsl(${h} 70% 70%)"/>`;
  const [from, to] = view.reverse
    ? [`hsl(${(h + 40) % 360} 45% 70%)`, `hsl(${h} 60% 88%)`]
    : [`hsl(${h} 70% 92%)`, `hsl(${(h + 40) % 360} 60% 80%)`];
  const drawn = view.transform ? `<g transform="${view.transform}">${shape}</g>` : shape;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 600" width="800" height="600" role="img" aria-label="${esc(label)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="800" height="600" fill="url(#g)"/>${drawn}${
    caption
      ? `
<text x="400" y="520" font-family="system-ui, sans-serif" font-size="36" text-anchor="middle" fill="hsl(${h} 40% 15%)">${esc(BRAND.name)} ${esc(label)}</text>`
      : ""
  }</svg>`;
}

export function registerProductImages(app: FastifyInstance): void {
  registerSvgImages(app, "/images/products/", /^([a-z0-9-]{1,100})\.svg$/, ([, name]) =>
    name ? productSvg(name) : undefined,
  );
}
