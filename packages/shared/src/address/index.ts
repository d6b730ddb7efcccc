export * from "./countries.ts";
export * from "./format.ts";
export * from "./messages.ts";
