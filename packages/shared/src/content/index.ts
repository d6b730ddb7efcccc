export * from "./academy.ts";
export * from "./blog.ts";
export * from "./blog-input.ts";
export * from "./games.ts";
export * from "./games-input.ts";
export * from "./mobile-kit.ts";
export * from "./release-notes.ts";
export * from "./release-notes-input.ts";
