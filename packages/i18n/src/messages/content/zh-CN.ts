import type { ContentKey } from "./en-US.ts";

/** Simplified Chinese: the release notes viewer (spec 001 §9); the rest falls back to en-US. */
export const contentZhCN = {
  "releases.nav": "发布说明",
  "releases.footerLink": "版本更新",
  "releases.systemTitle": "XR 眼镜系统更新",
  "releases.systemIntro": "眼镜和移动扩展坞每次系统更新的变更内容。",
  "releases.appIntro": "{app} 各版本的变更内容。",
  "releases.product": "产品",
  "releases.platform": "平台",
  "releases.language": "语言",
  "releases.filters": "选择要查看的发布说明",
  "releases.version": "版本 {version}",
  "releases.released": "发布日期",
  "releases.download": "下载",
  "releases.downloadVersion": "下载 {name} {version}",
  "releases.empty": "暂无可显示的发布说明。",
  "releases.list": "{name} 的版本",
  "releases.otherApps": "应用发布说明",
  "releases.unknownApp": "没有此应用的发布说明。",
} as const satisfies Partial<Record<ContentKey, string>>;
