import type { ContentKey } from "./en-US.ts";

/** The content site's texts in Japanese; the type refuses a missing key. */
export const contentJaJP = {
  "releases.nav": "リリースノート",
  "releases.systemTitle": "XRグラス システムアップデート",
  "releases.systemIntro": "グラスとモバイルドックの各システムアップデートの変更点です。",
  "releases.appIntro": "{app}の各バージョンの変更点です。",
  "releases.product": "製品",
  "releases.platform": "プラットフォーム",
  "releases.language": "言語",
  "releases.filters": "表示するリリースノートを選択",
  "releases.version": "バージョン {version}",
  "releases.released": "公開日",
  "releases.download": "ダウンロード",
  "releases.downloadVersion": "{name} {version} をダウンロード",
  "releases.empty": "表示できるリリースノートはまだありません。",
  "releases.list": "{name}のバージョン",
  "releases.otherApps": "アプリのリリースノート",
  "releases.unknownApp": "このアプリのリリースノートはありません。",
} as const satisfies Record<ContentKey, string>;
