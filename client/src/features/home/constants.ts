// The marketing blocks' timings and sizes (spec 001 §4, §9).

/** An image slide of a hero slider advances after 8 s. */
export const HERO_IMAGE_MS = 8000;
/** A video slide advances 2 s after its video ends. */
export const HERO_AFTER_VIDEO_MS = 2000;
/** A slide's text fades out 5 s after it shows. */
export const HERO_TEXT_FADE_MS = 5000;
/** A hero slider plays only while at least 30% of it is in view. */
export const HERO_VISIBLE_RATIO = 0.3;

/** The image slider moves every 5 s; its slides are 436 px wide on desktop, 20 px apart. */
export const IMAGE_SLIDER_MS = 5000;
export const IMAGE_SLIDE_WIDTH_PX = 436;
export const IMAGE_SLIDER_GAP_PX = 20;

/** Pictures and videos switch to their XL and MD sources from these widths. */
export const XL_MIN_PX = 1280;
export const MD_MIN_PX = 768;
