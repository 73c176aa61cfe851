/**
 * Pay on delivery without Zod (ADR 0220, 0221): the payment type's name, its limits and every
 * sentence its refusals say, defined once for the API, the checkout and the order pages.
 */
import { formatNaira } from "./money.js";

/** The payment type of an order paid in cash to the seller's courier (ADR 0220). */
export const PAY_ON_DELIVERY = "pay_on_delivery";

/** The default cap of a pay-on-delivery order, naira (the admin's setting starts at it). */
export const POD_CAP_NAIRA = 100_000;
/**
 * A seller's debt to the store not covered by their pending and available balances (cash their
 * couriers collected and kept, whole naira) above which pay on delivery is not offered for their
 * items: the store's exposure to one seller stays bounded (ADR 0222).
 */
export const POD_SELLER_DEBT_LIMIT_NAIRA = 50_000;

/** Days a buyer has to say they did not refuse a delivery; the refusal counts against them only after (ADR 0221). */
export const POD_CONTEST_DAYS = 7;

/** Unpaid refusals after which a buyer is no longer offered pay on delivery. */
export const POD_MAX_REFUSALS = 2;
/** Wrong delivery codes that lock a seller's delivery of an order until an admin unlocks it. */
export const POD_MAX_TRIES = 5;
/** Digits of the delivery code sent to the buyer by SMS. */
export const POD_CODE_LENGTH = 6;
/** The buyer may have the code sent again at most this many times per order, a minute apart. */
export const POD_MAX_SENDS = 5;
export const POD_RESEND_SECONDS = 60;

/** The sentences of pay on delivery: each refusal names the rule it failed. */
export const POD_MESSAGES = {
  phone: "Pay on delivery needs a verified phone number: verify your phone in your account, or choose Bank Transfer.",
  refusals: `Pay on delivery is no longer offered to you: ${POD_MAX_REFUSALS} of your orders were refused at delivery without payment. Choose Bank Transfer.`,
  cap: (capNaira: number) => `Pay on delivery is only for orders under ${formatNaira(capNaira)}: choose Bank Transfer for this order.`,
  seller: (item: string, state: string) =>
    `${item} cannot be paid on delivery in ${state}: its seller does not accept pay on delivery there. Choose Bank Transfer.`,
  pickup: (item: string) =>
    `${item} is to be collected at a pickup point: pay on delivery is only for door delivery. Choose Bank Transfer.`,
  sellerDebt: (item: string) =>
    `${item} cannot be paid on delivery: its seller first has to settle cash collected for the store. Choose Bank Transfer.`,
  noState: "Pay on delivery needs a Nigerian state in the address.",
  wrongCode: (left: number) => `That is not the buyer's delivery code: ${left} ${left === 1 ? "try" : "tries"} left.`,
  locked: `The delivery code is locked after ${POD_MAX_TRIES} wrong tries: ask the store's admin to unlock it.`,
  notPod: "This order is not paid on delivery.",
  done: "This delivery is already settled.",
  resendWait: (seconds: number) => `The code was just sent: you can have it sent again in ${seconds} seconds.`,
  resendMax: `The code was already sent ${POD_MAX_SENDS} times: contact the store if it does not arrive.`,
  notCollected: "Nothing was paid for this yet: it is paid to the seller's courier on delivery.",
  reportBeforePaid: "You have not paid for this item yet: if it is not right, refuse it at the door and do not give the courier your code.",
  /** The buyer is told of every refusal (ADR 0221): the seller's word alone, so the buyer can say otherwise. */
  refusedBuyer: (number: string, seller: string) =>
    `Order ${number}: ${seller} says you refused the delivery at the door without paying. If you did not, say so on the order's page within ${POD_CONTEST_DAYS} days.`,
  notRefused: "This delivery was not marked refused.",
  contested: "You already said you did not refuse this delivery: the store is looking into it.",
  contestClosed: `It is more than ${POD_CONTEST_DAYS} days since this delivery was marked refused.`,
  deliverWithCode: "This item is paid on delivery: enter the buyer's delivery code to mark it delivered and paid.",
} as const;

/** What the buyer's order page says: "Pay the courier ₦X on delivery". */
export const payTheCourier = (naira: number) => `Pay the courier ${formatNaira(naira)} on delivery`;
