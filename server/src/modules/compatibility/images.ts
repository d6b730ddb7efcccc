// The black logos and icons of the compatibility records, drawn as SVG from their names (no
// third-party artwork is shipped): /images/compatibility/<name>.svg.
import type { FastifyInstance } from "fastify";
import { escapeHtml as esc } from "../../http/html.ts";
import { registerSvgImages } from "../../http/svg-images.ts";

const ICONS: Record<string, string> = {
  glasses:
    '<g fill="none" stroke="#111" stroke-width="5"><rect x="8" y="30" width="34" height="24" rx="9"/><rect x="58" y="30" width="34" height="24" rx="9"/><path d="M42 40q8-6 16 0"/></g>',
  neckband: '<path d="M20 30q30 55 60 0" fill="none" stroke="#111" stroke-width="8" stroke-linecap="round"/>',
  dock: '<rect x="18" y="28" width="64" height="40" rx="8" fill="#111"/><rect x="30" y="40" width="16" height="8" fill="#fff"/>',
  adapter:
    '<rect x="34" y="16" width="32" height="50" rx="6" fill="#111"/><rect x="44" y="66" width="12" height="18" fill="#111"/>',
};

export function compatibilityImageSvg(name: string): string {
  const icon = /^icon-(.+)$/.exec(name)?.[1];
  if (icon) {
    return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100" aria-hidden="true">${ICONS[icon] ?? ICONS.glasses}</svg>`;
  }
  const label = name.replace(/-/g, " ").replace(/\b\w/g, (c) => c.toUpperCase());
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 48" width="240" height="48" aria-hidden="true"><text x="0" y="34" font-family="system-ui, sans-serif" font-size="28" font-weight="700" fill="#111">${esc(label)}</text></svg>`;
}

export function registerCompatibilityImages(app: FastifyInstance): void {
  registerSvgImages(app, "/images/compatibility/", /^([a-z0-9-]{1,60})\.svg$/, ([, name]) =>
    name ? compatibilityImageSvg(name) : undefined,
  );
}
