import type { StorefrontKey } from "./en-US.ts";

/** Simplified Chinese: the compatibility page and the pieces it shows; the rest falls back to en-US. */
export const storefrontZhCN = {
  "ui.ratingLabel": "评分 {rating}（满分 {max}）",
  "share.label": "分享",
  "share.copy": "复制链接",
  "share.copied": "已复制！",
  "store.pages": "产品目录页",
  "store.previousPage": "上一页",
  "store.nextPage": "下一页",
  "store.pageN": "第 {n} 页",
  "store.pageOf": "第 {page} 页，共 {count} 页",
  "store.morePages": "更多页面",
  "store.pastLastPage": "没有第 {page} 页。最后一页是第 {count} 页。",
  "compat.title": "兼容性",
  "compat.intro": "查看哪些手机、掌机和笔记本电脑可与我们的眼镜和配件配合使用。",
  "compat.languageNav": "本页语言",
  "compat.jump": "本页产品",
  "compat.updated": "更新于 {date}",
  "compat.showMore": "显示更多",
  "compat.showLess": "收起",
  "compat.tabsLabel": "{title} 兼容设备",
  "compat.loadFailed": "无法加载兼容性信息，请重试。",
  "compat.notFound": "此产品没有兼容性信息",
} as const satisfies Partial<Record<StorefrontKey, string>>;
