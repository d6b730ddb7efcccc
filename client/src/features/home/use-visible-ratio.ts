import { type RefObject, useEffect, useState } from "react";

/**
 * Whether at least `ratio` of the element is in the viewport: true or false once the browser has
 * said, null where it cannot say (no IntersectionObserver). Unknown means "do not autoplay".
 */
export function useVisibleRatio(ref: RefObject<Element | null>, ratio: number): boolean | null {
  const [visible, setVisible] = useState<boolean | null>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries[entries.length - 1];
        // A thousandth of slack: browsers round the ratio they report at the threshold.
        if (entry) setVisible(entry.isIntersecting && entry.intersectionRatio >= ratio - 0.001);
      },
      { threshold: [0, ratio, 1] },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, ratio]);
  return visible;
}
