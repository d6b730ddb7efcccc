import type { searchEnUS } from "./en-US.ts";

export const searchZhCN = {
  "search.label": "搜索商店",
  "search.placeholder": "搜索产品和新闻",
  "search.open": "搜索",
  "search.close": "关闭搜索",
  "search.submit": "搜索",
  "search.suggestions": "建议",
  "search.kind.product": "产品",
  "search.kind.post": "新闻",
  "search.title": "搜索",
  "search.titleFor": "“{q}”的搜索结果",
  "search.description": "搜索 {brand} 的产品和新闻。",
  "search.intro": "输入您要查找的内容：产品、颜色、SKU 或文章中的词语。",
  "search.results": "{count} 件产品",
  "search.products": "产品",
  "search.posts": "新闻",
  "search.none": "没有与“{q}”匹配的内容。请换个词语，或浏览全部产品。",
  "search.approximate": "没有与“{q}”完全匹配的内容，以下是相近的结果。",
  "search.browseAll": "全部产品",
  "search.loadFailed": "无法加载搜索结果。",
} as const satisfies Partial<Record<keyof typeof searchEnUS, string>>;
