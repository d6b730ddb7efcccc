export * from "./format.ts";
export * from "./locales.ts";
export { type Catalogue, enUS, type MessageKey } from "./messages/en-US.ts";
export { jaJP } from "./messages/ja-JP.ts";
export { zhCN } from "./messages/zh-CN.ts";
export * from "./translate.ts";
