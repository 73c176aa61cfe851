/**
 * The life of a paid order line (buyer protection, ADR 0193), written down once: every transition
 * with who may make it, when, and what it does to money and stock. The service that makes the
 * transitions (protection.service.ts) and the ledger's release (earnings.service.ts) read this
 * table; nothing else moves a line. Drawn in docs/ARCHITECTURE.md ("Buyer protection").
 *
 *   unfulfilled --ship--> shipped --deliver--> delivered --receive--> received --release--> completed
 *   unfulfilled --deliver--> delivered (a seller who hands it over in person)
 *   unfulfilled --cancel--> cancelled (the seller with a reason, or the ship-by timer)
 *   unfulfilled | shipped --refuse--> cancelled (pay on delivery: the buyer refused it at the door, ADR 0221)
 *   shipped | delivered --report--> disputed --accept--> refunded
 *   disputed --decide--> refunded (the whole line refunded) | received (released, or part refunded)
 *   unfulfilled | shipped | delivered | received --refund--> refunded (an admin refunds all of it from Transactions)
 *
 * Pure: no database, so any module may import it without a cycle.
 */
import type { FulfilmentStatus } from "@market/contract";

/** Who makes a transition: the line's seller, the order's buyer, an admin, or the store's timers. */
export type Actor = "seller" | "buyer" | "admin" | "timer";

/** The events that move a line. */
export type LineEvent =
  | "ship"
  | "deliver"
  | "receive"
  | "release"
  | "cancel"
  | "refuse"
  | "report"
  | "accept"
  | "decide_refund_all"
  | "decide_rest"
  | "refund";

/** One row of the table. `money`/`stock`: what the transition does, said for people and the docs. */
type Transition = {
  from: readonly FulfilmentStatus[];
  to: FulfilmentStatus;
  who: readonly Actor[];
  when: string;
  money: string;
  stock: string;
};

/** The transition table (ADR 0193, 0194). */
export const LINE_TRANSITIONS: Record<LineEvent, Transition> = {
  ship: {
    from: ["unfulfilled"],
    to: "shipped",
    who: ["seller"],
    when: "the order is paid; carrier and tracking are optional",
    money: "none",
    stock: "none (taken at checkout)",
  },
  deliver: {
    from: ["unfulfilled", "shipped"],
    to: "delivered",
    who: ["seller"],
    when: "the order is paid; starts the buyer's RETURN_WINDOW_DAYS",
    money: "none: the seller's share stays pending",
    stock: "none",
  },
  receive: {
    from: ["delivered"],
    to: "received",
    who: ["buyer", "timer"],
    when: "the buyer confirms, or RETURN_WINDOW_DAYS after delivery with no problem open",
    money: "the share's PAYOUT_HOLD_DAYS start",
    stock: "none",
  },
  release: {
    from: ["received"],
    to: "completed",
    who: ["timer"],
    when: "PAYOUT_HOLD_DAYS after receipt (checked whenever the seller's money is read or spent)",
    money: "the share still pending moves to the seller's available balance",
    stock: "none",
  },
  cancel: {
    from: ["unfulfilled"],
    to: "cancelled",
    who: ["seller", "timer"],
    when: "before shipping: the seller with a reason, or SHIP_BY_DAYS after payment (counts against the seller)",
    money: "full refund of the line and its shipping share; the seller's share and the commission are reversed",
    stock: "the units go back on sale",
  },
  refuse: {
    from: ["unfulfilled", "shipped"],
    to: "cancelled",
    who: ["seller"],
    when: "pay on delivery: the buyer refused it at the door without paying (counts against the buyer; ADR 0221)",
    money: "none: nothing was paid",
    stock: "the units go back on sale",
  },
  report: {
    from: ["shipped", "delivered"],
    to: "disputed",
    who: ["buyer"],
    when: "before receipt (within RETURN_WINDOW_DAYS of delivery); one open problem per line",
    money: "the share is frozen: never released nor paid out while the problem is open",
    stock: "none",
  },
  accept: {
    from: ["disputed"],
    to: "refunded",
    who: ["seller", "timer"],
    when: "the seller accepts, or gives no answer within SELLER_REPLY_DAYS",
    money: "full refund of the line and its shipping share",
    stock: "none (the item is with the buyer or lost)",
  },
  decide_refund_all: {
    from: ["disputed"],
    to: "refunded",
    who: ["admin"],
    when: "the problem is open or answered; the refund covers the whole line",
    money: "refund of the line (and the shipping share asked for)",
    stock: "none",
  },
  decide_rest: {
    from: ["disputed"],
    to: "received",
    who: ["admin"],
    when: "the problem is open or answered; release, or a partial refund",
    money: "the partial refund, if any; the rest of the share follows the received line's hold",
    stock: "none",
  },
  refund: {
    from: ["unfulfilled", "shipped", "delivered", "received"],
    to: "refunded",
    who: ["admin"],
    when: "an admin refunded all that was left of the line from Transactions (a disputed line is decided in Disputes instead; ADR 0228)",
    money: "the refund itself: the seller's share and the commission reversed in proportion",
    stock: "the units go back on sale when the line was not shipped yet",
  },
};

/** The sentence a 409 answers when `event` cannot happen to a line in state `from`. */
export function refusal(event: LineEvent, from: FulfilmentStatus): string {
  const verb: Record<LineEvent, string> = {
    ship: "shipped",
    deliver: "marked delivered",
    receive: "confirmed received",
    release: "released",
    cancel: "cancelled",
    refuse: "marked refused",
    report: "reported",
    accept: "refunded by acceptance",
    decide_refund_all: "decided",
    decide_rest: "decided",
    refund: "refunded",
  };
  return `This item is ${from === "unfulfilled" ? "not shipped yet" : from}: it cannot be ${verb[event]} now`;
}

/** Whether `actor` may make `event` happen to a line in state `from`. */
export function canMove(event: LineEvent, from: FulfilmentStatus, actor: Actor): boolean {
  const t = LINE_TRANSITIONS[event];
  return t.from.includes(from) && t.who.includes(actor);
}

/** States in which the buyer has the goods and kept them: the sale stands (reviews, ratings may count it). */
const RECEIVED_STATES: readonly FulfilmentStatus[] = ["received", "completed"];

/**
 * Whether a line is "received or completed": the buyer confirmed receipt (or the return window closed
 * without a problem, or an admin released it) and the sale stands. For modules that must only count
 * settled sales (e.g. reviews, a seller's rating).
 */
export function isReceivedOrCompleted(state: FulfilmentStatus): boolean {
  return RECEIVED_STATES.includes(state);
}
