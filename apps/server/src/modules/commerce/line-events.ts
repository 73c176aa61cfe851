/**
 * The record of an order line's transitions (ADR 0193): one row per move, written in the move's
 * transaction, read as the order page's timeline. Kinds are the contract's ORDER_EVENT_KINDS.
 */
import type { OrderEvent } from "@market/contract";
import type { Executor } from "../../db/client.js";
import { orderLineEvents } from "../../db/schema/index.js";
import { ledgerNow } from "../ledger/ledger.service.js";

/**
 * Record that line `lineId` of order `orderId` went through `kind`, by `actorId` (null: the
 * store's timers), with a sentence for the timeline. Its time is the transaction's (or the demo's
 * `ledger.as_of`, so the demo history reads right).
 */
export async function recordLineEvent(
  tx: Executor,
  e: { orderId: string; lineId: string; kind: OrderEvent["kind"]; actorId: string | null; text: string },
): Promise<void> {
  await tx.insert(orderLineEvents).values({ ...e, createdAt: ledgerNow });
}
