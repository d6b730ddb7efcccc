export * from "./brand.ts";
export * from "./constants.ts";
export * from "./content/index.ts";
export * from "./errors.ts";
export * from "./money.ts";
export * from "./schemas.ts";
export * from "./statuses.ts";
export * from "./storefront/index.ts";
