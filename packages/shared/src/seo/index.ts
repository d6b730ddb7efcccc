export * from "./json-ld.ts";
export * from "./pages.ts";
