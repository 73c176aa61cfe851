/**
 * Checkout and the bank transfer (spec §2 Checkout / Bank Transfer modal, §4 "Checkout", §7
 * createSession and PUT /api/transactions, §9 shipping fee and 15-minute window; design brief
 * "store's rules"; ADRs 0030, 0032 and 0126).
 *
 * Order life cycle: awaiting_payment --(I have made payment)--> payment_submitted --(admin)--> paid
 * or rejected; awaiting_payment --(cancel | window over)--> cancelled | expired; payment_submitted
 * --(no admin decision within UNCONFIRMED_TRANSFER_HOURS)--> unconfirmed (stock released, transfer
 * flagged, buyer told; ADR 0081) --(admin)--> paid (stock reserved again) or rejected.
 *
 * Stock is reserved at checkout with a guarded UPDATE (`... WHERE count_in_stock + delta >= 0`, on
 * rows locked in id order) inside the transaction that creates the order, so stock never goes below
 * zero whatever the concurrency; it goes back when the order is cancelled, expires or is rejected.
 * Every status change is a conditional UPDATE on the current status, so several server processes
 * (or a sweep racing a shopper) can never release the same stock twice. Money: kobo inside, naira
 * in answers.
 */
import { randomUUID } from "node:crypto";
import {
  type CreateSessionBody,
  FREE_SHIPPING_OVER_NAIRA,
  formatNaira,
  koboToNaira,
  nairaToKobo,
  type SubmitTransferBody,
  shippingFeeKobo,
  TRANSFER_WINDOW_MS,
  type TransferForm,
} from "@market/contract";
import { and, eq, sql } from "drizzle-orm";
import { type Db, queryNamed, type Tx } from "../../db/client.js";
import type { ShippingAddress } from "../../db/schema/commerce.js";
import { cartLines, orders, products, transactions } from "../../db/schema/index.js";
import { badRequest, conflict, notFound } from "../../lib/errors.js";
import type { Messenger } from "../messages/service.js";
import { type OrderNotice, unconfirmedTransferNotice } from "./notices.js";
import type { PaymentOrder, PaymentProvider, ReceivingAccount } from "./payments/provider.js";

type OrderStatus = (typeof orders.$inferSelect)["status"];

/* ------------------------------------------------------------------------------------------- */
/* Releasing reserved stock                                                                     */
/* ------------------------------------------------------------------------------------------- */

/** What a release moved: the orders, and the products whose stock went up (the caches drop what shows them, ADR 0144). */
export type Released = { orders: string[]; products: string[] };

/**
 * Move the orders in `ids` whose status is one of `from` to `to` and give their reserved units back
 * to stock, in the caller's transaction. Products are updated in id order (the same order checkout
 * locks them in), so a release and a checkout cannot deadlock. Answers the order ids actually moved
 * and the products whose stock changed.
 */
export async function releaseOrders(tx: Tx, ids: string[], to: OrderStatus, from: OrderStatus[]): Promise<Released> {
  if (ids.length === 0) return { orders: [], products: [] };
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
  if (movedIds.length === 0) return { orders: [], products: [] };
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
  return { orders: movedIds, products: give.rows.map((r) => r.product_id) };
}

/**
 * Expire orders whose 15-minute window is over and release their stock (ADR 0032). Safe to run
 * from every server process at once: due orders are claimed with `FOR UPDATE SKIP LOCKED` and moved
 * with a conditional UPDATE. `buyerId` limits it to one shopper (the check on access), `productIds`
 * to orders holding one of those products (a checkout short of them).
 * @param stockChanged told, once committed and only when some expired, the products whose stock
 *   came back (the caches drop what shows them, ADR 0144).
 * @returns how many orders expired.
 */
export async function expireOverdueOrders(
  db: Db,
  opts: { buyerId?: string; productIds?: string[]; limit?: number } = {},
  stockChanged: (productIds: readonly string[]) => void = () => {},
): Promise<number> {
  const released = await db.transaction(async (tx) => {
    const due = await tx.execute<{ id: string }>(sql`
      select id from orders
      where status = 'awaiting_payment' and reserved_until <= now()
        ${opts.buyerId ? sql`and buyer_id = ${opts.buyerId}` : sql``}
        ${
          opts.productIds
            ? sql`and exists (select 1 from order_lines l where l.order_id = orders.id and l.product_id in (${sql.join(
                opts.productIds.map((id) => sql`${id}::uuid`),
                sql`, `,
              )}))`
            : sql``
        }
      order by reserved_until
      limit ${opts.limit ?? 200}
      for update skip locked`);
    return releaseOrders(
      tx,
      due.rows.map((r) => r.id),
      "expired",
      ["awaiting_payment"],
    );
  });
  if (released.orders.length > 0) stockChanged(released.products);
  return released.orders.length;
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
 * @param stockChanged told, once committed and only when some were flagged, the products whose
 *   stock came back (ADR 0144).
 * @returns how many orders were flagged (their stock released).
 */
export async function flagUnconfirmedTransfers(
  db: Db,
  messenger: Messenger,
  opts: { afterHours: number; limit?: number },
  stockChanged: (productIds: readonly string[]) => void = () => {},
): Promise<number> {
  const { flagged, outboxIds, products } = await db.transaction(async (tx) => {
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
    const released = await releaseOrders(
      tx,
      due.rows.map((r) => r.order_id),
      "unconfirmed",
      ["payment_submitted"],
    );
    const moved = new Set(released.orders);
    if (moved.size === 0) return { flagged: 0, outboxIds: [] as string[], products: [] as string[] };
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
    return { flagged: moved.size, outboxIds: ids, products: released.products };
  });
  if (flagged > 0) stockChanged(products);
  void messenger.deliver(outboxIds);
  return flagged;
}

/**
 * Reserve again the units of an order whose stock was released when its transfer went unconfirmed
 * (an admin confirms it late, ADR 0081), in the caller's transaction, with the same guarded UPDATE
 * and product-id order as checkout (ADR 0030).
 * Answers the products whose stock it took (ADR 0144).
 * @throws 409 naming the first product that no longer has enough stock (or was deleted); the
 * caller's transaction then rolls back, so nothing is reserved.
 */
export async function reserveReleasedOrder(tx: Tx, orderId: string): Promise<string[]> {
  const lines = await tx.execute<{ product_id: string | null; name: string; n: number }>(sql`
    select product_id, min(name) as name, sum(quantity)::int as n from order_lines
    where order_id = ${orderId}
    group by product_id order by product_id nulls first`);
  const taken: string[] = [];
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
    taken.push(product_id);
  }
  return taken;
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
 * The status of an open order, passed to the checkout's statements as a parameter: their generic
 * plans then cannot use orders_awaiting_idx (the partial index of every shopper's open orders,
 * whose predicate a parameter does not prove), only the index on the buyer or the primary key.
 */
const OPEN_STATUS: OrderStatus = "awaiting_payment";
/** The capped statuses of orders a checkout does not cancel (it cancels every open one). */
const KEPT_CAPPED_STATUSES = CAPPED_STATUSES.filter((s) => s !== OPEN_STATUS);

/** What the checkout's read answers: one row per product it changes (cart or open order). */
type CheckoutRow = {
  id: string;
  user_id: string;
  name: string;
  price_kobo: string | number;
  count_in_stock: number;
  listed: boolean;
  image_url: string | null;
  /** Units in the cart; null for a product only the open order holds. */
  cart_count: number | null;
  /** Units the buyer's open orders hold (they go back to stock when this checkout cancels them). */
  held: number;
  /** Units in the buyer's orders of the last 24 hours that count towards the cap and stay. */
  ordered: number;
  /** The buyer's open orders (the same on every row). */
  open_ids: string[] | null;
  /** How many of them are still inside their window (the same on every row). */
  live_open: number;
  /** The buyer's e-mail (the same on every row), for the payment provider. */
  email: string;
  /** End of the new order's window in ms since the epoch (the same on every row; database clock). */
  reserved_until_ms: number;
  /** The admin's free shipping threshold in naira (the same on every row); null before any setting is saved. */
  free_over: number | null;
};

/**
 * The checkout's read, in one statement ($1 buyer id, $2 KEPT_CAPPED_STATUSES, $3 the transfer
 * window in seconds, $4 OPEN_STATUS), after the shopper's advisory lock so its snapshot sees every
 * earlier checkout of the shopper:
 * - `open_orders` locks the buyer's orders awaiting payment, orders before products like every
 *   other release (cancel, "I have made payment", the sweep, an admin's decision), and answers each
 *   row's latest version: selected by id, a row that changed while this waited for its lock is
 *   kept, so a transfer submitted meanwhile is not cancelled and still counts towards the cap;
 * - `locked` locks every product this checkout changes (the open orders' and the cart's) in id
 *   order before any is changed (ADR 0030), and reads their latest versions;
 * - `capped` sums the units of the cart's products in the buyer's orders of the last 24 hours
 *   (database clock) that keep counting towards the cap (ADR 0081);
 * - `free_over` is the admin's free shipping threshold (finance_settings, ADR 0135), read here so
 *   the checkout keeps its round trips;
 * - `reserved_until_ms` is the new order's window end: `now()` is the transaction's start, so the
 *   write stores the same instant.
 * Rows are locked `for no key update`, what the write's UPDATEs take anyway: a shopper adding a
 * locked product to a cart (the cart line's foreign-key check) does not wait for this checkout. Every
 * table is reached through `= any(array(...))` on an indexed column, so its generic plan
 * (CHECKOUT_LOCK_SQL) probes indexes whatever the statistics it was planned with.
 */
const CHECKOUT_READ_SQL = `
  with open_orders as (
    select id, status, created_at > now() - interval '24 hours' as recent, reserved_until > now() as live
    from orders
    where id = any(array(select id from orders where buyer_id = $1::uuid and status = $4::order_status))
    for no key update
  ),
  held as (
    select product_id, sum(quantity)::int as n
    from order_lines
    where order_id = any(array(select id from open_orders where status = $4::order_status)) and product_id is not null
    group by product_id
  ),
  cart as (
    select product_id, count from cart_lines where user_id = $1::uuid
  ),
  locked as (
    select id, user_id, name, price_kobo, count_in_stock, listed, image_urls[1] as image_url
    from products
    where id = any(array(select product_id from held union select product_id from cart))
    order by id
    for no key update
  ),
  capped as (
    select product_id, sum(quantity)::int as n
    from order_lines
    where order_id = any(array(
        select id from orders
        where buyer_id = $1::uuid and created_at > now() - interval '24 hours' and status = any($2::order_status[])
        union all
        select id from open_orders where recent and status = any($2::order_status[])))
      and product_id = any(array(select product_id from cart))
    group by product_id
  )
  select p.id, p.user_id, p.name, p.price_kobo, p.count_in_stock, p.listed, p.image_url,
    c.count as cart_count, coalesce(h.n, 0) as held, coalesce(k.n, 0) as ordered,
    (select array_agg(id) from open_orders where status = $4::order_status) as open_ids,
    (select count(*)::int from open_orders where status = $4::order_status and live) as live_open,
    (select email from users where id = $1::uuid) as email,
    (select free_shipping_over_naira from finance_settings where id = 1) as free_over,
    (extract(epoch from now() + make_interval(secs => $3::float8)) * 1000)::float8 as reserved_until_ms
  from locked p
    left join cart c on c.product_id = p.id
    left join held h on h.product_id = p.id
    left join capped k on k.product_id = p.id
  order by p.id`;

/**
 * The checkout's writes, in one statement, on rows the read locked: cancel the open orders ($1,
 * still in OPEN_STATUS $22), change each product's stock by its net delta ($2 ids, $3 deltas: units
 * released minus units reserved; one UPDATE per row, never below zero), create the order ($4 its
 * id, $5-$13, reserved for $13 seconds from the transaction's start) and its lines ($14-$19, one
 * array per column), and, when $20 names a provider, record the transfer the shopper is shown ($21,
 * the session event). Answers how many rows each step wrote, so the caller can check them. Rows are
 * reached by primary key only (`= any($n)`), for the same reason as the read.
 */
const CHECKOUT_WRITE_SQL = `
  with cancelled as (
    update orders set status = 'cancelled', updated_at = now()
    where id = any($1::uuid[]) and status = $22::order_status
    returning id
  ),
  stock as (
    update products set count_in_stock = count_in_stock + ($3::int[])[array_position($2::uuid[], id)], updated_at = now()
    where id = any($2::uuid[]) and count_in_stock + ($3::int[])[array_position($2::uuid[], id)] >= 0
    returning id
  ),
  placed as (
    insert into orders (id, buyer_id, status, subtotal_kobo, shipping_kobo, total_kobo, payment_type, product_type,
      payer_account_no, shipping_address, reserved_until)
    values ($4::uuid, $5::uuid, 'awaiting_payment', $6::int8, $7::int8, $8::int8, $9, $10, $11, $12::jsonb,
      now() + make_interval(secs => $13::float8))
    returning id
  ),
  lines as (
    insert into order_lines (order_id, product_id, seller_id, name, image_url, unit_price_kobo, quantity)
    select placed.id, l.product_id, l.seller_id, l.name, l.image_url, l.price, l.quantity
    from placed, unnest($14::uuid[], $15::uuid[], $16::text[], $17::text[], $18::int8[], $19::int[])
      as l(product_id, seller_id, name, image_url, price, quantity)
    returning 1
  ),
  event as (
    insert into payment_events (id, provider, payload)
    select 'session:' || placed.id, $20::text, $21::jsonb from placed where $20::text is not null
    returning 1
  )
  select (select count(*) from cancelled)::int as cancelled, (select count(*) from stock)::int as stocked,
    (select count(*) from lines)::int as lines, (select count(*) from event)::int as events
  from placed`;

/**
 * Refuse a cart line that would take the buyer past `max` units of a product in 24 hours (ADR
 * 0081). `ordered` is what the checkout's read counted (orders of the last 24 hours with a status in
 * CAPPED_STATUSES, except the open ones this checkout cancels), under the shopper's advisory lock, so
 * two checkouts of one buyer cannot both pass.
 * @throws 409 with a plain sentence naming the product and how many more units are allowed.
 */
function refuseOverDailyCap(lines: { count: number; name: string; ordered: number }[], max: number): void {
  for (const { count, name, ordered: n } of lines) {
    if (n + count <= max) continue;
    const left = Math.max(0, max - n);
    throw conflict(
      left === 0
        ? `You have already ordered ${n} of ${name} in the last 24 hours, the most one shopper can buy in a day. Remove it from your cart or try again tomorrow.`
        : `You can buy at most ${max} of ${name} in 24 hours${n ? ` and have already ordered ${n}` : ""}. Reduce the quantity in your cart to ${left} or fewer and try again.`,
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
  buyerEmail: string;
  /** The transfer opened inside the transaction (a provider without the network), else null. */
  account: ReceivingAccount | null;
};

/** The refusal of a checkout while the shopper's earlier order still awaits payment in its window. */
const PENDING_ORDER_MESSAGE =
  "You already have an order awaiting payment. Continue its payment from your cart or account, or cancel it before placing a new order.";

/** A cart line the stock cannot cover, even with the units the open order gives back. */
type Shortage = { productIds: string[]; refusal: ReturnType<typeof conflict> };

/**
 * Take the shopper's advisory lock (one shopper's checkouts, say two tabs, run one after the other
 * without locking rows others use), and, for the rest of this transaction only (set_config(...,
 * true) is SET LOCAL): use the generic plans of the prepared statements, so the read and the write
 * are planned once per connection instead of at every checkout (planning cost more than running
 * them, ADR 0126); and no sequential scans, so a generic plan made while the tables were young
 * (a new store, the bench) still probes indexes once they have grown. Both statements touch a
 * handful of rows, each through an index.
 */
const CHECKOUT_LOCK_SQL = `select pg_advisory_xact_lock(hashtextextended($1, 0)),
  set_config('plan_cache_mode', 'force_generic_plan', true), set_config('enable_seqscan', 'off', true)`;

/**
 * In one transaction, four statements: the shopper's lock (CHECKOUT_LOCK_SQL); read and lock (see
 * CHECKOUT_READ_SQL); check the cart in Node; write (CHECKOUT_WRITE_SQL): cancel the shopper's
 * earlier open order (overdue, or `replace_pending` set; ADR 0136), reserve every line's stock, create the order (status awaiting_payment,
 * reserved for TRANSFER_WINDOW_MS) with its lines. The total is recomputed from the database and
 * compared with the total the shopper saw. A provider that needs no network (`provider.local`)
 * opens the transfer before the write, which records it in the same commit. When the stock is short
 * the transaction ends without a write and the shortage is answered, so the caller can release
 * overdue holds and try again.
 * The shipping fee follows `shippingFeeKobo` (free in Lagos over the admin's threshold, read with
 * the cart; ADR 0135).
 * @throws 400 empty cart / own product; 409 an order still awaiting payment in its window (without
 * `replace_pending`), unavailable product, changed total, over the daily cap;
 * a plain Error (500, rolled back) if the write changed other rows than the read locked (a bug).
 */
async function reserveOrder(
  db: Db,
  provider: PaymentProvider,
  userId: string,
  body: CreateSessionBody,
  rules: CheckoutRules,
): Promise<{ order: ReservedOrder; stockChanged: string[] } | { short: Shortage }> {
  return db.transaction(async (tx) => {
    await queryNamed(tx, "checkout_lock_shopper", CHECKOUT_LOCK_SQL, [`checkout:${userId}`]);
    const { rows } = await queryNamed<CheckoutRow>(tx, "checkout_read", CHECKOUT_READ_SQL, [
      userId,
      KEPT_CAPPED_STATUSES,
      TRANSFER_WINDOW_MS / 1000,
      OPEN_STATUS,
    ]);
    // One pending order per shopper: one the shopper may already have paid for is never cancelled
    // behind their back, only when they say so (ADR 0136). An overdue one is replaced as before.
    if (!body.replace_pending && rows.some((r) => r.live_open > 0)) throw conflict(PENDING_ORDER_MESSAGE);
    const lines = rows.filter((r) => r.cart_count !== null).map((r) => ({ ...r, count: r.cart_count!, priceKobo: Number(r.price_kobo) }));
    if (lines.length === 0) throw badRequest("Your cart is empty");
    for (const line of lines) {
      if (!line.listed) throw conflict(`${line.name} is no longer available. Remove it from your cart and try again.`);
      if (line.user_id === userId) throw badRequest(`You cannot buy your own product (${line.name})`);
    }

    const subtotalKobo = lines.reduce((sum, l) => sum + l.priceKobo * l.count, 0);
    const shippingKobo = shippingFeeKobo(subtotalKobo, body.state, rows[0]!.free_over ?? FREE_SHIPPING_OVER_NAIRA);
    const totalKobo = subtotalKobo + shippingKobo;
    if (nairaToKobo(body.amount) !== totalKobo) {
      throw conflict(`Your order total has changed to ${formatNaira(koboToNaira(totalKobo))}. Please refresh the page and try again.`, {
        amount: "The total has changed",
      });
    }

    refuseOverDailyCap(lines, rules.maxUnitsPerProductPerDay);

    // Stock once the open orders are cancelled (their units come back), as the guarded UPDATE sees it.
    const short = lines.filter((l) => l.count_in_stock + l.held < l.count);
    if (short.length > 0) {
      const first = short[0]!;
      const left = first.count_in_stock + first.held;
      const refusal = conflict(
        left === 0
          ? `Sorry, ${first.name} is sold out. Remove it from your cart and try again.`
          : `Sorry, only ${left} of ${first.name} left. Reduce the quantity in your cart and try again.`,
      );
      return { short: { productIds: short.map((l) => l.id), refusal } };
    }

    const { open_ids, email, reserved_until_ms } = rows[0]!;
    const openIds = open_ids ?? [];
    const order: ReservedOrder = {
      id: randomUUID(),
      subtotalKobo,
      shippingKobo,
      totalKobo,
      reservedUntil: new Date(reserved_until_ms),
      address: {
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
      },
      buyerEmail: email,
      account: null,
    };
    if (provider.local) order.account = await provider.openTransfer(paymentOrder(order));
    const changes = rows.map((r) => ({ id: r.id, delta: r.held - (r.cart_count ?? 0) })).filter((c) => c.delta !== 0);
    const written = await queryNamed<{ cancelled: number; stocked: number; lines: number; events: number }>(
      tx,
      "checkout_write",
      CHECKOUT_WRITE_SQL,
      [
        openIds,
        changes.map((c) => c.id),
        changes.map((c) => c.delta),
        order.id,
        userId,
        subtotalKobo,
        shippingKobo,
        totalKobo,
        body.payment_type,
        body.product_type,
        body.account_no,
        JSON.stringify(order.address),
        TRANSFER_WINDOW_MS / 1000,
        lines.map((l) => l.id),
        lines.map((l) => l.user_id),
        lines.map((l) => l.name),
        lines.map((l) => l.image_url),
        lines.map((l) => l.priceKobo),
        lines.map((l) => l.count),
        order.account?.provider ?? null,
        order.account ? JSON.stringify(order.account) : null,
        OPEN_STATUS,
      ],
    );
    const w = written.rows[0]!;
    // Every row written was locked by the read, so these hold; a mismatch is a bug, never a sale.
    if (
      w.cancelled !== openIds.length ||
      w.stocked !== changes.length ||
      w.lines !== lines.length ||
      w.events !== (order.account ? 1 : 0)
    ) {
      throw new Error(
        `checkout wrote ${w.cancelled}/${openIds.length} cancellations, ${w.stocked}/${changes.length} stock changes, ${w.lines}/${lines.length} lines, ${w.events} events`,
      );
    }
    return { order, stockChanged: changes.map((c) => c.id) };
  });
}

/** The order facts the payment provider needs. */
const paymentOrder = (order: ReservedOrder): PaymentOrder => ({
  id: order.id,
  totalKobo: order.totalKobo,
  buyerEmail: order.buyerEmail,
  expiresAt: order.reservedUntil,
});

/**
 * POST /api/transactions/createSession: reserve the cart as an order, open the transfer with the
 * payment provider and answer the record the Bank Transfer modal shows (spec §4 "Checkout").
 * A provider that calls the network is asked after the reservation's commit (no row stays locked
 * while it answers); if it fails, the order is cancelled at once and its stock released.
 * @param rules the store's checkout settings (per-buyer daily cap).
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
): Promise<TransferForm> {
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
  let account = order.account;
  if (!account) {
    try {
      account = await provider.openTransfer(paymentOrder(order));
      // What the shopper was shown, so the submitted record and a later webhook use the same account.
      await queryNamed(db, "checkout_session_event", "insert into payment_events (id, provider, payload) values ($1, $2, $3::jsonb)", [
        `session:${order.id}`,
        account.provider,
        JSON.stringify(account),
      ]);
    } catch (err) {
      await db.transaction((tx) => releaseOrders(tx, [order.id], "cancelled", ["awaiting_payment"]));
      throw err;
    }
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

/**
 * GET /api/transactions/pending: the buyer's order still awaiting payment inside its window (by the
 * database clock), as createSession answered it, so a shopper who reloads or comes back can see
 * the transfer details and the time left again ("Continue payment", ADR 0136); null when none.
 */
export async function pendingTransfer(db: Db, user: { id: string }): Promise<TransferForm | null> {
  const found = await db.execute<{
    id: string;
    subtotal_kobo: string;
    shipping_kobo: string;
    total_kobo: string;
    payment_type: string;
    product_type: string;
    payer_account_no: string | null;
    shipping_address: ShippingAddress;
    reserved_until: Date | string;
    payload: ReceivingAccount | null;
  }>(sql`
    select o.id, o.subtotal_kobo, o.shipping_kobo, o.total_kobo, o.payment_type, o.product_type, o.payer_account_no,
      o.shipping_address, o.reserved_until, e.payload
    from orders o left join payment_events e on e.id = 'session:' || o.id::text
    where o.buyer_id = ${user.id} and o.status = 'awaiting_payment' and o.reserved_until > now()
    order by o.created_at desc
    limit 1`);
  const o = found.rows[0];
  if (!o?.payload) return null;
  const { first_name: _f, last_name: _l, ...address } = o.shipping_address;
  return {
    client_account_no: o.payload.client_account_no,
    client_bank: o.payload.client_bank,
    client_account_name: o.payload.client_account_name,
    amount: koboToNaira(Number(o.total_kobo)),
    subtotal: koboToNaira(Number(o.subtotal_kobo)),
    shippingFees: koboToNaira(Number(o.shipping_kobo)),
    account_no: o.payer_account_no ?? "",
    payment_type: o.payment_type,
    product_type: o.product_type,
    order_id: o.id,
    expires_at: new Date(o.reserved_until).toISOString(),
    provider: o.payload.provider,
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
 * refused. Recording the transfer changes no stock.
 * @param stockChanged told, once committed, the products whose stock came back when the order had
 *   expired (the caches drop what shows them, ADR 0144).
 * @throws 404 not the caller's order; 409 cancelled, expired or rejected order.
 */
export async function submitTransfer(
  db: Db,
  user: { id: string },
  body: SubmitTransferBody,
  stockChanged: (productIds: readonly string[]) => void = () => {},
): Promise<SubmittedTransfer> {
  let expiredNow: string[] | null = null;
  const result = await db.transaction(async (tx) => {
    const order = await lockBuyerOrder(tx, user.id, body.order_id);
    const [existing] = await tx.select().from(transactions).where(eq(transactions.orderId, order.id));
    if (existing) return { transaction_id: existing.id, order_id: order.id, status: existing.status, duplicate: true };
    if (order.status === "awaiting_payment" && !order.window_open) {
      expiredNow = (await releaseOrders(tx, [order.id], "expired", ["awaiting_payment"])).products;
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
  if (expiredNow) stockChanged(expiredNow);
  if (expiredNow || !result) throw conflict(CLOSED_MESSAGES.expired!);
  return result;
}

/**
 * DELETE /api/transactions?order_id=: the shopper cancels an order still awaiting payment; its
 * stock goes back. Cancelling an order that is already cancelled or expired answers "cancelled" again.
 * Answers the order's status, whether this call moved it, and the products whose stock came back
 * (the caches drop what shows them, ADR 0144).
 * @throws 404 not the caller's order; 409 payment already submitted or decided.
 */
export async function cancelOrder(
  db: Db,
  user: { id: string },
  orderId: string,
): Promise<{ status: OrderStatus; changed: boolean; stockChanged: string[] }> {
  return db.transaction(async (tx) => {
    const order = await lockBuyerOrder(tx, user.id, orderId);
    if (order.status === "awaiting_payment") {
      const released = await releaseOrders(tx, [order.id], order.window_open ? "cancelled" : "expired", ["awaiting_payment"]);
      return { status: order.window_open ? "cancelled" : "expired", changed: true, stockChanged: released.products };
    }
    if (order.status === "cancelled" || order.status === "expired") return { status: order.status, changed: false, stockChanged: [] };
    throw conflict("Payment for this order was already submitted, so it can no longer be cancelled here. Please contact the store.");
  });
}
