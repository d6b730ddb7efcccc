export * from "./blog.ts";
export * from "./catalogue.ts";
export * from "./customers.ts";
export * from "./messages.ts";
export * from "./orders.ts";
export * from "./paths.ts";
export * from "./permissions.ts";
export * from "./schemas.ts";
