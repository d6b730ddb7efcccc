// Product pictures made by the project until the staff upload photos: a deterministic SVG per
// image name, each product drawn as itself (product-looks.ts: each glasses model its own frame,
// each accessory its own shape, a pack what it holds) in its colour or its variant's. A picture
// carries no text: the page gives it its alternative text in the reader's language.
import { BRAND } from "@vela/shared";
import type { FastifyInstance } from "fastify";
import { registerSvgImages } from "../../http/svg-images.ts";
import {
  type FrameShape,
  fallbackLook,
  type ItemShape,
  isProductColour,
  PRODUCT_COLOURS,
  PRODUCT_LOOKS,
  type ProductColour,
  type ProductLook,
} from "./product-looks.ts";

const LENS = `fill="#152033" fill-opacity="0.86"`;
const DARK = "#15161a";

/** A lens's outline mirrored to the other eye: the frames are symmetric about x = 400. */
const pair = (lens: string) => `${lens}<g transform="translate(800 0) scale(-1 1)">${lens}</g>`;

/** A pair of glasses in the 800×600 frame, centred near (400, 310). */
function frameSvg(frame: FrameShape, c: string): string {
  switch (frame) {
    case "rounded":
      return `<g stroke="${c}" fill="none" stroke-linecap="round"><path d="M150 290 L70 255 M650 290 L730 255" stroke-width="16"/><path d="M370 292 q30 -28 60 0" stroke-width="14"/></g>${pair(
        `<rect x="150" y="240" width="220" height="140" rx="52" ${LENS} stroke="${c}" stroke-width="18"/>`,
      )}`;
    case "lite":
      return `<g stroke="${c}" fill="none" stroke-linecap="round"><path d="M160 300 L80 282 M640 300 L720 282" stroke-width="7"/><path d="M372 300 L428 300" stroke-width="7"/></g>${pair(
        `<ellipse cx="268" cy="310" rx="104" ry="76" ${LENS} stroke="${c}" stroke-width="7"/>`,
      )}`;
    case "wayfarer":
      return `<g stroke="${c}" fill="none" stroke-linecap="round"><path d="M140 262 L60 240 M660 262 L740 240" stroke-width="22"/></g>${pair(
        `<path d="M140 248 L378 248 L362 368 Q350 392 306 392 L192 392 Q152 392 146 356 Z" ${LENS} stroke="${c}" stroke-width="20" stroke-linejoin="round"/>`,
      )}<rect x="128" y="226" width="544" height="30" rx="10" fill="${c}"/>`;
    case "visor":
      return `<g stroke="${c}" fill="none" stroke-linecap="round"><path d="M136 262 L58 236 M664 262 L742 236" stroke-width="18"/></g><path d="M132 252 Q400 226 668 252 L650 360 Q560 404 456 382 L432 352 Q400 332 368 352 L344 382 Q240 404 150 360 Z" ${LENS} stroke="${c}" stroke-width="16" stroke-linejoin="round"/><rect x="126" y="228" width="548" height="34" rx="14" fill="${c}"/><path d="M180 290 Q300 272 420 286" stroke="#ffffff" stroke-opacity="0.3" stroke-width="8" fill="none" stroke-linecap="round"/>`;
    case "ultra":
      return `<g stroke="${c}" fill="none" stroke-linecap="round"><path d="M134 266 L52 232 M666 266 L748 232" stroke-width="34"/></g><path d="M130 250 Q400 214 670 250 L656 372 Q560 410 456 388 L432 356 Q400 336 368 356 L344 388 Q240 410 144 372 Z" ${LENS} stroke="${c}" stroke-width="22" stroke-linejoin="round"/><rect x="120" y="218" width="560" height="44" rx="18" fill="${c}"/>${pair(
        `<circle cx="176" cy="240" r="11" fill="${DARK}" stroke="#9fb3c8" stroke-width="3"/>`,
      )}<circle cx="400" cy="240" r="9" fill="${DARK}" stroke="#9fb3c8" stroke-width="3"/>`;
    case "aviator":
      return `<g stroke="${c}" fill="none" stroke-linecap="round"><path d="M158 262 L76 246 M642 262 L724 246" stroke-width="9"/><path d="M368 258 L432 258" stroke-width="9"/><path d="M364 292 q36 -22 72 0" stroke-width="9"/></g>${pair(
        `<path d="M160 254 Q266 232 370 254 Q374 330 330 376 Q270 408 206 382 Q150 352 160 254 Z" ${LENS} stroke="${c}" stroke-width="10" stroke-linejoin="round"/>`,
      )}`;
  }
}

/** An accessory, drawn around (0, 0) within about 360×260. */
function itemSvg(shape: ItemShape, c: string): string {
  switch (shape) {
    case "dock":
      return `<rect x="-160" y="-74" width="320" height="148" rx="28" fill="${c}" stroke="#000" stroke-opacity="0.25" stroke-width="4"/><path d="M-122 -16 L-58 -16 L-64 14 L-116 14 Z" fill="${DARK}"/><rect x="-20" y="-11" width="54" height="22" rx="11" fill="${DARK}"/><rect x="56" y="-11" width="54" height="22" rx="11" fill="${DARK}"/><circle cx="128" cy="-46" r="8" fill="#5be37d"/>`;
    case "neckband":
      return `<path d="M-170 -70 Q-170 110 0 110 Q170 110 170 -70" fill="none" stroke="${c}" stroke-width="46" stroke-linecap="round"/><path d="M-170 -70 Q-170 110 0 110 Q170 110 170 -70" fill="none" stroke="#000" stroke-opacity="0.18" stroke-width="6" stroke-linecap="round"/><circle cx="-170" cy="-84" r="34" fill="${c}" stroke="#000" stroke-opacity="0.25" stroke-width="4"/><circle cx="170" cy="-84" r="34" fill="${c}" stroke="#000" stroke-opacity="0.25" stroke-width="4"/><circle cx="0" cy="110" r="9" fill="${DARK}"/>`;
    case "lightning-adapter":
      return `<path d="M-60 0 C-120 0 -130 -70 -190 -70" fill="none" stroke="#3a3b40" stroke-width="12"/><rect x="-232" y="-84" width="46" height="28" rx="8" fill="#d9d9d9"/><rect x="-258" y="-77" width="28" height="14" rx="3" fill="#bfa54a"/><rect x="-64" y="-50" width="150" height="100" rx="20" fill="${c}" stroke="#000" stroke-opacity="0.25" stroke-width="4"/><path d="M34 -18 L86 -18 L80 18 L40 18 Z" fill="${DARK}"/><rect x="-40" y="-8" width="34" height="16" rx="8" fill="${DARK}"/>`;
    case "usb-c-adapter":
      return `<path d="M-70 0 C-130 0 -140 60 -200 60" fill="none" stroke="#3a3b40" stroke-width="12"/><rect x="-246" y="46" width="50" height="28" rx="12" fill="#cfd2d6"/><rect x="-70" y="-70" width="140" height="140" rx="28" fill="${c}" stroke="#000" stroke-opacity="0.25" stroke-width="4"/><rect x="-30" y="-36" width="60" height="18" rx="9" fill="${DARK}"/><rect x="-30" y="18" width="60" height="18" rx="9" fill="${DARK}"/>`;
    case "phone":
      return `<rect x="-72" y="-132" width="144" height="264" rx="24" fill="#111216" stroke="#3a3b40" stroke-width="4"/><rect x="-60" y="-118" width="120" height="236" rx="14" fill="#36598c"/><rect x="-20" y="-112" width="40" height="10" rx="5" fill="#111216"/>`;
    case "controller":
      return `<path d="M-150 -40 Q-150 -80 -100 -80 L100 -80 Q150 -80 150 -40 L172 60 Q176 102 136 102 Q110 102 90 62 L-90 62 Q-110 102 -136 102 Q-176 102 -172 60 Z" fill="#2a2b31"/><path d="M-112 -12 h20 v-20 h16 v20 h20 v16 h-20 v20 h-16 v-20 h-20 Z" fill="#8a8f99"/><circle cx="88" cy="-20" r="11" fill="#e0605a"/><circle cx="116" cy="4" r="11" fill="#5aa0e0"/><circle cx="60" cy="4" r="11" fill="#e0c35a"/><circle cx="88" cy="28" r="11" fill="#6ac27a"/>`;
  }
}

/** The frame drawing moved to (x, y) at scale s (it is drawn centred near (400, 310)). */
const placedFrame = (frame: FrameShape, c: string, x: number, y: number, s: number) =>
  `<g transform="translate(${x} ${y}) scale(${s}) translate(-400 -310)">${frameSvg(frame, c)}</g>`;
const placedItem = (shape: ItemShape, c: string, x: number, y: number, s: number) =>
  `<g transform="translate(${x} ${y}) scale(${s})">${itemSvg(shape, c)}</g>`;

/** What a look draws, in the 800×600 frame. */
function lookSvg(look: ProductLook, c: string): string {
  if (look.kind === "glasses") return frameSvg(look.frame, c);
  if (look.kind === "item")
    return `<g transform="translate(400 310) scale(1.25)">${itemSvg(look.item, c)}</g>`;
  // A pack: its glasses and what comes with them, on a tray.
  const tray = `<rect x="70" y="80" width="660" height="460" rx="44" fill="#ffffff" fill-opacity="0.45"/>`;
  if (look.pairs === 2) {
    return `${tray}${placedFrame(look.frame, c, 400, 220, 0.62)}${placedFrame(look.frame, c, 400, 400, 0.62)}`;
  }
  const [first, second] = look.items;
  if (first && second) {
    return `${tray}${placedFrame(look.frame, c, 400, 200, 0.66)}${placedItem(first, PRODUCT_COLOURS.silver, 250, 430, 0.62)}${placedItem(second, PRODUCT_COLOURS.graphite, 560, 430, 0.62)}`;
  }
  return `${tray}${placedFrame(look.frame, c, 400, 205, 0.72)}${
    first ? placedItem(first, PRODUCT_COLOURS.graphite, 400, 430, 0.72) : ""
  }`;
}

/**
 * How each numbered picture of a product shows it, so that a gallery's pictures differ: 1 from
 * the front, 2 turned at an angle on a darker ground, 3 a close-up of its middle.
 */
const VIEWS: Record<number, { transform: string; ground: [string, string] }> = {
  1: { transform: "", ground: ["#f6f5f1", "#dfe3e8"] },
  2: { transform: "rotate(-14 400 320) translate(0 -10)", ground: ["#c9ced6", "#9aa3b0"] },
  3: { transform: "translate(-400 -330) scale(2)", ground: ["#eef0f3", "#cfd5dc"] },
};

export interface ProductImageName {
  /** The handle without the brand prefix. */
  rest: string;
  /** Which picture: 1, 2, 3 … */
  n: number;
  /** A variant's colour, when the picture is of one. */
  colour: ProductColour | null;
}

/** `<brand>-<handle>-<n>` with an optional `--<colour>` (a variant's picture). */
export function parseProductImageName(name: string): ProductImageName | null {
  const m = /^([a-z0-9-]+?)-(\d{1,3})(?:--([a-z]+))?$/.exec(name);
  if (!m) return null;
  const [, full = "", n = "1", colour] = m;
  if (colour !== undefined && !isProductColour(colour)) return null;
  const prefix = `${BRAND.slug}-`;
  return {
    rest: full.startsWith(prefix) ? full.slice(prefix.length) : full,
    n: Number(n),
    colour: colour ?? null,
  };
}

/** The picture's file name for a variant's colour: `<handle>-1--black`. */
export const productImageName = (fullHandle: string, n: number, colour?: ProductColour | null): string =>
  `${fullHandle}-${n}${colour ? `--${colour}` : ""}`;

export function productSvg(name: string): string | undefined {
  const parsed = parseProductImageName(name);
  if (!parsed) return undefined;
  const look = PRODUCT_LOOKS[parsed.rest] ?? fallbackLook(parsed.rest);
  const colour = PRODUCT_COLOURS[parsed.colour ?? look.colour];
  const view = VIEWS[((parsed.n - 1) % 3) + 1] ?? VIEWS[1];
  const [from, to] = view?.ground ?? ["#f6f5f1", "#dfe3e8"];
  const drawn = lookSvg(look, colour);
  const body = view?.transform ? `<g transform="${view.transform}">${drawn}</g>` : drawn;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 600" width="800" height="600">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="800" height="600" fill="url(#g)"/><ellipse cx="400" cy="520" rx="300" ry="26" fill="#000" fill-opacity="0.08"/>${body}</svg>`;
}

export function registerProductImages(app: FastifyInstance): void {
  registerSvgImages(app, "/images/products/", /^([a-z0-9-]{1,100})\.svg$/, ([, name]) =>
    name ? productSvg(name) : undefined,
  );
}
