/**
 * Commerce shapes (spec §3 "Cart line", "Bank transfer record", "Checkout form", "Bank"; §7 the
 * `/api/cart`, `/api/transactions*` and `/api/v1` wallet calls; brief "Commerce" contract).
 * Money is naira numbers here; the server keeps integer kobo.
 */
import { z } from "zod";
import { DEFAULT_PAYMENT_TYPE, DEFAULT_PRODUCT_TYPE, NUBAN_LENGTH } from "../constants.js";
import { nigerianState } from "../nigeria.js";
import { PAY_ON_DELIVERY } from "../pay-on-delivery.js";
import { SHIPPING_MESSAGES } from "../shipping.js";
import { LineVariant } from "./catalog.js";
import { Id, Naira } from "./common.js";
import { Refund } from "./finance.js";
import { PayOnDeliveryView } from "./pay-on-delivery.js";
import { phoneField } from "./phone.js";
import { plainText } from "./plain-text.js";
import { Problem } from "./protection.js";

/** A NUBAN account number: exactly 10 digits (spec §5, §9). */
export const AccountNo = z
  .string({ message: `Enter the ${NUBAN_LENGTH}-digit account number` })
  .trim()
  .regex(new RegExp(`^\\d{${NUBAN_LENGTH}}$`), `Account number must be ${NUBAN_LENGTH} digits`);

/* ----------------------------------------------------------------------------------------------
 * Cart (spec §3 "Cart line, server form": _id, productId (the product object), count)
 * -------------------------------------------------------------------------------------------- */

/**
 * The product object carried by a server cart line: its category, and the line's variant's name
 * (the product's with the variant's values, "Ankara Wrap Dress, Size M, Blue"), price, stock and
 * picture (first of `image_urls`) (ADR 0215).
 */
export const CartProduct = z.object({
  _id: z.string(),
  user_id: z.string(),
  name: z.string(),
  image_urls: z.array(z.string()),
  price: z.number(),
  count_in_stock: z.number().int(),
  category_id: z.string().nullable(),
});
export type CartProduct = z.infer<typeof CartProduct>;

/**
 * One server cart line. `count` is already clamped to 1..count_in_stock (the variant's) when stock
 * allows; `variant` is the chosen variant (null for a product without options), named with `variantName`.
 */
export const ServerCartLine = z.object({ _id: z.string(), productId: CartProduct, count: z.number().int(), variant: LineVariant });
export type ServerCartLine = z.infer<typeof ServerCartLine>;

/** GET /api/cart answer. */
export const CartListAnswer = z.object({ statusCode: z.number().int(), data: z.array(ServerCartLine) });
export type CartListAnswer = z.infer<typeof CartListAnswer>;

/**
 * POST /api/cart: add or replace the line of `product_id` (its variant `variant_id`, required when
 * the product has options) with `count` units (clamped to the variant's stock).
 */
export const CartAddBody = z.object({
  product_id: Id,
  variant_id: Id.optional(),
  count: z.coerce
    .number({ message: "Quantity must be a number" })
    .int("Quantity must be a whole number")
    .min(1, "Quantity must be at least 1")
    .max(100_000),
});
export type CartAddBody = z.infer<typeof CartAddBody>;

export const CartLineAnswer = z.object({ statusCode: z.number().int(), message: z.string(), data: ServerCartLine });
export type CartLineAnswer = z.infer<typeof CartLineAnswer>;

/** DELETE /api/cart?cart_id=<line id>|all */
export const CartDeleteQuery = z.object({ cart_id: z.union([z.literal("all"), Id], { message: "cart_id must be a cart line id or all" }) });

/* ----------------------------------------------------------------------------------------------
 * Checkout and the bank transfer record (spec §3, §4 "Checkout", §7 createSession / PUT)
 * -------------------------------------------------------------------------------------------- */

const field = (max: number) => z.string().trim().max(max).default("");

/** Shipping address fields as the checkout form sends them (spec §2 Checkout, §3 Address). */
export const ShippingAddressFields = z.object({
  first_name: z.string().trim().min(1, "First name is required").max(100),
  last_name: z.string().trim().min(1, "Last name is required").max(100),
  company: field(120),
  address1: z.string().trim().min(1, "Address is required").max(200),
  address2: field(200),
  city: z.string().trim().min(1, "City is required").max(100),
  state: z.string().trim().min(1, "State is required").max(100),
  country: z.string().trim().min(1, "Country is required").max(100),
  zip: field(20),
  /** Stored in E.164 like every phone of the store (schemas/phone.ts). */
  phone: z.string().trim().min(1, "Phone number is required").pipe(phoneField("Please enter a valid phone number")),
});
export type ShippingAddressFields = z.infer<typeof ShippingAddressFields>;

/**
 * The state an order ships to: one of Nigeria's 36 states or the FCT, stored as NIGERIAN_STATES
 * spells it ("lagos state" -> "Lagos", "Abuja" -> "FCT"), since the delivery fee and days are per
 * state (ADR 0199); anything else is a 400 on `state`.
 */
export const ShippingState = z.string({ message: SHIPPING_MESSAGES.state }).transform((s, ctx) => {
  const state = nigerianState(s);
  if (state) return state;
  ctx.addIssue({ code: "custom", message: SHIPPING_MESSAGES.state });
  return z.NEVER;
});

/** POST /api/transactions/createSession payload (spec §3 "Checkout form", §7). */
export const CreateSessionBody = ShippingAddressFields.extend({
  state: ShippingState,
  shippingFees: z.coerce.number().pipe(Naira).optional(),
  /**
   * Bank transfer (the default, spec §9), or card through Paystack when the store has a Paystack key
   * (ADR 0201; otherwise refused with the spec's "coming soon" sentence), or pay on delivery when
   * every rule allows it (ADR 0220; otherwise 409 with the rule).
   */
  payment_type: z
    .enum([DEFAULT_PAYMENT_TYPE, "card", PAY_ON_DELIVERY], { message: "Choose Bank Transfer, Card payment or Pay on delivery" })
    .default(DEFAULT_PAYMENT_TYPE),
  product_type: z.literal(DEFAULT_PRODUCT_TYPE, { message: "Only market-place products can be checked out" }).default(DEFAULT_PRODUCT_TYPE),
  /** The payer's account: required for a bank transfer (checked by checkout), unused for a card or pay on delivery. */
  account_no: AccountNo.optional(),
  /** The total the shopper saw ("12500.00", naira); only compared with the server's own total. */
  amount: z.coerce.number({ message: "amount must be a number" }).pipe(Naira),
  /**
   * Cancel the shopper's order still awaiting payment and place this one instead; without it such
   * an order makes the checkout answer 409 (one pending order per shopper, ADR 0136).
   */
  replace_pending: z.boolean().optional(),
  /** Pickup points chosen instead of delivery (at most one per seller counts; ADR 0199). */
  pickup_point_ids: z.array(Id).max(20).optional(),
});
export type CreateSessionBody = z.infer<typeof CreateSessionBody>;
/**
 * The checkout form as the web checks it before sending (the total comes from the cart, not a
 * field): the payer's account is checked only for a bank transfer, as checkout does (a card order
 * sends none; ADR 0201).
 */
export const CheckoutFormFields = CreateSessionBody.omit({ amount: true })
  .extend({ account_no: z.string().optional() })
  .superRefine((v, ctx) => {
    if (v.payment_type !== DEFAULT_PAYMENT_TYPE) return;
    const issue = v.account_no
      ? AccountNo.safeParse(v.account_no).error?.issues[0]?.message
      : `Enter the ${NUBAN_LENGTH}-digit account number`;
    if (issue) ctx.addIssue({ code: "custom", path: ["account_no"], message: issue });
  });
/** The checkout form as the web sends it (`amount` the total with 2 decimals, "12500.00"). */
export type CreateSessionInput = z.input<typeof CreateSessionBody>;

/** An order's short human number, e.g. "NM-26-000123": shown wherever the order is. */
export const OrderNumber = z.string();
/**
 * The bank transfer's reference the buyer writes in the transfer's narration, e.g. "K7QX4M9T": 8
 * characters without 0/O or 1/I, unique per order (ADR 0177).
 */
export const PaymentReference = z.string();

/** The bank transfer record the modal shows (spec §3 "Bank transfer record"), plus our order data. */
export const TransferForm = z.object({
  client_account_no: z.string(),
  client_bank: z.string(),
  client_account_name: z.string(),
  /** Total to transfer in naira (subtotal + shipping). */
  amount: z.number(),
  subtotal: z.number(),
  shippingFees: z.number(),
  /** The payer's origin account (as entered at checkout). */
  account_no: z.string(),
  payment_type: z.string(),
  product_type: z.string(),
  order_id: z.string(),
  number: OrderNumber,
  /** What the buyer puts in the transfer's narration, so the admin can match it. */
  reference: PaymentReference,
  /** ISO time when the reservation ends (15-minute window). */
  expires_at: z.string(),
  provider: z.string(),
  address: z.object({
    address1: z.string(),
    address2: z.string(),
    city: z.string(),
    company: z.string(),
    country: z.string(),
    state: z.string(),
    zip: z.string(),
    phone: z.string(),
  }),
});
export type TransferForm = z.infer<typeof TransferForm>;

/**
 * GET /api/transactions/pending: the shopper's order still awaiting payment inside its window, as
 * the Bank Transfer modal shows it ("Continue payment"), or null (ADR 0136).
 */
export const PendingTransferAnswer = z.object({
  statusCode: z.number().int(),
  data: TransferForm.nullable(),
});
export type PendingTransferAnswer = z.infer<typeof PendingTransferAnswer>;

/**
 * POST /api/transactions/card: continue paying a card order (the buyer left Paystack's page; ADR
 * 0223). Paystack is asked first: a payment it reports is applied as its callback applies it and
 * `message` says the outcome (`paid` true; or, not paid, refunded as too late, wrong amount, order
 * closed: `authorization_url` null). Else, in the order's window, the same Paystack page, for the
 * same reference and total.
 */
export const ContinueCardBody = z.object({ order_id: Id });
export type ContinueCardBody = z.infer<typeof ContinueCardBody>;
export const ContinueCardAnswer = z.object({
  statusCode: z.number().int(),
  message: z.string(),
  data: z.object({ paid: z.boolean(), authorization_url: z.string().nullable(), expires_at: z.string() }),
});
export type ContinueCardAnswer = z.infer<typeof ContinueCardAnswer>;

/** createSession answer: `data.data === "session"` opens the Bank Transfer modal (spec §4 Checkout). */
export const CreateSessionAnswer = z.object({
  statusCode: z.number().int(),
  data: z.object({
    message: z.string(),
    data: z.literal("session"),
    Form: TransferForm,
    /** Card payment (ADR 0201): Paystack's page to send the buyer to. */
    authorization_url: z.string().optional(),
  }),
});
export type CreateSessionAnswer = z.infer<typeof CreateSessionAnswer>;

/** Where Paystack sends a card buyer back (ADR 0201): the transaction's reference, under either name. */
export const PaystackCallbackQuery = z.object({ reference: z.string().max(100).optional(), trxref: z.string().max(100).optional() });

/** PUT /api/transactions: "I have made payment" with the record. Extra record fields are ignored. */
export const SubmitTransferBody = z.looseObject({ order_id: Id, account_no: AccountNo });
export type SubmitTransferBody = z.infer<typeof SubmitTransferBody>;

export const SubmitTransferAnswer = z.object({
  statusCode: z.number().int(),
  message: z.string(),
  data: z.object({ transaction_id: z.string(), order_id: z.string(), status: z.string() }),
});
export type SubmitTransferAnswer = z.infer<typeof SubmitTransferAnswer>;

/** DELETE /api/transactions?order_id= (cancel: the reserved stock goes back). */
export const CancelTransferQuery = z.object({ order_id: Id });

/* ----------------------------------------------------------------------------------------------
 * Orders (buyer history, seller lines, admin transfers)
 * -------------------------------------------------------------------------------------------- */

/** Page of an order list: newest first, `cursor` from the previous answer's `nextCursor`. */
export const OrdersPageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: z.string().max(200).optional(),
});

/**
 * "unconfirmed": the buyer said they paid but no admin confirmed the transfer in time, so the
 * items went back on sale (ADR 0081); an admin may still confirm (if the stock allows) or reject.
 */
export const ORDER_STATUSES = ["awaiting_payment", "payment_submitted", "paid", "cancelled", "expired", "rejected", "unconfirmed"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/**
 * A paid line's life (buyer protection, ADR 0193): unfulfilled -> shipped -> delivered -> received
 * (the buyer, or the return window) -> completed (the seller's share released); unfulfilled ->
 * cancelled; shipped | delivered -> disputed (a problem reported) -> refunded | received.
 */
export const FULFILMENT_STATUSES = [
  "unfulfilled",
  "shipped",
  "delivered",
  "received",
  "completed",
  "cancelled",
  "disputed",
  "refunded",
] as const;
export type FulfilmentStatus = (typeof FULFILMENT_STATUSES)[number];
/** "flagged": submitted but not decided within the configured time; its order's stock was released (ADR 0081). */
export const TRANSACTION_STATUSES = ["submitted", "confirmed", "rejected", "flagged"] as const;

export const BuyerOrderLine = z.object({
  _id: z.string(),
  product_id: z.string().nullable(),
  /** The line's name with its variant ("Ankara Wrap Dress, Size M, Blue"), as at checkout. */
  name: z.string(),
  variant: LineVariant,
  image_url: z.string().nullable(),
  unit_price: z.number(),
  quantity: z.number().int(),
  fulfilment: z.enum(FULFILMENT_STATUSES),
});
export type BuyerOrderLine = z.infer<typeof BuyerOrderLine>;
export const BuyerOrder = z.object({
  _id: z.string(),
  number: OrderNumber,
  status: z.enum(ORDER_STATUSES),
  total: z.number(),
  subtotal: z.number(),
  shipping: z.number(),
  createdAt: z.string(),
  reserved_until: z.string(),
  lines: z.array(BuyerOrderLine),
  /** Refunds of this order (ADR 0093), oldest first; always sent by the server. */
  refunds: z.array(Refund).optional(),
  /**
   * Paid on delivery and some courier still to be paid (ADR 0220): the order reads "Pay on
   * delivery", not "Paid". Always sent by the server.
   */
  pay_at_door: z.boolean().optional(),
});
export type BuyerOrder = z.infer<typeof BuyerOrder>;
export const BuyerOrdersAnswer = z.object({
  statusCode: z.number().int(),
  data: z.array(BuyerOrder),
  nextCursor: z.string().nullable().optional(),
});
export type BuyerOrdersAnswer = z.infer<typeof BuyerOrdersAnswer>;

/** A paid order's line as its seller sees it (back office "Ordered Products"). */
export const SellerOrderLine = z.object({
  _id: z.string(),
  order_id: z.string(),
  order_number: OrderNumber,
  product_id: z.string().nullable(),
  /** The line's name with its variant, as at checkout. */
  name: z.string(),
  variant: LineVariant,
  image_url: z.string().nullable(),
  quantity: z.number().int(),
  unit_price: z.number(),
  amount: z.number(),
  fulfilment: z.enum(FULFILMENT_STATUSES),
  order_status: z.enum(ORDER_STATUSES),
  buyer: z.object({ names: z.string(), city: z.string() }),
  createdAt: z.string(),
  /** Buyer protection (ADR 0193): until when to ship (unshipped lines), the carrier and tracking given, the problem to answer. */
  ship_by: z.string().nullable(),
  carrier: z.string(),
  tracking: z.string(),
  open_problem: Problem.nullable(),
  /**
   * Paid on delivery and not collected yet (ADR 0221): delivered with the buyer's code on the order
   * page, not "Mark delivered". Always sent by the server.
   */
  collect_at_door: z.boolean().optional(),
});
export type SellerOrderLine = z.infer<typeof SellerOrderLine>;
export const SellerOrderLinesAnswer = z.object({
  statusCode: z.number().int(),
  data: z.array(SellerOrderLine),
  nextCursor: z.string().nullable().optional(),
});
export type SellerOrderLinesAnswer = z.infer<typeof SellerOrderLinesAnswer>;

export const UpdateOrderLineBody = z.object({
  line_id: Id,
  fulfilment: z.enum(["shipped", "delivered"], { message: "fulfilment must be shipped or delivered" }),
  /** When shipping: the carrier ("GIG Logistics") and the tracking number or link, both optional. */
  carrier: plainText("Carrier").max(60, "Carrier: at most 60 characters").optional(),
  tracking: plainText("Tracking").max(300, "Tracking: at most 300 characters").optional(),
});
export type UpdateOrderLineBody = z.infer<typeof UpdateOrderLineBody>;
export const UpdateOrderLineAnswer = z.object({ statusCode: z.number().int(), message: z.string(), data: SellerOrderLine });
export type UpdateOrderLineAnswer = z.infer<typeof UpdateOrderLineAnswer>;

/** A bank transfer as the admin's Transactions page lists it. */
export const AdminTransaction = z.object({
  _id: z.string(),
  order_id: z.string(),
  order_number: OrderNumber,
  reference: PaymentReference,
  amount: z.number(),
  payer_account_no: z.string(),
  client_account_no: z.string(),
  client_bank: z.string(),
  provider: z.string(),
  status: z.enum(TRANSACTION_STATUSES),
  /** When it was flagged for not being decided in time (kept after a later decision), or null. */
  flagged_at: z.string().nullable(),
  order_status: z.enum(ORDER_STATUSES),
  buyer: z.object({ _id: z.string(), names: z.string(), email: z.string() }),
  createdAt: z.string(),
});
export type AdminTransaction = z.infer<typeof AdminTransaction>;
export const AdminTransactionsQuery = OrdersPageQuery.extend({
  status: z.enum(TRANSACTION_STATUSES).optional(),
  /** An order number ("NM-26-000123", or its last digits "123") or a payment reference, any letter case. */
  q: z.string().trim().max(40).optional(),
});
export type AdminTransactionsQuery = z.input<typeof AdminTransactionsQuery>;
export const AdminTransactionsAnswer = z.object({
  statusCode: z.number().int(),
  data: z.array(AdminTransaction),
  nextCursor: z.string().nullable().optional(),
});
export type AdminTransactionsAnswer = z.infer<typeof AdminTransactionsAnswer>;
export const AdminTransactionActionBody = z.object({
  transaction_id: Id,
  action: z.enum(["confirm", "reject"], { message: "action must be confirm or reject" }),
});
export type AdminTransactionActionBody = z.infer<typeof AdminTransactionActionBody>;
export const AdminTransactionActionAnswer = z.object({ statusCode: z.number().int(), message: z.string(), data: AdminTransaction });
export type AdminTransactionActionAnswer = z.infer<typeof AdminTransactionActionAnswer>;

/* ----------------------------------------------------------------------------------------------
 * One order (GET /api/orders/{id}): the buyer's, a seller's or the admin's view
 * -------------------------------------------------------------------------------------------- */

/** Someone on an order, as the viewer may see them: contacts only to the seller (paid) and the admin. */
export const OrderPerson = z.object({
  _id: z.string(),
  names: z.string(),
  email: z.string().optional(),
  phone: z.string().optional(),
});
export type OrderPerson = z.infer<typeof OrderPerson>;

/** A line of the order with its fulfilment and when it moved (ISO times, null when not yet). */
export const OrderViewLine = BuyerOrderLine.extend({
  amount: z.number(),
  seller: OrderPerson,
  shipped_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  /** Buyer protection (ADR 0193): carrier and tracking (a link when it is one), receipt, cancellation. */
  carrier: z.string(),
  tracking: z.string(),
  tracking_url: z.string().nullable(),
  received_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  cancel_reason: z.string().nullable(),
  /** Until when the seller may ship (unfulfilled lines of a paid order), and the buyer may report (delivered lines). */
  ship_by: z.string().nullable(),
  report_until: z.string().nullable(),
  /** The line's problems, oldest first (the thread: the buyer's report, the seller's answer, the decision). */
  problems: z.array(Problem),
});
export type OrderViewLine = z.infer<typeof OrderViewLine>;

/** The delivery address the buyer gave at checkout, with the phone to call on delivery. */
export const OrderAddress = z.object({
  first_name: z.string(),
  last_name: z.string(),
  company: z.string(),
  address1: z.string(),
  address2: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  zip: z.string(),
  phone: z.string(),
  /** The phone in international form ("+2348031234567") for tel: and WhatsApp links; null when it cannot be read as a number. */
  phone_international: z.string().nullable(),
});
export type OrderAddress = z.infer<typeof OrderAddress>;

/** One step of the order's story, from stored times, oldest first. */
export const ORDER_EVENT_KINDS = [
  "placed",
  "transfer_submitted",
  "payment_confirmed",
  "payment_rejected",
  "transfer_flagged",
  "cancelled",
  "expired",
  "shipped",
  "delivered",
  "refunded",
  "received",
  "line_cancelled",
  "problem_reported",
  "problem_answered",
  "problem_accepted",
  "problem_decided",
  "completed",
] as const;
export const OrderEvent = z.object({
  kind: z.enum(ORDER_EVENT_KINDS),
  at: z.string(),
  text: z.string(),
  /** The line the event is about (buyer-protection events), or absent. */
  line_id: z.string().optional(),
});
export type OrderEvent = z.infer<typeof OrderEvent>;

/**
 * One seller's shipment of the order, as fixed at checkout (ADR 0199): its fee (naira; the store's
 * rate is charged once, on the first such shipment, so others show 0), the delivery days, or the
 * pickup point the buyer chose. Once paid, `expected_from`/`expected_to` are the payment's day plus
 * the fewest and most days (ISO times).
 */
export const OrderShipment = z.object({
  seller: OrderPerson,
  fee: z.number(),
  min_days: z.number().int(),
  max_days: z.number().int(),
  /** The store's rate (the store keeps the fee) rather than the seller's own (ADR 0200). */
  store_rate: z.boolean(),
  pickup: z.object({ name: z.string(), address: z.string(), state: z.string() }).nullable(),
  expected_from: z.string().nullable(),
  expected_to: z.string().nullable(),
});
export type OrderShipment = z.infer<typeof OrderShipment>;

/**
 * GET /api/orders/{id}. `view`: "buyer" (their own order), "seller" (only their lines of a paid
 * order; `totals`, `payment` and `refunds` null/empty) or "admin" (everything, with contacts).
 * `address` (with its phone) is sent to the buyer, to the seller of a paid order's lines and to the
 * admin; never cached (ADR 0178).
 */
export const OrderView = z.object({
  view: z.enum(["buyer", "seller", "admin"]),
  _id: z.string(),
  number: OrderNumber,
  status: z.enum(ORDER_STATUSES),
  createdAt: z.string(),
  buyer: OrderPerson,
  address: OrderAddress.nullable(),
  lines: z.array(OrderViewLine),
  /** One per seller of the lines shown (a seller sees only their own); none for an order from before shipments were kept. */
  shipments: z.array(OrderShipment),
  totals: z.object({ subtotal: z.number(), shipping: z.number(), total: z.number(), refunded: z.number() }).nullable(),
  payment: z
    .object({
      method: z.string(),
      reference: PaymentReference,
      payer_account_no: z.string().nullable(),
      transfer: z
        .object({
          _id: z.string(),
          status: z.enum(TRANSACTION_STATUSES),
          amount: z.number(),
          client_bank: z.string(),
          client_account_no: z.string(),
          submitted_at: z.string(),
          reviewed_at: z.string().nullable(),
          flagged_at: z.string().nullable(),
        })
        .nullable(),
    })
    .nullable(),
  refunds: z.array(Refund),
  /** Pay on delivery (ADR 0220, 0221): the amount, the code's sending and each seller's delivery; null for other orders. */
  pay_on_delivery: PayOnDeliveryView.nullable().optional(),
  timeline: z.array(OrderEvent),
  /** The lines' recorded events (ship, deliver, receive, cancel, problems), oldest first; also in `timeline`. */
  events: z.array(OrderEvent),
});
export type OrderView = z.infer<typeof OrderView>;
export const OrderViewAnswer = z.object({ statusCode: z.number().int(), data: OrderView });
export type OrderViewAnswer = z.infer<typeof OrderViewAnswer>;
export const OrderIdParams = z.object({ id: Id });

/* ----------------------------------------------------------------------------------------------
 * Wallet plugin /api/v1 (spec §7 helper calls "banks" and "client_bank_account_namefinder")
 * -------------------------------------------------------------------------------------------- */

export const Bank = z.object({ bank_name: z.string(), bank_code: z.string() });
export type Bank = z.infer<typeof Bank>;

/** `bank_id` is the `bank_code` of a bank in GET /api/v1/banks. */
export const NameFinderBody = z.object({
  bank_id: z
    .string({ message: "Choose a bank" })
    .trim()
    .regex(/^[A-Za-z0-9]{2,12}$/, "Choose a bank from the list"),
  account_no: AccountNo,
});
export type NameFinderBody = z.infer<typeof NameFinderBody>;
export const NameFinderAnswer = z.object({ statusCode: z.number().int(), data: z.object({ account_name: z.string() }) });
export type NameFinderAnswer = z.infer<typeof NameFinderAnswer>;
