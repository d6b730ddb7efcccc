export * from "./academy.ts";
export * from "./blog.ts";
export * from "./games.ts";
export * from "./mobile-kit.ts";
export * from "./release-notes.ts";
