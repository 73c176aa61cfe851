/** The whole database schema (snake_case tables). Migrations are generated from it by drizzle-kit. */
export * from "./catalog.js";
export * from "./commerce.js";
export * from "./enums.js";
export * from "./ledger.js";
export * from "./notifications.js";
export * from "./search.js";
export * from "./shipping.js";
export * from "./system.js";
export * from "./trust.js";
export * from "./users.js";
