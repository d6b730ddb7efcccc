export * from "./catalogues.ts";
export * from "./format.ts";
export * from "./locales.ts";
export { type Catalogue, enUS, type MessageKey } from "./messages/en-US.ts";
export * from "./translate.ts";
