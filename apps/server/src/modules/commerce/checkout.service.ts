/**
 * Checkout and the bank transfer (spec §2 Checkout / Bank Transfer modal, §4 "Checkout", §7
 * createSession and PUT /api/transactions, §9 shipping fee and 15-minute window; design brief
 * "store's rules"; ADRs 0030 and 0032).
 *
 * Order life cycle: awaiting_payment --(I have made payment)--> payment_submitted --(admin)--> paid
 * or rejected; awaiting_payment --(cancel | window over)--> cancelled | expired; payment_submitted
 * --(no admin decision within UNCONFIRMED_TRANSFER_HOURS)--> unconfirmed (stock released, transfer
 * flagged, buyer told; ADR 0081) --(admin)--> paid (stock reserved again) or rejected.
 *
 * Stock is reserved at checkout with a guarded UPDATE (`... WHERE count_in_stock >= n`) inside the
 * transaction that creates the order, so stock never goes below zero whatever the concurrency; it
 * goes back when the order is cancelled, expires or is rejected. Every status change is a
 * conditional UPDATE on the current status, so several server processes (or a sweep racing a
 * shopper) can never release the same stock twice. Money: kobo inside, naira in answers.
 */
import {
  type CreateSessionBody,
  formatNaira,
  koboToNaira,
  nairaToKobo,
  SHIPPING_FEE_NAIRA,
  type SubmitTransferBody,
  TRANSFER_WINDOW_MS,
  type TransferForm,
} from "@market/contract";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import type { ShippingAddress } from "../../db/schema/commerce.js";
import { cartLines, orderLines, orders, paymentEvents, products, transactions, users } from "../../db/schema/index.js";
import { badRequest, conflict, notFound } from "../../lib/errors.js";
import type { Messenger } from "../messages/service.js";
import { type OrderNotice, unconfirmedTransferNotice } from "./notices.js";
import type { PaymentProvider, ReceivingAccount } from "./payments/provider.js";

/** The flat shipping fee in kobo (spec §9: 2000 naira). */
const SHIPPING_FEE_KOBO = nairaToKobo(SHIPPING_FEE_NAIRA);

type OrderStatus = (typeof orders.$inferSelect)["status"];

/* ------------------------------------------------------------------------------------------- */
/* Releasing reserved stock                                                                     */
/* ------------------------------------------------------------------------------------------- */

/**
 * Move the orders in `ids` whose status is one of `from` to `to` and give their reserved units back
 * to stock, in the caller's transaction. Products are updated in id order (the same order checkout
 * locks them in), so a release and a checkout cannot deadlock. Answers the ids actually moved.
 */
export async function releaseOrders(tx: Tx, ids: string[], to: OrderStatus, from: OrderStatus[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const moved = await tx.execute<{ id: string }>(sql`
    update orders set status = ${to}, updated_at = now()
    where id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) and status in (${sql.join(
      from.map((s) => sql`${s}::order_status`),
      sql`, `,
    )})
    returning id`);
  const movedIds = moved.rows.map((r) => r.id);
  if (movedIds.length === 0) return [];
  const give = await tx.execute<{ product_id: string; n: number }>(sql`
    select product_id, sum(quantity)::int as n from order_lines
    where order_id in (${sql.join(
      movedIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) and product_id is not null
    group by product_id order by product_id`);
  for (const { product_id, n } of give.rows) {
    await tx.execute(sql`update products set count_in_stock = count_in_stock + ${n}, updated_at = now() where id = ${product_id}`);
  }
  return movedIds;
}

/**
 * Expire orders whose 15-minute window is over and release their stock (ADR 0032). Safe to run
 * from every server process at once: due orders are claimed with `FOR UPDATE SKIP LOCKED` and moved
 * with a conditional UPDATE. `buyerId` limits it to one shopper (the check on access).
 * @returns how many orders expired.
 */
export async function expireOverdueOrders(db: Db, opts: { buyerId?: string; limit?: number } = {}): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx.execute<{ id: string }>(sql`
      select id from orders
      where status = 'awaiting_payment' and reserved_until <= now()
        ${opts.buyerId ? sql`and buyer_id = ${opts.buyerId}` : sql``}
      order by reserved_until
      limit ${opts.limit ?? 200}
      for update skip locked`);
    const moved = await releaseOrders(
      tx,
      due.rows.map((r) => r.id),
      "expired",
      ["awaiting_payment"],
    );
    return moved.length;
  });
}

/**
 * Flag submitted transfers that no admin decided within `afterHours` of "I have made payment"
 * (design brief "store's rules", ADR 0081): in one transaction per batch, the order moves
 * payment_submitted -> unconfirmed and its units go back to stock, the transfer record becomes
 * "flagged" (the admin's Transactions screen shows it), and an e-mail to the buyer is queued in the
 * outbox; the e-mails are delivered after commit. Like the window expiry, due rows are claimed with
 * `FOR UPDATE SKIP LOCKED` and moved by a conditional UPDATE, so every process may run it at once
 * and an order is released once. Times come from the database clock.
 * @param afterHours UNCONFIRMED_TRANSFER_HOURS (hours).
 * @returns how many orders were flagged (their stock released).
 */
export async function flagUnconfirmedTransfers(
  db: Db,
  messenger: Messenger,
  opts: { afterHours: number; limit?: number },
): Promise<number> {
  const { flagged, outboxIds } = await db.transaction(async (tx) => {
    const due = await tx.execute<{ order_id: string; email: string; names: string; total_kobo: number }>(sql`
      select t.order_id, u.email, u.names, o.total_kobo
      from transactions t
      join orders o on o.id = t.order_id
      join users u on u.id = o.buyer_id
      where t.status = 'submitted' and o.status = 'payment_submitted'
        and t.created_at <= now() - make_interval(hours => ${opts.afterHours})
      order by t.created_at
      limit ${opts.limit ?? 200}
      for update of t, o skip locked`);
    const moved = new Set(
      await releaseOrders(
        tx,
        due.rows.map((r) => r.order_id),
        "unconfirmed",
        ["payment_submitted"],
      ),
    );
    if (moved.size === 0) return { flagged: 0, outboxIds: [] as string[] };
    await tx.execute(sql`
      update transactions set status = 'flagged', flagged_at = now()
      where status = 'submitted' and order_id in (${sql.join(
        [...moved].map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`);
    const ids: string[] = [];
    for (const r of due.rows.filter((d) => moved.has(d.order_id))) {
      const notice: OrderNotice = { email: r.email, names: r.names, orderId: r.order_id, totalKobo: Number(r.total_kobo) };
      ids.push(await messenger.queue(tx, unconfirmedTransferNotice(notice, opts.afterHours)));
    }
    return { flagged: moved.size, outboxIds: ids };
  });
  void messenger.deliver(outboxIds);
  return flagged;
}

/**
 * Reserve again the units of an order whose stock was released when its transfer went unconfirmed
 * (an admin confirms it late, ADR 0081), in the caller's transaction, with the same guarded UPDATE
 * and product-id order as checkout (ADR 0030).
 * @throws 409 naming the first product that no longer has enough stock (or was deleted); the
 * caller's transaction then rolls back, so nothing is reserved.
 */
export async function reserveReleasedOrder(tx: Tx, orderId: string): Promise<void> {
  const lines = await tx.execute<{ product_id: string | null; name: string; n: number }>(sql`
    select product_id, min(name) as name, sum(quantity)::int as n from order_lines
    where order_id = ${orderId}
    group by product_id order by product_id nulls first`);
  for (const { product_id, name, n } of lines.rows) {
    const refuse = (left: number) =>
      conflict(
        `This order cannot be confirmed any more: ${left === 0 ? `${name} is sold out` : `only ${left} of ${name} left`} since its items were released. Reject the transfer and refund the buyer.`,
      );
    if (!product_id) throw refuse(0);
    const reserved = await tx.execute(sql`
      update products set count_in_stock = count_in_stock - ${n}, updated_at = now()
      where id = ${product_id} and count_in_stock >= ${n}
      returning count_in_stock`);
    if (reserved.rows.length === 0) {
      const [now] = await tx.select({ stock: products.countInStock }).from(products).where(eq(products.id, product_id));
      throw refuse(now?.stock ?? 0);
    }
  }
}

/* ------------------------------------------------------------------------------------------- */
/* createSession                                                                                */
/* ------------------------------------------------------------------------------------------- */

/** Store rules applied at checkout (apps/server/src/config.ts). */
export type CheckoutRules = {
  /** MAX_UNITS_PER_PRODUCT_PER_DAY: most units of one product one buyer may order in 24 hours. */
  maxUnitsPerProductPerDay: number;
};

/** The defaults of config.ts, for callers without a config (tests, scripts). */
const DEFAULT_CHECKOUT_RULES: CheckoutRules = { maxUnitsPerProductPerDay: 20 };

/**
 * Statuses of a buyer's orders that count towards the daily cap: every order that held or still
 * holds stock past its 15-minute window. Cancelled and expired orders never did, and a new checkout
 * cancels the buyer's open order first, so changing the cart never counts twice.
 */
const CAPPED_STATUSES = ["awaiting_payment", "payment_submitted", "paid", "rejected", "unconfirmed"] as const;

/**
 * Refuse a cart line that would take the buyer past `max` units of a product in 24 hours (ADR
 * 0081), counting their orders of the last 24 hours (database clock) with a status in
 * CAPPED_STATUSES. Runs inside the checkout transaction, under the shopper's advisory lock, so two
 * checkouts of one buyer cannot both pass.
 * @throws 409 with a plain sentence naming the product and how many more units are allowed.
 */
async function checkDailyCap(tx: Tx, userId: string, lines: { count: number; product: { id: string; name: string } }[], max: number) {
  const ordered = await tx.execute<{ product_id: string; n: number }>(sql`
    select ol.product_id, sum(ol.quantity)::int as n
    from orders o join order_lines ol on ol.order_id = o.id
    where o.buyer_id = ${userId}
      and o.created_at > now() - interval '24 hours'
      and o.status in (${sql.join(
        CAPPED_STATUSES.map((st) => sql`${st}::order_status`),
        sql`, `,
      )})
      and ol.product_id in (${sql.join(
        lines.map((l) => sql`${l.product.id}::uuid`),
        sql`, `,
      )})
    group by ol.product_id`);
  const already = new Map(ordered.rows.map((r) => [r.product_id, Number(r.n)]));
  for (const { count, product } of lines) {
    const n = already.get(product.id) ?? 0;
    if (n + count <= max) continue;
    const left = Math.max(0, max - n);
    throw conflict(
      left === 0
        ? `You have already ordered ${n} of ${product.name} in the last 24 hours, the most one shopper can buy in a day. Remove it from your cart or try again tomorrow.`
        : `You can buy at most ${max} of ${product.name} in 24 hours${n ? ` and have already ordered ${n}` : ""}. Reduce the quantity in your cart to ${left} or fewer and try again.`,
    );
  }
}

type ReservedOrder = {
  id: string;
  subtotalKobo: number;
  shippingKobo: number;
  totalKobo: number;
  reservedUntil: Date;
  address: ShippingAddress;
};

/** Serialise one shopper's checkouts (two tabs placing orders at once) without locking rows others use. */
async function lockShopper(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`checkout:${userId}`}, 0))`);
}

/**
 * In one transaction: release the shopper's earlier open checkout, read the cart, recompute the
 * total from the database, compare it with the total the shopper saw, reserve every line's stock
 * and create the order (status awaiting_payment, reserved for TRANSFER_WINDOW_MS) with its lines.
 * @throws 400 empty cart / own product; 409 changed total, over the daily cap, unavailable or
 * insufficient stock.
 */
async function reserveOrder(db: Db, userId: string, body: CreateSessionBody, rules: CheckoutRules): Promise<ReservedOrder> {
  return db.transaction(async (tx) => {
    await lockShopper(tx, userId);
    // Lock every product this checkout changes (the open order it replaces and the cart), in id
    // order, before changing any: releasing the old order and reserving the new one then take their
    // row locks in one order with every other checkout, so two shoppers cannot deadlock.
    await tx.execute(sql`
      select id from products where id in (
        select l.product_id from order_lines l join orders o on o.id = l.order_id
        where o.buyer_id = ${userId} and o.status = 'awaiting_payment' and l.product_id is not null
        union select product_id from cart_lines where user_id = ${userId})
      order by id for update`);
    const open = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.buyerId, userId), eq(orders.status, "awaiting_payment")));
    await releaseOrders(
      tx,
      open.map((o) => o.id),
      "cancelled",
      ["awaiting_payment"],
    );

    const lines = await tx
      .select({ count: cartLines.count, product: products })
      .from(cartLines)
      .innerJoin(products, eq(products.id, cartLines.productId))
      .where(eq(cartLines.userId, userId))
      .orderBy(asc(products.id));
    if (lines.length === 0) throw badRequest("Your cart is empty");
    for (const { product } of lines) {
      if (!product.listed) throw conflict(`${product.name} is no longer available. Remove it from your cart and try again.`);
      if (product.userId === userId) throw badRequest(`You cannot buy your own product (${product.name})`);
    }

    const subtotalKobo = lines.reduce((sum, l) => sum + l.product.priceKobo * l.count, 0);
    const totalKobo = subtotalKobo + SHIPPING_FEE_KOBO;
    if (nairaToKobo(body.amount) !== totalKobo) {
      throw conflict(`Your order total has changed to ${formatNaira(koboToNaira(totalKobo))}. Please refresh the page and try again.`, {
        amount: "The total has changed",
      });
    }

    await checkDailyCap(tx, userId, lines, rules.maxUnitsPerProductPerDay);

    for (const { count, product } of lines) {
      const reserved = await tx.execute(sql`
        update products set count_in_stock = count_in_stock - ${count}, updated_at = now()
        where id = ${product.id} and count_in_stock >= ${count}
        returning count_in_stock`);
      if (reserved.rows.length === 0) {
        const [now] = await tx.select({ stock: products.countInStock }).from(products).where(eq(products.id, product.id));
        const left = now?.stock ?? 0;
        throw conflict(
          left === 0
            ? `Sorry, ${product.name} is sold out. Remove it from your cart and try again.`
            : `Sorry, only ${left} of ${product.name} left. Reduce the quantity in your cart and try again.`,
        );
      }
    }

    const address: ShippingAddress = {
      first_name: body.first_name,
      last_name: body.last_name,
      company: body.company,
      address1: body.address1,
      address2: body.address2,
      city: body.city,
      state: body.state,
      country: body.country,
      zip: body.zip,
      phone: body.phone,
    };
    const [order] = await tx
      .insert(orders)
      .values({
        buyerId: userId,
        status: "awaiting_payment",
        subtotalKobo,
        shippingKobo: SHIPPING_FEE_KOBO,
        totalKobo,
        paymentType: body.payment_type,
        productType: body.product_type,
        payerAccountNo: body.account_no,
        shippingAddress: address,
        reservedUntil: sql`now() + make_interval(secs => ${TRANSFER_WINDOW_MS / 1000})`,
      })
      .returning();
    await tx.insert(orderLines).values(
      lines.map(({ count, product }) => ({
        orderId: order!.id,
        productId: product.id,
        sellerId: product.userId,
        name: product.name,
        imageUrl: product.imageUrls[0] ?? null,
        unitPriceKobo: product.priceKobo,
        quantity: count,
      })),
    );
    return {
      id: order!.id,
      subtotalKobo,
      shippingKobo: SHIPPING_FEE_KOBO,
      totalKobo,
      reservedUntil: order!.reservedUntil,
      address,
    };
  });
}

/**
 * POST /api/transactions/createSession: reserve the cart as an order, open the transfer with the
 * payment provider and answer the record the Bank Transfer modal shows (spec §4 "Checkout").
 * If the provider fails, the order is cancelled at once and its stock released.
 * @param rules the store's checkout settings (per-buyer daily cap).
 */
export async function createCheckoutSession(
  db: Db,
  provider: PaymentProvider,
  user: { id: string },
  body: CreateSessionBody,
  rules: CheckoutRules = DEFAULT_CHECKOUT_RULES,
): Promise<TransferForm> {
  // Stock held by windows that are already over must not make this shopper's checkout fail.
  await expireOverdueOrders(db);
  const order = await reserveOrder(db, user.id, body, rules);
  let account: ReceivingAccount;
  try {
    const [buyer] = await db.select({ email: users.email }).from(users).where(eq(users.id, user.id));
    account = await provider.openTransfer({
      id: order.id,
      totalKobo: order.totalKobo,
      buyerEmail: buyer!.email,
      expiresAt: order.reservedUntil,
    });
    // What the shopper was shown, so the submitted record and a later webhook use the same account.
    await db.insert(paymentEvents).values({ id: `session:${order.id}`, provider: account.provider, payload: account });
  } catch (err) {
    await db.transaction((tx) => releaseOrders(tx, [order.id], "cancelled", ["awaiting_payment"]));
    throw err;
  }
  const { first_name: _f, last_name: _l, ...address } = order.address;
  return {
    client_account_no: account.client_account_no,
    client_bank: account.client_bank,
    client_account_name: account.client_account_name,
    amount: koboToNaira(order.totalKobo),
    subtotal: koboToNaira(order.subtotalKobo),
    shippingFees: koboToNaira(order.shippingKobo),
    account_no: body.account_no,
    payment_type: body.payment_type,
    product_type: body.product_type,
    order_id: order.id,
    expires_at: order.reservedUntil.toISOString(),
    provider: account.provider,
    address,
  };
}

/* ------------------------------------------------------------------------------------------- */
/* I have made payment / cancel                                                                 */
/* ------------------------------------------------------------------------------------------- */

export type SubmittedTransfer = { transaction_id: string; order_id: string; status: string; duplicate: boolean };

const CLOSED_MESSAGES: Partial<Record<OrderStatus, string>> = {
  cancelled: "This order was cancelled. Please check out again.",
  expired: "Your 15-minute payment window has expired and the items were released. Please check out again.",
  rejected: "This payment was rejected. Please contact the store.",
};

/** Lock one of the buyer's orders, with whether its window is still open (by the database clock). */
async function lockBuyerOrder(tx: Tx, userId: string, orderId: string) {
  const found = await tx.execute<{ id: string; status: OrderStatus; total_kobo: number; window_open: boolean }>(sql`
    select id, status, total_kobo, reserved_until > now() as window_open
    from orders where id = ${orderId} and buyer_id = ${userId} for update`);
  const order = found.rows[0];
  if (!order) throw notFound("Order not found");
  return order;
}

/**
 * PUT /api/transactions: the shopper says the transfer is made. Creates the one transaction record
 * of the order (a repeat answers the same record), marks the order "payment_submitted" and empties
 * the cart, all in one transaction. An order whose window is over is expired (stock released) and
 * refused.
 * @throws 404 not the caller's order; 409 cancelled, expired or rejected order.
 */
export async function submitTransfer(db: Db, user: { id: string }, body: SubmitTransferBody): Promise<SubmittedTransfer> {
  let expiredNow = false;
  const result = await db.transaction(async (tx) => {
    const order = await lockBuyerOrder(tx, user.id, body.order_id);
    const [existing] = await tx.select().from(transactions).where(eq(transactions.orderId, order.id));
    if (existing) return { transaction_id: existing.id, order_id: order.id, status: existing.status, duplicate: true };
    if (order.status === "awaiting_payment" && !order.window_open) {
      await releaseOrders(tx, [order.id], "expired", ["awaiting_payment"]);
      expiredNow = true;
      return null;
    }
    if (order.status !== "awaiting_payment") throw conflict(CLOSED_MESSAGES[order.status] ?? "This order can no longer be paid for.");

    const shown = await tx.execute<{ provider: string; payload: ReceivingAccount }>(
      sql`select provider, payload from payment_events where id = ${`session:${order.id}`}`,
    );
    const account = shown.rows[0]?.payload;
    if (!account) throw conflict("This order has no transfer details. Please check out again.");
    const [created] = await tx
      .insert(transactions)
      .values({
        orderId: order.id,
        buyerId: user.id,
        amountKobo: Number(order.total_kobo),
        clientAccountNo: account.client_account_no,
        clientBank: account.client_bank,
        clientAccountName: account.client_account_name,
        payerAccountNo: body.account_no,
        provider: account.provider,
        providerRef: account.reference,
        status: "submitted",
      })
      .returning();
    await tx
      .update(orders)
      .set({ status: "payment_submitted", payerAccountNo: body.account_no, updatedAt: sql`now()` })
      .where(and(eq(orders.id, order.id), eq(orders.status, "awaiting_payment")));
    await tx.delete(cartLines).where(eq(cartLines.userId, user.id));
    return { transaction_id: created!.id, order_id: order.id, status: created!.status, duplicate: false };
  });
  if (expiredNow || !result) throw conflict(CLOSED_MESSAGES.expired!);
  return result;
}

/**
 * DELETE /api/transactions?order_id=: the shopper cancels an order still awaiting payment; its
 * stock goes back. Cancelling an order that is already cancelled or expired answers "cancelled" again.
 * @throws 404 not the caller's order; 409 payment already submitted or decided.
 */
export async function cancelOrder(db: Db, user: { id: string }, orderId: string): Promise<{ status: OrderStatus; changed: boolean }> {
  return db.transaction(async (tx) => {
    const order = await lockBuyerOrder(tx, user.id, orderId);
    if (order.status === "awaiting_payment") {
      await releaseOrders(tx, [order.id], order.window_open ? "cancelled" : "expired", ["awaiting_payment"]);
      return { status: order.window_open ? "cancelled" : "expired", changed: true };
    }
    if (order.status === "cancelled" || order.status === "expired") return { status: order.status, changed: false };
    throw conflict("Payment for this order was already submitted, so it can no longer be cancelled here. Please contact the store.");
  });
}
