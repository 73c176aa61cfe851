/**
 * Paystack adapter pieces that do not depend on the provider choice: the HTTP client seam, the
 * webhook signature check (HMAC-SHA512 of the raw body with the secret key, sent as
 * `x-paystack-signature`) and the idempotent handling of webhook events (ADR 0031).
 *
 * No network is reachable in development or tests: everything here is exercised with a fake
 * `HttpClient` and hand-signed payloads; nothing invents a Paystack result.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "../../../db/client.js";
import { isUuid } from "../../../lib/cursor.js";
import { HttpError } from "../../../lib/errors.js";
import { recordOrderPaid } from "../../ledger/earnings.service.js";
import { paymentDecided } from "../../notifications/events.js";
import { reserveReleasedOrder } from "../stock.service.js";
import { recordPaystackEventOnce } from "./events.js";

/** Where and as whom the store calls Paystack: PAYSTACK_API_URL and PAYSTACK_SECRET_KEY. */
export type PaystackApi = { baseUrl: string; secretKey: string };

/** The Paystack settings of `config`, or null without a secret key (Paystack then is not used). */
export function paystackApi(config: { PAYSTACK_SECRET_KEY?: string | undefined; PAYSTACK_API_URL: string }): PaystackApi | null {
  return config.PAYSTACK_SECRET_KEY ? { baseUrl: config.PAYSTACK_API_URL, secretKey: config.PAYSTACK_SECRET_KEY } : null;
}

/** The slice of `fetch` the adapters use, so tests can pass a fake. */
export type HttpClient = (
  url: string,
  init: { method: "GET" | "POST"; headers: Record<string, string>; body?: string },
) => Promise<{ status: number; json(): Promise<unknown> }>;

/** `fetch` with a 10-second time-out. */
export const defaultHttpClient: HttpClient = (url, init) => fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });

/**
 * True when `signature` is the hex HMAC-SHA512 of `rawBody` under `secretKey` (constant-time compare).
 * @param rawBody the request body exactly as received (not re-serialised JSON).
 */
export function verifyPaystackSignature(rawBody: string | Buffer, signature: string | undefined, secretKey: string): boolean {
  if (!signature || !/^[0-9a-f]{128}$/i.test(signature)) return false;
  const expected = createHmac("sha512", secretKey).update(rawBody).digest();
  const given = Buffer.from(signature, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A Paystack webhook event (only the fields we read). Amounts are kobo. */
export type PaystackEvent = {
  event: string;
  data?: {
    id?: number | string;
    reference?: string;
    amount?: number;
    currency?: string;
    status?: string;
    authorization?: { sender_bank_account_number?: string | null; sender_bank?: string | null };
  };
};

export type WebhookOutcome =
  | "paid"
  | "paid_late"
  | "refund"
  | "duplicate"
  | "ignored"
  | "amount_mismatch"
  | "unknown_order"
  | "order_closed";

/** Statuses of an order whose stock went back on sale unpaid: a payment may still take it again (ADR 0202). */
const RELEASED = new Set(["expired", "cancelled", "unconfirmed"]);

/**
 * Handle one verified webhook event, once: its id goes into `payment_events` in the same
 * transaction as its effect, so a redelivered event changes nothing ("duplicate").
 * `charge.success` for an order awaiting payment (or with payment submitted) whose total and
 * currency match marks the order "paid" and records/confirm its transaction. A payment that
 * arrives after the order's reservation ended (expired, cancelled, unconfirmed: its stock went back
 * on sale) takes the stock again when there still is enough and is then paid ("paid_late"); when
 * not, nothing changes and "refund" tells the caller to give the money back (ADR 0202). A payment
 * for a rejected order is recorded but not applied ("order_closed": an admin decides).
 */
export async function handlePaystackEvent(db: Db, event: PaystackEvent): Promise<WebhookOutcome> {
  const ref = event.data?.reference ?? "";
  return db.transaction(async (tx) => {
    if (!(await recordPaystackEventOnce(tx, event))) return "duplicate";
    if (event.event !== "charge.success" || event.data?.status !== "success") return "ignored";
    if (!isUuid(ref)) return "unknown_order";

    const found = await tx.execute<{ id: string; status: string; total_kobo: number; buyer_id: string; payer_account_no: string | null }>(
      sql`select id, status, total_kobo, buyer_id, payer_account_no from orders where id = ${ref} for update`,
    );
    const order = found.rows[0];
    if (!order) return "unknown_order";
    if (Number(order.total_kobo) !== event.data.amount || (event.data.currency ?? "NGN") !== "NGN") return "amount_mismatch";
    if (order.status === "paid") return "duplicate";
    let late = false;
    if (RELEASED.has(order.status)) {
      try {
        await tx.transaction((inner) => reserveReleasedOrder(inner, ref));
        late = true;
      } catch (err) {
        if (err instanceof HttpError && err.statusCode === 409) return "refund";
        throw err;
      }
    } else if (order.status !== "awaiting_payment" && order.status !== "payment_submitted") return "order_closed";

    const session = await tx.execute<{ payload: { client_account_no: string; client_bank: string; client_account_name: string } }>(
      sql`select payload from payment_events where id = ${`session:${ref}`}`,
    );
    const shown = session.rows[0]?.payload;
    const payer = event.data.authorization?.sender_bank_account_number ?? order.payer_account_no ?? "";
    await tx.execute(sql`
      insert into transactions (order_id, buyer_id, amount_kobo, client_account_no, client_bank, client_account_name,
                                payer_account_no, provider, provider_ref, status, reviewed_at)
      values (${ref}, ${order.buyer_id}, ${order.total_kobo}, ${shown?.client_account_no ?? ""}, ${shown?.client_bank ?? "Paystack"},
              ${shown?.client_account_name ?? ""}, ${payer}, 'paystack', ${String(event.data.id ?? ref)}, 'confirmed', now())
      on conflict (order_id) do update
        set status = 'confirmed', provider = 'paystack', provider_ref = excluded.provider_ref, reviewed_at = now()`);
    await tx.execute(sql`update orders set status = 'paid', updated_at = now() where id = ${ref}`);
    await recordOrderPaid(tx, ref);
    await tx.execute(sql`delete from cart_lines where user_id = ${order.buyer_id}`);
    // The buyer and the sellers are told; the outbox-delivery job sends it after commit (ADR 0181).
    await paymentDecided(tx, ref, "confirmed");
    return late ? "paid_late" : "paid";
  });
}
