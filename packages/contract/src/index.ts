/** Shared contract of the store: Zod schemas, inferred types, constants and texts. */
export * from "./constants.js";
export * from "./images.js";
export * from "./messages.js";
export * from "./money.js";
export * from "./routes.js";
export * from "./schemas/accounts.js";
export * from "./schemas/admin.js";
export * from "./schemas/cart.js";
export * from "./schemas/catalog.js";
export * from "./schemas/common.js";
export * from "./schemas/engagement.js";
export * from "./schemas/finance.js";
export * from "./schemas/password.js";
export * from "./schemas/payout-account.js";
export * from "./schemas/phone.js";
export * from "./schemas/plain-text.js";
export * from "./texts.js";
