/**
 * The attribute a page puts on the controls a shopper is using (the product page's variant picker
 * and Add to Cart): a panel that floats over the page (the subscribe offer) never covers them.
 */
export const KEEP_CLEAR_ATTRIBUTE = "data-keep-clear";

/** Spread on an element to mark it: `<div {...keepClear}>`. */
export const keepClear = { [KEEP_CLEAR_ATTRIBUTE]: "" } as const;

/** The boxes, in the viewport, of the marked elements and of `extra` selectors that are in view. */
export function keepClearBoxes(extra: readonly string[] = []): DOMRect[] {
  const selector = [`[${KEEP_CLEAR_ATTRIBUTE}]`, ...extra].join(", ");
  const height = window.innerHeight;
  return [...document.querySelectorAll<HTMLElement>(selector)]
    .map((el) => el.getBoundingClientRect())
    .filter((r) => r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < height);
}

/** Whether two boxes share any area (touching edges do not). */
export function boxesOverlap(a: DOMRect, b: DOMRect): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}
