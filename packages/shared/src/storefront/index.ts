export * from "./banners.ts";
export * from "./compatibility.ts";
export * from "./constants.ts";
export * from "./finder.ts";
export * from "./rich-text.ts";
export * from "./schemas.ts";
export * from "./share.ts";
export * from "./subscribe-visit.ts";
