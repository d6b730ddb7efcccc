import { contentZhCN } from "./content/zh-CN.ts";
import type { GeneralCatalogue } from "./en-US.ts";
import { searchZhCN } from "./search/zh-CN.ts";
import { storefrontZhCN } from "./storefront/zh-CN.ts";

/**
 * Simplified Chinese is a language of the compatibility pages only (spec 000 §9): the shell is
 * translated, and every key left out here falls back to en-US.
 */
export const zhCN = {
  "layout.skipToContent": "跳到正文",
  "layout.mainNav": "主导航",
  "layout.home": "首页",
  "layout.products": "产品",
  "layout.account": "账户",
  "layout.cart": "购物车",
  "layout.cartCount": "购物车，{count} 件商品",
  "layout.language": "语言",
  "layout.footerNav": "页脚",
  "layout.privacy": "隐私政策",
  "legal.nav.shipping": "配送政策",
  "legal.nav.returns": "退货与退款",
  "legal.nav.warranty": "保修",
  "legal.nav.terms": "销售条款",
  "legal.nav.notice": "法律声明",
  "layout.copyright": "© {year} {brand}. All rights reserved.",
  "notFound.title": "找不到页面",
  "notFound.body": "您要查找的页面不存在或已移动。",
  "notFound.home": "返回首页",
  "common.loading": "加载中...",
  "common.retry": "重试",
  "common.ok": "确定",
  "common.cancel": "取消",
  "common.close": "关闭",
  ...storefrontZhCN,
  // The release notes viewer
  ...contentZhCN,
  // The footer's link to the app release notes (spec 001 §2)
  "links.appReleaseNotes": "{app} 更新说明",
  ...searchZhCN,
} as const satisfies Partial<GeneralCatalogue>;
