/** PostgreSQL enums. Values mirror the contract's constants (packages/contract/src/constants.ts). */
import { pgEnum } from "drizzle-orm/pg-core";

export const accountType = pgEnum("account_type", ["customer", "business", "admin"]);
export const sellerStatus = pgEnum("seller_status", ["pending", "approved"]);
export const categoryType = pgEnum("category_type", ["market-place", "services"]);
/**
 * Order life cycle (design brief "store's rules"): awaiting_payment -> payment_submitted -> paid;
 * awaiting_payment -> cancelled | expired (stock released); payment_submitted -> rejected (stock released);
 * payment_submitted -> unconfirmed (no admin decision in time: stock released, ADR 0081) -> paid
 * (stock reserved again) | rejected.
 */
export const orderStatus = pgEnum("order_status", [
  "awaiting_payment",
  "payment_submitted",
  "paid",
  "cancelled",
  "expired",
  "rejected",
  "unconfirmed",
]);
/**
 * A paid order line's life (buyer protection, ADR 0193; the transition table is
 * modules/commerce/line-life.ts): unfulfilled -> shipped -> delivered -> received -> completed;
 * unfulfilled -> cancelled; shipped | delivered -> disputed -> refunded | received.
 */
export const fulfilmentStatus = pgEnum("fulfilment_status", [
  "unfulfilled",
  "shipped",
  "delivered",
  "received",
  "completed",
  "cancelled",
  "disputed",
  "refunded",
]);
/** A buyer's problem with a line: open -> answered (the seller's word) -> decided; open | answered -> accepted (ADR 0195). */
export const problemStatus = pgEnum("problem_status", ["open", "answered", "accepted", "decided"]);
/** A transfer record: submitted -> confirmed | rejected; submitted -> flagged (not decided in time, ADR 0081) -> confirmed | rejected. */
export const transactionStatus = pgEnum("transaction_status", ["submitted", "confirmed", "rejected", "flagged"]);
export const codePurpose = pgEnum("code_purpose", ["verify_email", "verify_phone", "reset_password"]);
export const outboxChannel = pgEnum("outbox_channel", ["email", "sms"]);
