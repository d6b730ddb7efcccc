export * from "./academy.ts";
export * from "./release-notes.ts";
