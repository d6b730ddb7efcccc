export * from "./json-ld.ts";
export * from "./merchant.ts";
export * from "./pages.ts";
export * from "./previews.ts";
