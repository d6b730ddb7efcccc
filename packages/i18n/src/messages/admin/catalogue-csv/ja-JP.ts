import type { adminCatalogueCsvEnUS } from "./en-US.ts";

export const adminCatalogueCsvJaJP = {
  "admin.server.catalogueCsv.tooLarge": "ファイルが5 MiBを超えています。小さなファイルに分けてください",
  "admin.server.catalogueCsv.empty":
    "ファイルに行がありません。カタログを書き出したファイルから始めてください",
  "admin.server.catalogueCsv.headerMissing": "この列が1行目にありません",
  "admin.server.catalogueCsv.headerUnknown": "1行目に取り込みで使えない列があります",
  "admin.server.catalogueCsv.headerTwice": "この列が1行目に2回あります",
  "admin.server.catalogueCsv.cellCount": "この行のセルの数が1行目と違います",
  "admin.server.catalogueCsv.required": "値を入力してください",
  "admin.server.catalogueCsv.status": "draft、active、archived のいずれかにしてください",
  "admin.server.catalogueCsv.type": "glasses、accessories、packs のいずれかにしてください",
  "admin.server.catalogueCsv.available": "true または false にしてください",
  "admin.server.catalogueCsv.stock": "在庫数は0以上の整数にしてください",
  "admin.server.catalogueCsv.version": "書き出したときの product_version（整数）にしてください",
  "admin.server.catalogueCsv.newVersion":
    "このハンドルの商品はありません。新しい商品の product_version は空にしてください",
  "admin.server.catalogueCsv.versionMissing":
    "書き出したファイルにあるこの商品の product_version を入力してください",
  "admin.server.catalogueCsv.exportedBefore":
    "この商品は書き出した後に変更されています。もう一度書き出してください",
  "admin.server.catalogueCsv.differsFromFirst": "この商品の最初の行と値が違います",
  "admin.server.catalogueCsv.skuTwice": "このSKUは前の行にもあります",
  "admin.server.catalogueCsv.skuOtherProduct": "このSKUは別の商品が使っています",
  "admin.server.catalogueCsv.skuNew":
    "この商品にこのSKUのバリエーションはありません。取り込みでバリエーションを追加できるのは新しい商品だけです",
  "admin.server.catalogueCsv.pictureRequired":
    "画像のない商品は公開（active）にできません。下書き（draft）にしてください",
  "admin.server.catalogueCsv.notPreviewed":
    "プレビューしたファイルと違います。もう一度プレビューしてください",
  "admin.server.catalogueCsv.changedSincePreview":
    "プレビューの後にカタログが変更されました。もう一度ファイルをプレビューしてください",
  "admin.server.catalogueCsv.hasErrors": "ファイルに誤りがあります。直してからもう一度プレビューしてください",
  "admin.server.catalogueCsv.unclosedQuote": "引用符で始まるセルが閉じられていません",
  "admin.server.catalogueCsv.textAfterQuote":
    "閉じ引用符の後に文字があります。セル全体を引用符で囲み、中の引用符は2つ重ねてください",
  "admin.server.catalogueCsv.quoteInside":
    "引用符で囲まれていないセルに引用符があります。セルを引用符で囲み、引用符は2つ重ねてください",
  "admin.catalogueCsv.export": "CSVを書き出す",
  "admin.catalogueCsv.import": "CSVを取り込む",
  "admin.catalogueCsv.title": "CSVからカタログを取り込む",
  "admin.catalogueCsv.intro":
    "カタログを書き出し、表計算ソフトで変更して、ここでファイルを選んでください。プレビューで変更内容を確認できます。適用するまで何も保存されず、適用するとすべてが保存されるか、何も保存されないかのどちらかです。",
  "admin.catalogueCsv.formatHint":
    "1行が1つのバリエーションです。価格はドル（29.00）と円の整数（4400）、在庫は個数で、product_version は書き出したままにしてください。",
  "admin.catalogueCsv.file": "CSVファイル",
  "admin.catalogueCsv.preview": "変更をプレビュー",
  "admin.catalogueCsv.previewing": "ファイルを読んでいます…",
  "admin.catalogueCsv.apply": "変更を適用",
  "admin.catalogueCsv.applying": "適用しています…",
  "admin.catalogueCsv.applyBlocked": "下のセルを直し、もう一度プレビューしてから適用してください。",
  "admin.catalogueCsv.errors": "直すセル（{count}件）",
  "admin.catalogueCsv.errorCell": "{row}行目、{column}列: {message}",
  "admin.catalogueCsv.errorRow": "{row}行目: {message}",
  "admin.catalogueCsv.summary":
    "{rows}行: 新しい商品 {created}件、変更される商品 {changed}件、変更のない行 {unchanged}行。",
  "admin.catalogueCsv.nothing": "このファイルで変わるものはありません。",
  "admin.catalogueCsv.created": "新しい商品",
  "admin.catalogueCsv.changed": "変更される商品",
  "admin.catalogueCsv.rowOf": "{row}行目",
  "admin.catalogueCsv.variants": "バリエーション: {skus}",
  "admin.catalogueCsv.variant": "バリエーション {sku}（{row}）",
  "admin.catalogueCsv.field": "列",
  "admin.catalogueCsv.before": "変更前",
  "admin.catalogueCsv.after": "変更後",
  "admin.catalogueCsv.empty": "（空）",
  "admin.catalogueCsv.done": "取り込みました: 新しい商品 {created}件、変更した商品 {changed}件。",
  "admin.catalogueCsv.chooseFile": "先にCSVファイルを選んでください。",
} as const satisfies Record<keyof typeof adminCatalogueCsvEnUS, string>;
