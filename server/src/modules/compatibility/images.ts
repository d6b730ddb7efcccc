// The black logos and icons of the compatibility records, drawn as SVG from their names (no
// third-party artwork is shipped): /images/compatibility/<name>.svg.
import type { FastifyInstance } from "fastify";
import { escapeHtml as esc } from "../../http/html.ts";
import { registerSvgImages } from "../../http/svg-images.ts";
import { loadCompatibilitySeeds } from "./seed.ts";

const ICONS: Record<string, string> = {
  glasses:
    '<g fill="none" stroke="#111" stroke-width="5"><rect x="8" y="30" width="34" height="24" rx="9"/><rect x="58" y="30" width="34" height="24" rx="9"/><path d="M42 40q8-6 16 0"/></g>',
  neckband: '<path d="M20 30q30 55 60 0" fill="none" stroke="#111" stroke-width="8" stroke-linecap="round"/>',
  dock: '<rect x="18" y="28" width="64" height="40" rx="8" fill="#111"/><rect x="30" y="40" width="16" height="8" fill="#fff"/>',
  adapter:
    '<rect x="34" y="16" width="32" height="50" rx="6" fill="#111"/><rect x="44" y="66" width="12" height="18" fill="#111"/>',
};

let logoTitles: Map<string, string> | null = null;

/**
 * Each black logo's name as the records spell it ("iPhone", "ROG Ally"): the title of the device
 * card that shows the logo, read once from the compatibility data. Title-casing the file name
 * spelt brands wrongly ("Iphone", "Rog Ally").
 */
function logoTitle(name: string): string | undefined {
  if (!logoTitles) {
    logoTitles = new Map();
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node && typeof node === "object") {
        const { title, blackLogo } = node as { title?: unknown; blackLogo?: unknown };
        const file = typeof blackLogo === "string" ? /\/([a-z0-9-]+)\.svg$/.exec(blackLogo)?.[1] : undefined;
        if (file && typeof title === "string" && !logoTitles?.has(file)) logoTitles?.set(file, title);
        Object.values(node).forEach(walk);
      }
    };
    for (const languages of Object.values(loadCompatibilitySeeds())) walk(languages["en-US"]);
  }
  return logoTitles.get(name);
}

/** Font size and a generous average glyph width of the logo's bold system font, in SVG units. */
const LOGO_FONT_PX = 28;
const LOGO_GLYPH_PX = 19;

export function compatibilityImageSvg(name: string): string {
  const icon = /^icon-(.+)$/.exec(name)?.[1];
  if (icon) {
    return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100" aria-hidden="true">${ICONS[icon] ?? ICONS.glasses}</svg>`;
  }
  // A name the records do not know keeps its letters as written, only its dashes become spaces.
  const label = logoTitle(name) ?? name.replace(/-/g, " ");
  // The picture is as wide as its words (it used to be 240 wide, which cut "Nintendo Switch").
  const width = Math.max(48, Math.ceil(label.length * LOGO_GLYPH_PX));
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} 48" width="${width}" height="48" aria-hidden="true"><text x="0" y="34" font-family="system-ui, sans-serif" font-size="${LOGO_FONT_PX}" font-weight="700" fill="#111">${esc(label)}</text></svg>`;
}

export function registerCompatibilityImages(app: FastifyInstance): void {
  registerSvgImages(app, "/images/compatibility/", /^([a-z0-9-]{1,60})\.svg$/, ([, name]) =>
    name ? compatibilityImageSvg(name) : undefined,
  );
}
