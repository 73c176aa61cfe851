/**
 * Paystack webhook events are applied once (ADR 0031, 0094): each event's id goes into
 * `payment_events` in the same transaction as its effect, so a redelivery finds it there and
 * changes nothing. Shared by the charge events (payments/paystack.ts) and the transfer events of
 * payouts (ledger/paystack-transfers.ts).
 */
import type { Tx } from "../../../db/client.js";
import { paymentEvents } from "../../../db/schema/index.js";

/** What every Paystack event carries that its deduplication needs. */
export type PaystackEventKey = { event: string; data?: { id?: number | string; reference?: string } };

/**
 * Record `event` in the caller's transaction. Answers true the first time, false when this event
 * (same kind, same Paystack id, or the reference when there is no id) was recorded before.
 */
export async function recordPaystackEventOnce(tx: Tx, event: PaystackEventKey): Promise<boolean> {
  const id = `paystack:${event.event}:${event.data?.id ?? event.data?.reference ?? ""}`;
  const inserted = await tx
    .insert(paymentEvents)
    .values({ id, provider: "paystack", payload: event })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  return inserted.length > 0;
}
