// Banner pictures made by the project, like the product images: a deterministic SVG per name
// and size, so the banner slides have real sm/md/xl images without binary files.
import type { FastifyInstance } from "fastify";
import { registerSvgImages } from "../../http/svg-images.ts";

const SIZES = { sm: [750, 900], md: [1200, 700], xl: [1920, 720] } as const;

function hue(name: string): number {
  let h = 7;
  for (const ch of name) h = (h * 37 + ch.charCodeAt(0)) % 360;
  return h;
}

export function bannerSvg(name: string, size: keyof typeof SIZES): string {
  const [w, h] = SIZES[size];
  const c = hue(name);
  const r = Math.round(Math.min(w, h) * 0.28);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" aria-hidden="true">
<defs><linearGradient id="b" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${c} 45% 18%)"/><stop offset="1" stop-color="hsl(${(c + 60) % 360} 55% 32%)"/></linearGradient></defs>
<rect width="${w}" height="${h}" fill="url(#b)"/>
<circle cx="${Math.round(w * 0.78)}" cy="${Math.round(h * 0.45)}" r="${r}" fill="hsl(${(c + 30) % 360} 70% 60% / .35)"/>
<circle cx="${Math.round(w * 0.62)}" cy="${Math.round(h * 0.7)}" r="${Math.round(r * 0.6)}" fill="hsl(${(c + 90) % 360} 70% 70% / .25)"/></svg>`;
}

export function registerBannerImages(app: FastifyInstance): void {
  registerSvgImages(app, "/images/banners/", /^([a-z0-9-]{1,80})-(sm|md|xl)\.svg$/, ([, name, size]) =>
    name && size ? bannerSvg(name, size as keyof typeof SIZES) : undefined,
  );
}
