export * from "./account.ts";
export * from "./checkout.ts";
export * from "./common.ts";
export * from "./content.ts";
export * from "./openapi.ts";
export * from "./orders.ts";
export * from "./paths.ts";
export * from "./storefront.ts";
