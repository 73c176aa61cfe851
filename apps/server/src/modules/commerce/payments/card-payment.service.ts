/**
 * Applying a successful Paystack charge, whoever reports it: the signed webhook, the callback that
 * verifies the reference, or the buyer continuing a card payment (ADRs 0201, 0202, 0223). One
 * function, so all three pay, refund and warn alike.
 */
import type { Db } from "../../../db/client.js";
import type { ShipBySettings } from "../ship-by.js";
import { refundCardPayment } from "./card.js";
import { type HttpClient, handlePaystackEvent, type PaystackApi, type PaystackEvent, type WebhookOutcome } from "./paystack.js";

type Log = { warn: (details: object, message: string) => void };

/**
 * Handle `event` once (`handlePaystackEvent`); when it came after the order's stock was sold
 * (outcome `refund`, ADR 0202) ask Paystack, after the commit, to refund the whole transaction.
 * Outcomes that need a person (wrong amount, closed or unknown order, failed refund) are logged.
 * @returns the outcome and, for `refund`, whether Paystack took the refund request (else null).
 */
export async function applyPaystackCharge(
  db: Db,
  api: PaystackApi,
  event: PaystackEvent,
  settings: ShipBySettings,
  log: Log,
  http?: HttpClient,
): Promise<{ outcome: WebhookOutcome; refunded: boolean | null }> {
  const reference = event.data?.reference ?? "";
  const outcome = await handlePaystackEvent(db, event, settings);
  let refunded: boolean | null = null;
  if (outcome === "refund") {
    refunded = await refundCardPayment(api, reference, http);
    log.warn({ reference, refunded }, "paystack payment arrived after its order's stock was sold: refund asked");
  }
  if (outcome === "amount_mismatch" || outcome === "order_closed" || outcome === "unknown_order")
    log.warn({ outcome, reference }, "paystack event needs an admin");
  return { outcome, refunded };
}
