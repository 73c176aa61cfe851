/**
 * Marketplace money in the API (design brief "Marketplace money"; ADRs 0090-0092): commission
 * settings, a seller's earnings and statement, payouts, refunds. Every amount is naira (kobo / 100).
 */
import { z } from "zod";
import { formatNaira } from "../money.js";
import { Id, Naira } from "./common.js";
import { plainText } from "./plain-text.js";

/** Messages of the money screens and answers, defined once. */
export const FINANCE_MESSAGES = {
  bps: "Enter a rate from 0% to 100% (0 to 10000 basis points)",
  unknownCategory: "One of these categories no longer exists",
  belowMinimum: (minNaira: number) => `The smallest payout is ${formatNaira(minNaira)}`,
  aboveAvailable: "This is more than your available balance",
  nothingAvailable: "You have no available balance to pay out yet",
  unverifiedAccount: "Your payout bank account must be verified before a payout can be made",
  noAccount: "Add your payout bank account in your profile first",
  payoutDecided: (status: string) => `This payout is already ${status}`,
  referenceNeeded: "Enter the bank's reference of the transfer (3 to 100 characters)",
  failureReasonNeeded: "Say why the payout failed (3 to 300 characters)",
  reasonNeeded: "Give the reason for the refund (3 to 300 characters)",
  orderNotPaid: "Only a paid order can be refunded",
  lineNotInOrder: "This line is not part of the order",
  aboveRefundable: (maxNaira: number) => `At most ₦${maxNaira} can still be refunded`,
  nothingRefundable: "Everything in this order has already been refunded",
  sellerAlreadyPaid:
    "The seller's available balance is lower than their share of this refund (it was already paid out); recover it from the seller first",
} as const;

/** A commission rate in basis points (1000 = 10%). */
export const Bps = z
  .number({ message: FINANCE_MESSAGES.bps })
  .int(FINANCE_MESSAGES.bps)
  .min(0, FINANCE_MESSAGES.bps)
  .max(10_000, FINANCE_MESSAGES.bps);

/** The commission settings: the store-wide rate and each category's own rate (null: the store's). */
export const CommissionSettings = z.object({
  store_bps: Bps,
  categories: z.array(z.object({ category_id: z.string(), name: z.string(), type: z.string(), bps: Bps.nullable() })),
});
export type CommissionSettings = z.infer<typeof CommissionSettings>;
export const CommissionSettingsAnswer = z.object({ statusCode: z.number().int(), data: CommissionSettings });
export type CommissionSettingsAnswer = z.infer<typeof CommissionSettingsAnswer>;
/** Change the store-wide rate and/or categories' rates (`bps: null` removes a category's own rate). */
export const CommissionSettingsBody = z.object({
  store_bps: Bps.optional(),
  categories: z
    .array(z.object({ category_id: Id, bps: Bps.nullable() }))
    .max(500)
    .optional(),
});
export const CommissionSettingsUpdateAnswer = z.object({ statusCode: z.number().int(), message: z.string(), data: CommissionSettings });
export type CommissionSettingsBody = z.infer<typeof CommissionSettingsBody>;
export type CommissionSettingsUpdateAnswer = z.infer<typeof CommissionSettingsUpdateAnswer>;

/**
 * The store's settings every page reads (GET /api/settings, public): the free standard shipping
 * threshold in whole naira (0: no free shipping, no promise) and the state it applies in (ADR 0135).
 */
export const StoreSettings = z.object({
  /** True when the store takes card payments through Paystack (PAYSTACK_SECRET_KEY set; ADR 0201). */
  card_payments: z.boolean().optional(),
  free_shipping_over: z.number().int(),
  free_shipping_state: z.string(),
  /** Orders under this total (whole naira) may be paid on delivery (ADR 0220). */
  pay_on_delivery_cap: z.number().int().optional(),
});
export type StoreSettings = z.infer<typeof StoreSettings>;
export const StoreSettingsAnswer = z.object({ statusCode: z.number().int(), data: StoreSettings });
export type StoreSettingsAnswer = z.infer<typeof StoreSettingsAnswer>;
/** The admin's change of the free shipping threshold (PUT /api/admin/shipping), whole naira; 0 turns it off. */
export const ShippingSettingsBody = z.object({
  free_shipping_over: z
    .number({ error: "Enter an amount in naira, or 0 for no free shipping" })
    .int("Enter a whole number of naira")
    .min(0, "The amount cannot be negative")
    .max(100_000_000, "The amount is too large"),
  /** Pay on delivery only for orders under this total, whole naira (ADR 0220); unchanged when absent. */
  pay_on_delivery_cap: z
    .number({ error: "Enter the pay-on-delivery cap in naira" })
    .int("Enter a whole number of naira")
    .min(0, "The amount cannot be negative")
    .max(100_000_000, "The amount is too large")
    .optional(),
});
export type ShippingSettingsBody = z.infer<typeof ShippingSettingsBody>;
export const StoreSettingsUpdateAnswer = z.object({ statusCode: z.number().int(), message: z.string(), data: StoreSettings });
export type StoreSettingsUpdateAnswer = z.infer<typeof StoreSettingsUpdateAnswer>;

/** A seller's balances, in naira. */
export const EarningsBalances = z.object({
  pending: z.number(),
  available: z.number(),
  in_transit: z.number(),
  paid_out: z.number(),
  /** Cash the seller's couriers collected on delivery still owed to the store, netted from the available balance (ADR 0222). */
  owed: z.number().optional(),
  /** Days after delivery before a line's share becomes available. */
  holding_days: z.number().int(),
  /** The smallest payout, naira. */
  min_payout: z.number(),
  bank_account_verified: z.boolean(),
});
export type EarningsBalances = z.infer<typeof EarningsBalances>;

/** "debt": cash collected on delivery netted from the available balance (ADR 0222). */
export const STATEMENT_KINDS = ["sale", "release", "refund", "payout", "payout_paid", "payout_returned", "debt"] as const;
/** One entry of a seller's statement (newest first). `amount` is signed naira on `balance`. */
export const StatementEntry = z.object({
  _id: z.string(),
  kind: z.enum(STATEMENT_KINDS),
  balance: z.enum(["pending", "available"]),
  amount: z.number(),
  order_id: z.string().nullable(),
  line_id: z.string().nullable(),
  line_name: z.string().nullable(),
  /** The line's amount and the commission kept on it (sales only). */
  line_amount: z.number().nullable(),
  commission: z.number().nullable(),
  payout_id: z.string().nullable(),
  memo: z.string(),
  createdAt: z.string(),
});
export type StatementEntry = z.infer<typeof StatementEntry>;
export const EarningsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: z.string().max(200).optional(),
});
export const EarningsAnswer = z.object({
  statusCode: z.number().int(),
  data: EarningsBalances,
  statement: z.array(StatementEntry),
  nextCursor: z.string().nullable(),
});
export type EarningsAnswer = z.infer<typeof EarningsAnswer>;

export const PAYOUT_STATUSES = ["requested", "paid", "failed", "reversed"] as const;
export const Payout = z.object({
  _id: z.string(),
  seller: z.object({ _id: z.string(), names: z.string(), email: z.string() }),
  amount: z.number(),
  status: z.enum(PAYOUT_STATUSES),
  provider: z.string(),
  bank_code: z.string(),
  account_no: z.string(),
  account_name: z.string(),
  reference: z.string().nullable(),
  failure_reason: z.string().nullable(),
  paid_at: z.string().nullable(),
  createdAt: z.string(),
});
export type Payout = z.infer<typeof Payout>;
/** Request a payout: `amount` in naira, or nothing for the whole available balance. */
export const PayoutRequestBody = z.object({ amount: Naira.refine((n) => n > 0, "Enter an amount above ₦0").optional() });
export const PayoutAnswer = z.object({ statusCode: z.number().int(), message: z.string(), data: Payout });
export type PayoutAnswer = z.infer<typeof PayoutAnswer>;
export const PayoutsQuery = z.object({
  status: z.enum(PAYOUT_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: z.string().max(200).optional(),
});
export const PayoutsAnswer = z.object({ statusCode: z.number().int(), data: z.array(Payout), nextCursor: z.string().nullable() });
export type PayoutsAnswer = z.infer<typeof PayoutsAnswer>;
/**
 * The admin records a manual payout as paid (with the bank's reference) or failed (money back to
 * the seller), or sends it through Paystack Transfers.
 */
export const PayoutActionBody = z.discriminatedUnion("action", [
  z.object({
    payout_id: Id,
    action: z.literal("paid"),
    reference: plainText("Reference", FINANCE_MESSAGES.referenceNeeded)
      .min(3, FINANCE_MESSAGES.referenceNeeded)
      .max(100, FINANCE_MESSAGES.referenceNeeded),
  }),
  z.object({
    payout_id: Id,
    action: z.literal("failed"),
    reason: plainText("Reason", FINANCE_MESSAGES.failureReasonNeeded)
      .min(3, FINANCE_MESSAGES.failureReasonNeeded)
      .max(300, FINANCE_MESSAGES.failureReasonNeeded),
  }),
  /** Send through Paystack Transfers (only when the store has a Paystack key); settled by its webhook. */
  z.object({ payout_id: Id, action: z.literal("send") }),
]);
export type PayoutActionBody = z.infer<typeof PayoutActionBody>;

/** A refund as the buyer and the admin see it. */
export const Refund = z.object({
  _id: z.string(),
  order_id: z.string(),
  line_id: z.string().nullable(),
  amount: z.number(),
  reason: z.string(),
  createdAt: z.string(),
});
export type Refund = z.infer<typeof Refund>;
/**
 * Refund a paid order: a line (`line_id`; `amount` naira, or nothing for what is left of it) or the
 * whole order (no `line_id`, no `amount`: every line's remainder and the shipping).
 */
export const RefundBody = z
  .object({
    order_id: Id,
    line_id: Id.optional(),
    amount: Naira.refine((n) => n > 0, "Enter an amount above ₦0").optional(),
    reason: plainText("Reason", FINANCE_MESSAGES.reasonNeeded)
      .min(3, FINANCE_MESSAGES.reasonNeeded)
      .max(300, FINANCE_MESSAGES.reasonNeeded),
  })
  .refine((b) => b.amount === undefined || b.line_id !== undefined, { message: "A partial refund names the line", path: ["amount"] });
/** The refunds made: one per line refunded (and one for the shipping of a whole-order refund). */
export const RefundAnswer = z.object({ statusCode: z.number().int(), message: z.string(), data: z.array(Refund) });
export type RefundBody = z.infer<typeof RefundBody>;
export type RefundAnswer = z.infer<typeof RefundAnswer>;

/** The admin's money figures for a period (`from` inclusive, `to` exclusive, ISO times; default: all time). */
export const FinanceSummaryQuery = z.object({
  from: z.iso.datetime({ offset: true, message: "from must be an ISO date-time" }).optional(),
  to: z.iso.datetime({ offset: true, message: "to must be an ISO date-time" }).optional(),
});
const FinanceFigures = z.object({
  /** Sales: line totals of orders paid in the period (before refunds), naira. */
  sales: z.number(),
  /** Commission earned in the period, net of refunds. */
  commission: z.number(),
  shipping: z.number(),
  refunds: z.number(),
  payouts_paid: z.number(),
});
/**
 * The period's figures over time, for charts: one point per day when the period is at most
 * `FINANCE_DAILY_MAX_DAYS` long, else per calendar month, in Lagos time (ADR 0097). `start` is the
 * bucket's first day (YYYY-MM-DD); empty buckets are zeros.
 */
export const FINANCE_DAILY_MAX_DAYS = 62;
export const FinanceSeries = z.object({
  unit: z.enum(["day", "month"]),
  points: z.array(FinanceFigures.omit({ shipping: true }).extend({ start: z.string() })),
});
export type FinanceSeries = z.infer<typeof FinanceSeries>;
export const FinanceSummaryAnswer = z.object({
  statusCode: z.number().int(),
  data: z.object({
    period: FinanceFigures,
    series: FinanceSeries,
    /**
     * Right now, whatever the period: owed to sellers (pending + available), payouts requested, and
     * what sellers owe the store of the cash they collected on delivery (`seller_debt`, ADR 0222).
     */
    now: z.object({ sellers_pending: z.number(), sellers_available: z.number(), payouts_due: z.number(), sellers_owe: z.number() }),
    sellers: z.array(
      FinanceFigures.omit({ shipping: true }).extend({
        seller: z.object({ _id: z.string(), names: z.string() }),
        pending: z.number(),
        available: z.number(),
        /** Cash collected on delivery the seller still owes the store (ADR 0222), naira. */
        owes: z.number(),
      }),
    ),
  }),
});
export type FinanceSummaryAnswer = z.infer<typeof FinanceSummaryAnswer>;

/** What can still be refunded of an order (GET /api/admin/refunds?order_id=), naira. */
export const RefundableQuery = z.object({ order_id: Id });
export const RefundableOrder = z.object({
  order_id: z.string(),
  status: z.string(),
  total: z.number(),
  shipping: z.number(),
  /** Shipping not yet refunded (a whole-order refund gives it back). */
  shipping_refundable: z.number(),
  lines: z.array(
    z.object({
      _id: z.string(),
      name: z.string(),
      seller: z.object({ _id: z.string(), names: z.string() }),
      quantity: z.number().int(),
      amount: z.number(),
      refunded: z.number(),
      refundable: z.number(),
    }),
  ),
  /** Refunds made so far, oldest first. */
  refunds: z.array(Refund),
});
export type RefundableOrder = z.infer<typeof RefundableOrder>;
export const RefundableAnswer = z.object({ statusCode: z.number().int(), data: RefundableOrder });
export type RefundableAnswer = z.infer<typeof RefundableAnswer>;
