import type { StorefrontKey } from "./en-US.ts";

/** Simplified Chinese: the compatibility page and the pieces it shows; the rest falls back to en-US. */
export const storefrontZhCN = {
  "ui.ratingLabel": "评分 {rating}（满分 {max}）",
  "share.label": "分享",
  "share.copy": "复制链接",
  "share.copied": "已复制！",
} as const satisfies Partial<Record<StorefrontKey, string>>;
