/**
 * Checkout (spec §2 Checkout, §4 "Checkout", §7 createSession, §9 shipping fee and 15-minute
 * window; design brief "store's rules"; ADRs 0030, 0032 and 0126): reserve the cart as an order
 * (reservation.service.ts) and open the bank transfer with the payment provider.
 *
 * Order life cycle: awaiting_payment --(I have made payment)--> payment_submitted --(admin)--> paid
 * or rejected; awaiting_payment --(cancel | window over)--> cancelled | expired; payment_submitted
 * --(no admin decision within UNCONFIRMED_TRANSFER_HOURS)--> unconfirmed (stock released, transfer
 * flagged, buyer told; ADR 0081) --(admin)--> paid (stock reserved again) or rejected. After
 * checkout: bank-transfer.service.ts; releases: stock.service.ts; the sweeps: sweeps.service.ts.
 *
 * Stock is reserved at checkout with a guarded UPDATE (`... WHERE count_in_stock + delta >= 0`, on
 * rows locked in id order) inside the transaction that creates the order, so stock never goes below
 * zero whatever the concurrency; it goes back when the order is cancelled, expires or is rejected.
 * Money: kobo inside, naira in answers.
 */
import { type CreateSessionBody, koboToNaira, NUBAN_LENGTH, PAY_ON_DELIVERY, payTheCourier, type TransferForm } from "@market/contract";
import { sql } from "drizzle-orm";
import { type Db, namedStatement } from "../../db/client.js";
import { conflict, invalidInput, notFound, unavailable } from "../../lib/errors.js";
import { orderPlaced } from "../notifications/events.js";
import { initializeCardPayment, verifyCardPayment } from "./payments/card.js";
import { applyPaystackCharge } from "./payments/card-payment.service.js";
import type { HttpClient, PaystackApi } from "./payments/paystack.js";
import type { PaymentProvider } from "./payments/provider.js";
import type { ProtectionSettings } from "./protection.service.js";
import { type CheckoutRules, DEFAULT_CHECKOUT_RULES, paymentOrder, reserveOrder } from "./reservation.service.js";
import { releaseOrders } from "./stock.service.js";
import { expireOverdueOrders } from "./sweeps.service.js";

/** Records the transfer a provider on the network opened, after the reservation's commit. */
const sessionEvent = namedStatement<{ id: string; provider: string; payload: string }>("checkout_session_event")`
  insert into payment_events (id, provider, payload) values (${"id"}, ${"provider"}, ${"payload"}::jsonb)`;

/**
 * POST /api/transactions/createSession: reserve the cart as an order, open the transfer with the
 * payment provider and answer the record the Bank Transfer modal shows (spec §4 "Checkout").
 * A provider that calls the network is asked after the reservation's commit (no row stays locked
 * while it answers); if it fails, the order is cancelled at once and its stock released.
 * @param rules the store's checkout settings (per-buyer daily cap).
 * @param queued told the outbox ids of the "order placed" notification, to deliver after commit.
 * @param stockChanged told, once committed, the products whose stock this call changed, among them
 *   those of other shoppers' overdue orders it released (even when it then refuses), so the caches
 *   drop only what shows them (ADR 0144).
 */
export async function createCheckoutSession(
  db: Db,
  provider: PaymentProvider,
  user: { id: string },
  body: CreateSessionBody,
  rules: CheckoutRules = DEFAULT_CHECKOUT_RULES,
  stockChanged: (productIds: readonly string[]) => void = () => {},
  queued: (outboxIds: string[]) => void = () => {},
  card: CardSettings | null = null,
): Promise<TransferForm & { authorization_url?: string }> {
  if (body.payment_type === "card" && !card)
    throw invalidInput({ payment_type: "Card payment is not available yet: choose Bank Transfer" });
  if (body.payment_type === "bank_transfer" && !body.account_no)
    throw invalidInput({ account_no: `Enter the ${NUBAN_LENGTH}-digit account number` });
  let reserved = await reserveOrder(db, provider, user.id, body, rules);
  // Stock held by windows that are already over must not make this shopper's checkout fail (ADR
  // 0032): when it is short, the overdue orders holding those products are expired and it is tried
  // once more. Only then: the expiry job releases the rest within its period.
  // The expired orders may have held other products too: each product whose stock came back is named.
  if ("short" in reserved && (await expireOverdueOrders(db, { productIds: reserved.short.productIds }, stockChanged)) > 0) {
    reserved = await reserveOrder(db, provider, user.id, body, rules);
  }
  if ("short" in reserved) throw reserved.short.refusal;
  const { order } = reserved;
  stockChanged(reserved.stockChanged);
  const { first_name: _f, last_name: _l, ...address } = order.address;
  if (body.payment_type === PAY_ON_DELIVERY) {
    // The order is placed and its code sent by SMS in the reservation's commit; no transfer to open (ADR 0220).
    queued(reserved.podOutbox);
    const none = { client_account_no: "", client_bank: "", client_account_name: "", provider: PAY_ON_DELIVERY };
    return { ...none, ...orderFigures(order, body, ""), address };
  }
  let account = order.account;
  let authorizationUrl: string | undefined;
  if (body.payment_type === "card" && card) {
    // Paystack's page takes the card for the server's total; asked after the commit, like a network
    // provider; if it fails the order is cancelled at once and its stock released (ADR 0201).
    try {
      const opened = await initializeCardPayment(
        card.api,
        { id: order.id, totalKobo: order.totalKobo, buyerEmail: order.buyerEmail },
        card.callbackUrl,
        card.http,
      );
      authorizationUrl = opened.authorizationUrl;
      account = { client_account_no: "", client_bank: "Paystack", client_account_name: "", provider: "paystack", reference: order.id };
      await sessionEvent.run(db.$client, {
        id: `session:${order.id}`,
        provider: "paystack",
        payload: JSON.stringify({ ...account, authorization_url: authorizationUrl }),
      });
    } catch (err) {
      await db.transaction((tx) => releaseOrders(tx, [order.id], "cancelled", ["awaiting_payment"]));
      throw err;
    }
  }
  if (!account) {
    try {
      account = await provider.openTransfer(paymentOrder(order));
      // What the shopper was shown, so the submitted record and a later webhook use the same account.
      await sessionEvent.run(db.$client, { id: `session:${order.id}`, provider: account.provider, payload: JSON.stringify(account) });
    } catch (err) {
      await db.transaction((tx) => releaseOrders(tx, [order.id], "cancelled", ["awaiting_payment"]));
      throw err;
    }
  }
  // The buyer is told what to transfer and by when (ADR 0181): recorded once the receiving account
  // is known, which a provider gives only after the reservation's commit.
  const shown = account;
  queued(await db.transaction((tx) => orderPlaced(tx, order.id, shown)));
  return {
    client_account_no: account.client_account_no,
    client_bank: account.client_bank,
    client_account_name: account.client_account_name,
    provider: account.provider,
    ...orderFigures(order, body, body.account_no ?? ""),
    address,
    ...(authorizationUrl ? { authorization_url: authorizationUrl } : {}),
  };
}

/** The placed order's part of the checkout answer: its money in naira, its number, reference and window. */
function orderFigures(
  order: {
    id: string;
    number: string;
    reference: string;
    totalKobo: number;
    subtotalKobo: number;
    shippingKobo: number;
    reservedUntil: Date;
  },
  body: Pick<CreateSessionBody, "payment_type" | "product_type">,
  accountNo: string,
) {
  return {
    amount: koboToNaira(order.totalKobo),
    subtotal: koboToNaira(order.subtotalKobo),
    shippingFees: koboToNaira(order.shippingKobo),
    account_no: accountNo,
    payment_type: body.payment_type,
    product_type: body.product_type,
    order_id: order.id,
    number: order.number,
    reference: order.reference,
    expires_at: order.reservedUntil.toISOString(),
  };
}

/** Card payment's settings (ADR 0201): Paystack's address and key, and where it sends the buyer back. */
export type CardSettings = { api: PaystackApi; callbackUrl: string; http?: HttpClient };

/** What continuing a card payment tells the buyer when Paystack says it was paid (ADRs 0202, 0223). */
const CARD_ANSWERS = {
  paid: "Your payment was received",
  refund: "Your payment arrived after this order's items went back on sale and one of them is sold out: it is being refunded to you.",
  refundFailed:
    "Your payment arrived after this order's items went back on sale and one of them is sold out: the store will refund it to you.",
  amountMismatch:
    "Paystack received a different amount from this order's total, so the order is not paid: the store will check the payment and contact you.",
  closed: "This order was closed before your payment arrived, so it is not paid: the store will check the payment and contact you.",
} as const;

/** Statuses whose stock went back on sale unpaid: a late payment there is taken again or refunded (ADR 0202). */
const RELEASED = ["expired", "cancelled", "unconfirmed"];

/**
 * POST /api/transactions/card: the buyer continues paying their card order `orderId` (ADR 0223).
 * One Paystack transaction per order, its reference the order id (ADR 0201). Paystack is asked
 * first whether it was paid, even when the window is over (a payment may have been made in it, or
 * after it: ADR 0202), and the answer is applied exactly as the callback and the webhook apply it
 * (`applyPaystackCharge`: paid, paid late, or refunded when its stock is sold), the buyer told which.
 * Else, while the reservation holds, the page opened at checkout is answered again (Paystack
 * refuses a second initialize of a reference), or, when none was recorded, the transaction is
 * initialized now for the order's stored total.
 * @throws 404 not the caller's order; 409 paid on delivery or by bank transfer, already paid, or
 *   not paid and its window is over; 503 card payment is off or Paystack cannot open the page.
 */
export async function continueCardPayment(
  db: Db,
  card: CardSettings | null,
  user: { id: string },
  orderId: string,
  settings: ProtectionSettings,
  log: { warn: (details: object, message: string) => void },
): Promise<{ paid: boolean; authorizationUrl: string | null; expiresAt: string; message: string }> {
  const found = await db.execute<{
    status: string;
    payment_type: string;
    total_kobo: string;
    email: string;
    reserved_until: Date | string;
    open: boolean;
    payload: { authorization_url?: string } | null;
  }>(sql`
    select o.status, o.payment_type, o.total_kobo, u.email, o.reserved_until, o.reserved_until > now() as open, e.payload
    from orders o join users u on u.id = o.buyer_id left join payment_events e on e.id = 'session:' || o.id::text
    where o.id = ${orderId} and o.buyer_id = ${user.id}`);
  const o = found.rows[0];
  if (!o) throw notFound("Order not found");
  if (o.payment_type === PAY_ON_DELIVERY)
    throw conflict(`This order is paid on delivery, not by card: ${payTheCourier(koboToNaira(Number(o.total_kobo)))}.`);
  if (o.payment_type !== "card") throw conflict("This order is paid by bank transfer: use its transfer details.");
  if (!card) throw unavailable("Card payment is not available right now. Please try again later.");
  if (o.status === "paid") throw conflict("This order is already paid.");
  const expiresAt = new Date(o.reserved_until).toISOString();
  const paidMeanwhile = await verifyCardPayment(card.api, orderId, card.http);
  if (paidMeanwhile) {
    const { outcome, refunded } = await applyPaystackCharge(db, card.api, paidMeanwhile, settings, log, card.http);
    const answer = (message: string, paid = false) => ({ paid, authorizationUrl: null, expiresAt, message });
    if (outcome === "paid" || outcome === "paid_late") return answer(CARD_ANSWERS.paid, true);
    if (outcome === "refund") return answer(refunded ? CARD_ANSWERS.refund : CARD_ANSWERS.refundFailed);
    if (outcome === "amount_mismatch") return answer(CARD_ANSWERS.amountMismatch);
    if (outcome === "duplicate") {
      // Already applied by the callback or the webhook: the order's state says how.
      const now = await db.execute<{ status: string }>(sql`select status from orders where id = ${orderId}`);
      const status = now.rows[0]?.status ?? "";
      if (status === "paid") return answer(CARD_ANSWERS.paid, true);
      if (paidMeanwhile.data?.amount !== Number(o.total_kobo)) return answer(CARD_ANSWERS.amountMismatch);
      if (RELEASED.includes(status)) return answer(CARD_ANSWERS.refund);
    }
    return answer(CARD_ANSWERS.closed);
  }
  if (o.status !== "awaiting_payment" || !o.open)
    throw conflict("The payment time for this order is over and its items went back on sale. Please place the order again.");
  if (o.payload?.authorization_url)
    return { paid: false, authorizationUrl: o.payload.authorization_url, expiresAt, message: "Continue on Paystack's page" };
  const opened = await initializeCardPayment(
    card.api,
    { id: orderId, totalKobo: Number(o.total_kobo), buyerEmail: o.email },
    card.callbackUrl,
    card.http,
  );
  const account = { client_account_no: "", client_bank: "Paystack", client_account_name: "", provider: "paystack", reference: orderId };
  await db.execute(sql`
    insert into payment_events (id, provider, payload)
    values (${`session:${orderId}`}, 'paystack', ${JSON.stringify({ ...account, authorization_url: opened.authorizationUrl })}::jsonb)
    on conflict (id) do update set payload = excluded.payload`);
  return { paid: false, authorizationUrl: opened.authorizationUrl, expiresAt, message: "Continue on Paystack's page" };
}
