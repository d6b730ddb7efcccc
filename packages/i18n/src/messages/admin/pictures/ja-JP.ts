import type { adminPicturesEnUS } from "./en-US.ts";

export const adminPicturesJaJP = {
  "admin.server.pictures.notAPicture": "このファイルは JPEG・PNG・WebP の画像ではありません",
  "admin.server.pictures.tooLarge": "画像が 10 MB を超えています",
  "admin.server.pictures.tooManyPixels": "画像が 4000 万画素を超えています",
  "admin.server.pictures.tooSmall": "画像は 200 × 200 ピクセル以上にしてください",
  "admin.server.pictures.pictureNotFound": "このIDの画像はありません",
  "admin.server.pictures.altText": "250文字以内の1行で入力してください",
  "admin.server.pictures.altRequired": "画像の説明を英語で入力してください",
  "admin.server.pictures.cannotMove": "この画像はすでに端にあります",
  "admin.server.pictures.staleAlt":
    "開いた後に別の人がこの画像の代替テキストを変更しました。内容を確認してもう一度保存してください",
  "admin.server.pictures.lastPictureOfActive":
    "公開中の商品には画像が1枚以上必要です。先に別の画像を追加するか、下書きに戻してください",
  "admin.pictures.title": "画像",
  "admin.pictures.intro":
    "JPEG・PNG・WebP、200 × 200 ピクセル以上、10 MB まで。ショップにはこの順で表示されます。画像がない商品にはストアのイラストが表示されます。",
  "admin.pictures.none": "まだ画像はアップロードされていません。",
  "admin.pictures.file": "画像ファイル",
  "admin.pictures.altEn": "代替テキスト（英語）",
  "admin.pictures.altJa": "代替テキスト（日本語）",
  "admin.pictures.altHelp": "画像が見えない方のために、写っているものを説明してください。",
  "admin.pictures.upload": "画像をアップロード",
  "admin.pictures.uploading": "アップロード中…",
  "admin.pictures.uploaded": "画像を追加しました。",
  "admin.pictures.chooseFile": "アップロードするファイルを選んでください",
  "admin.pictures.saveAlt": "代替テキストを保存",
  "admin.pictures.altSaved": "代替テキストを保存しました。",
  "admin.pictures.moveUp": "画像 {n} を上へ移動",
  "admin.pictures.moveDown": "画像 {n} を下へ移動",
  "admin.pictures.delete": "画像 {n} を削除",
  "admin.pictures.deleteConfirm": "この画像を削除しますか？ショップからすぐに表示されなくなります。",
  "admin.pictures.deleted": "画像を削除しました。",
  "admin.pictures.item": "画像 {n}（全 {total} 枚）",
  "admin.pictures.size": "{format}、{width} × {height} ピクセル",
} as const satisfies Record<keyof typeof adminPicturesEnUS, string>;
