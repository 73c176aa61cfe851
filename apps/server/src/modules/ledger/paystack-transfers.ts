/**
 * Paystack Transfers for payouts (ADR 0094), used only when PAYSTACK_SECRET_KEY is set:
 * - sending: `POST /transferrecipient` (type nuban, the payout's bank account) then `POST /transfer`
 *   with `reference` = the payout id, so Paystack itself refuses a second transfer of one payout;
 * - settling: the signed webhook's `transfer.success` / `transfer.failed` / `transfer.reversed`
 *   settle the payout once (the event id is stored with the effect, in one transaction); an event its
 *   payout's status does not allow (out of order, e.g. a success after a failure) is recorded and
 *   refused, never applied.
 * Amounts are kobo, as Paystack speaks them.
 */
import { FINANCE_MESSAGES } from "@market/contract";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { isUuid } from "../../lib/cursor.js";
import { conflict, HttpError, notFound, unavailable } from "../../lib/errors.js";
import { recordPaystackEventOnce } from "../commerce/payments/events.js";
import type { PaystackApi } from "../commerce/payments/paystack.js";
import { settlePayout } from "./payouts.service.js";

/** The slice of `fetch` used here (tests replace it; no network is reachable in development). */
export type TransferHttpClient = (
  url: string,
  init: { method: "POST"; headers: Record<string, string>; body: string },
) => Promise<{ status: number; json(): Promise<unknown> }>;

/** The HTTP client Paystack calls go through; tests set `client` to a fake. */
export const transferHttp: { client: TransferHttpClient } = {
  client: (url, init) => fetch(url, { ...init, signal: AbortSignal.timeout(15_000) }),
};

const TRANSFER_UNAVAILABLE = "Paystack could not take the transfer right now. The payout is still due; try again later.";

type PaystackAnswer = { status?: boolean; message?: string; data?: Record<string, unknown> };

async function post(api: PaystackApi, path: string, body: unknown): Promise<PaystackAnswer> {
  let res: Awaited<ReturnType<TransferHttpClient>>;
  try {
    res = await transferHttp.client(`${api.baseUrl}${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${api.secretKey}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch {
    throw unavailable(TRANSFER_UNAVAILABLE);
  }
  const answer = (await res.json().catch(() => null)) as PaystackAnswer | null;
  if (res.status >= 200 && res.status < 300 && answer?.status) return answer;
  throw unavailable(answer?.message ? `Paystack refused the transfer: ${answer.message}` : TRANSFER_UNAVAILABLE);
}

/**
 * Send a requested manual payout through Paystack. The payout is first claimed (provider
 * "paystack", in its own short transaction, so two admins cannot both send it), then the recipient
 * and the transfer are created; the transfer code is kept as the payout's reference. When Paystack
 * refuses or cannot be reached, the claim is undone and the payout stays due.
 * @throws 404 unknown payout; 409 not due or already sent; 503 Paystack refused or unreachable.
 */
export async function sendPayoutViaPaystack(db: Db, api: PaystackApi, adminId: string, payoutId: string): Promise<void> {
  const claimed = await db.transaction(async (tx) => {
    const found = await tx.execute<{
      status: string;
      provider: string;
      amount_kobo: string;
      bank_code: string;
      account_no: string;
      account_name: string;
    }>(sql`select status, provider, amount_kobo::text, bank_code, account_no, account_name from payouts where id = ${payoutId} for update`);
    const p = found.rows[0];
    if (!p) throw notFound("Payout not found");
    if (p.status !== "requested") throw conflict(FINANCE_MESSAGES.payoutDecided(p.status));
    if (p.provider === "paystack") throw conflict("This payout was already sent through Paystack");
    await tx.execute(sql`update payouts set provider = 'paystack', decided_by = ${adminId}, updated_at = now() where id = ${payoutId}`);
    return p;
  });
  try {
    const recipient = await post(api, "/transferrecipient", {
      type: "nuban",
      name: claimed.account_name,
      account_number: claimed.account_no,
      bank_code: claimed.bank_code,
      currency: "NGN",
    });
    const transfer = await post(api, "/transfer", {
      source: "balance",
      amount: Number(claimed.amount_kobo),
      recipient: recipient.data?.recipient_code,
      reference: payoutId,
      reason: "Naija Market payout",
    });
    const code = typeof transfer.data?.transfer_code === "string" ? transfer.data.transfer_code : null;
    await db.execute(sql`update payouts set reference = ${code}, updated_at = now() where id = ${payoutId}`);
  } catch (err) {
    await db.execute(
      sql`update payouts set provider = 'manual', decided_by = null, updated_at = now() where id = ${payoutId} and status = 'requested'`,
    );
    throw err;
  }
}

/** A Paystack transfer event (only the fields read). */
export type TransferEvent = {
  event: string;
  data?: { id?: number | string; reference?: string; amount?: number; currency?: string; transfer_code?: string; reason?: string };
};

export type TransferOutcome =
  | "paid"
  | "failed"
  | "reversed"
  | "duplicate"
  | "out_of_order"
  | "unknown_payout"
  | "amount_mismatch"
  | "ignored";

/**
 * Handle one verified `transfer.*` webhook event, once: the event id goes into `payment_events` in
 * the same transaction as its effect, so a redelivery changes nothing ("duplicate"). Only payouts
 * sent through Paystack, for the same amount, are settled: success -> paid; failed -> failed (money
 * back to available); reversed -> reversed when paid, failed when still in transit. A move the
 * payout's status does not allow is recorded and answered "out_of_order" (an admin looks).
 */
export async function handleTransferEvent(db: Db, event: TransferEvent): Promise<TransferOutcome> {
  const ref = event.data?.reference ?? "";
  return db.transaction(async (tx) => {
    if (!(await recordPaystackEventOnce(tx, event))) return "duplicate";
    const kind = event.event;
    if (kind !== "transfer.success" && kind !== "transfer.failed" && kind !== "transfer.reversed") return "ignored";
    if (!isUuid(ref)) return "unknown_payout";
    const found = await tx.execute<{ status: string; provider: string; amount_kobo: string }>(
      sql`select status, provider, amount_kobo::text from payouts where id = ${ref} for update`,
    );
    const p = found.rows[0];
    if (p?.provider !== "paystack") return "unknown_payout";
    if (Number(p.amount_kobo) !== event.data?.amount || (event.data.currency ?? "NGN") !== "NGN") return "amount_mismatch";
    const to = kind === "transfer.success" ? "paid" : kind === "transfer.failed" ? "failed" : p.status === "paid" ? "reversed" : "failed";
    try {
      const changed = await tx.transaction((inner) =>
        settlePayout(inner, ref, to, {
          reference: event.data?.transfer_code ?? null,
          reason: kind === "transfer.success" ? null : (event.data?.reason ?? kind),
        }),
      );
      return changed ? to : "duplicate";
    } catch (err) {
      if (err instanceof HttpError && err.statusCode === 409) return "out_of_order";
      throw err;
    }
  });
}
