/**
 * The reservation of a cart as an order, the heart of checkout (spec §4 "Checkout", §9; ADRs 0030,
 * 0081, 0126, 0135, 0136): one transaction of four statements (the shopper's lock, one read, the
 * checks in TypeScript, one write), all node-postgres named prepared statements with named
 * parameters. Stock never goes below zero whatever the concurrency: every product the checkout
 * changes is locked in id order and changed by a guarded UPDATE. Money: kobo.
 */
import { randomUUID } from "node:crypto";
import {
  type CreateSessionBody,
  FREE_SHIPPING_OVER_NAIRA,
  formatNaira,
  koboToNaira,
  nairaToKobo,
  nigerianState,
  PAY_ON_DELIVERY,
  POD_CAP_NAIRA,
  TRANSFER_WINDOW_MS,
  variantName,
} from "@market/contract";
import { type Db, drizzleOn, inPgTransaction, namedStatement, type PgClient } from "../../db/client.js";
import type { ShippingAddress } from "../../db/schema/commerce.js";
import { badRequest, conflict } from "../../lib/errors.js";
import { orderedOptions } from "../catalog/variants.service.js";
import { type CartQuote, podOffer, quoteCart, readSellerDelivery } from "../shipping/quote.js";
import { startPodOrder } from "./pay-on-delivery.service.js";
import type { PaymentOrder, PaymentProvider, ReceivingAccount } from "./payments/provider.js";
import type { OrderStatus } from "./stock.service.js";

/** Store rules applied at checkout (apps/server/src/config.ts). */
export type CheckoutRules = {
  /** MAX_UNITS_PER_PRODUCT_PER_DAY: most units of one product one buyer may order in 24 hours. */
  maxUnitsPerProductPerDay: number;
};

/** The defaults of config.ts, for callers without a config (tests, scripts). */
export const DEFAULT_CHECKOUT_RULES: CheckoutRules = { maxUnitsPerProductPerDay: 20 };

/**
 * Statuses of a buyer's orders that count towards the daily cap: every order that held or still
 * holds stock past its 15-minute window. Cancelled and expired orders never did, and a new checkout
 * cancels the buyer's open order first, so changing the cart never counts twice.
 */
const CAPPED_STATUSES = ["awaiting_payment", "payment_submitted", "paid", "rejected", "unconfirmed"] as const;
/**
 * The status of an open order, passed to the checkout's statements as a parameter: a generic plan
 * of them then cannot use orders_awaiting_idx (the partial index of every shopper's open orders,
 * whose predicate a parameter does not prove), only the index on the buyer or the primary key.
 */
const OPEN_STATUS: OrderStatus = "awaiting_payment";
/** The capped statuses of orders a checkout does not cancel (it cancels every open one). */
const KEPT_CAPPED_STATUSES = CAPPED_STATUSES.filter((s) => s !== OPEN_STATUS);

/** What the checkout's read answers: one row per variant it changes (cart or open order; ADR 0215). */
type CheckoutRow = {
  /** The product's id, seller, name, listing and option names (in the seller's order; null: none). */
  id: string;
  user_id: string;
  name: string;
  listed: boolean;
  option_names: string[] | null;
  /** The variant's id, SKU, options, price, stock and picture (else the product's first). */
  variant_id: string;
  sku: string;
  options: Record<string, string>;
  price_kobo: string | number;
  count_in_stock: number;
  image_url: string | null;
  /** Units in the cart; null for a variant only the open order holds. */
  cart_count: number | null;
  /** Units of this variant the buyer's open orders hold (they go back to stock when this checkout cancels them). */
  held: number;
  /** Units of the product (any variant) in the buyer's orders of the last 24 hours that count towards the cap and stay. */
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
  /** Pay on delivery's facts (the same on every row; ADR 0220): the admin's cap (null: default), the buyer's phone and refusals. */
  pod_cap: number | null;
  phone_verified: boolean;
  pod_refusals: number;
};

/** The parameters of the checkout's read (checkoutRead). */
type CheckoutReadParams = {
  buyerId: string;
  keptStatuses: readonly OrderStatus[];
  /** TRANSFER_WINDOW_MS in seconds. */
  windowSeconds: number;
  openStatus: OrderStatus;
};

/**
 * The checkout's read, in one statement (`keptStatuses` is KEPT_CAPPED_STATUSES, `windowSeconds`
 * the transfer window, `openStatus` OPEN_STATUS), after the shopper's advisory lock so its snapshot sees every
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
 * table is reached through `= any(array(...))` on an indexed column, so a plan probes indexes
 * whatever the statistics it was made with.
 */
const checkoutRead = namedStatement<CheckoutReadParams, CheckoutRow>("checkout_read")`
  with open_orders as (
    select id, status, created_at > now() - interval '24 hours' as recent, reserved_until > now() as live
    from orders
    where id = any(array(select id from orders where buyer_id = ${"buyerId"}::uuid and status = ${"openStatus"}::order_status))
    for no key update
  ),
  held as (
    select product_id, variant_id, sum(quantity)::int as n
    from order_lines
    where order_id = any(array(select id from open_orders where status = ${"openStatus"}::order_status))
      and product_id is not null and variant_id is not null
    group by product_id, variant_id
  ),
  cart as (
    select product_id, variant_id, count from cart_lines where user_id = ${"buyerId"}::uuid
  ),
  locked as (
    select id, user_id, name, listed, image_urls[1] as image_url,
      (select array_agg(o.name order by o.position) from product_options o where o.product_id = products.id) as option_names
    from products
    where id = any(array(select product_id from held union select product_id from cart))
    order by id
    for no key update
  ),
  variants as (
    select id, product_id, sku, options, price_kobo, count_in_stock, image_url
    from product_variants
    where id = any(array(select variant_id from held union select variant_id from cart))
      and product_id = any(array(select id from locked))
    order by id
    for no key update
  ),
  capped as (
    select product_id, sum(quantity)::int as n
    from order_lines
    where order_id = any(array(
        select id from orders
        where buyer_id = ${"buyerId"}::uuid and created_at > now() - interval '24 hours' and status = any(${"keptStatuses"}::order_status[])
        union all
        select id from open_orders where recent and status = any(${"keptStatuses"}::order_status[])))
      and product_id = any(array(select product_id from cart))
    group by product_id
  )
  select p.id, p.user_id, p.name, p.listed, p.option_names,
    v.id as variant_id, v.sku, v.options, v.price_kobo, v.count_in_stock, coalesce(v.image_url, p.image_url) as image_url,
    c.count as cart_count, coalesce(h.n, 0) as held, coalesce(k.n, 0) as ordered,
    (select array_agg(id) from open_orders where status = ${"openStatus"}::order_status) as open_ids,
    (select count(*)::int from open_orders where status = ${"openStatus"}::order_status and live) as live_open,
    (select email from users where id = ${"buyerId"}::uuid) as email,
    (select free_shipping_over_naira from finance_settings where id = 1) as free_over,
    (select pod_cap_naira from finance_settings where id = 1) as pod_cap,
    (select phone_verified from users where id = ${"buyerId"}::uuid) as phone_verified,
    (select count(*)::int from pod_deliveries where buyer_id = ${"buyerId"}::uuid and refused_at is not null) as pod_refusals,
    (extract(epoch from now() + make_interval(secs => ${"windowSeconds"}::float8)) * 1000)::float8 as reserved_until_ms
  from variants v
    join locked p on p.id = v.product_id
    left join cart c on c.variant_id = v.id
    left join held h on h.variant_id = v.id
    left join capped k on k.product_id = p.id
  order by p.id, v.id`;

/** The parameters of the checkout's write (checkoutWrite); kobo amounts, one array per line column. */
type CheckoutWriteParams = {
  openOrderIds: string[];
  stockIds: string[];
  stockDeltas: number[];
  orderId: string;
  buyerId: string;
  subtotalKobo: number;
  shippingKobo: number;
  totalKobo: number;
  paymentType: string;
  productType: string;
  payerAccountNo: string;
  /** JSON of the ShippingAddress. */
  shippingAddress: string;
  windowSeconds: number;
  lineProductIds: string[];
  lineVariantIds: string[];
  /** JSON of each line's variant snapshot (`{ sku, options }`), null for a product without options. */
  lineVariants: Array<string | null>;
  lineSellerIds: string[];
  lineNames: string[];
  lineImageUrls: Array<string | null>;
  linePricesKobo: number[];
  lineQuantities: number[];
  /** The payment provider of a transfer opened inside the transaction, else null (no event). */
  provider: string | null;
  /** awaiting_payment, or paid for pay on delivery (its lines start their life at once; ADR 0220). */
  status: OrderStatus;
  /** JSON of that transfer's ReceivingAccount, else null. */
  sessionPayload: string | null;
  openStatus: OrderStatus;
};
/** How many rows each step of the write wrote. */
type CheckoutWritten = { cancelled: number; stocked: number; lines: number; events: number; number: string; payment_reference: string };

/**
 * The checkout's writes, in one statement, on rows the read locked: cancel the open orders
 * (`openOrderIds`, still in `openStatus`), change each product's stock by its net delta (`stockIds`,
 * `stockDeltas`: units released minus units reserved; one UPDATE per row, never below zero), create
 * the order (reserved for `windowSeconds` from the transaction's start) and its lines (`line*`, one
 * array per column), and, when `provider` is set, record the transfer the shopper is shown (`sessionPayload`,
 * the session event). Answers how many rows each step wrote, so the caller can check them. Rows are
 * reached by primary key only (`= any($n)`), for the same reason as the read.
 */
const checkoutWrite = namedStatement<CheckoutWriteParams, CheckoutWritten>("checkout_write")`
  with cancelled as (
    update orders set status = 'cancelled', updated_at = now()
    where id = any(${"openOrderIds"}::uuid[]) and status = ${"openStatus"}::order_status
    returning id
  ),
  stock as (
    update product_variants set count_in_stock = count_in_stock + (${"stockDeltas"}::int[])[array_position(${"stockIds"}::uuid[], id)], updated_at = now()
    where id = any(${"stockIds"}::uuid[]) and count_in_stock + (${"stockDeltas"}::int[])[array_position(${"stockIds"}::uuid[], id)] >= 0
    returning id
  ),
  placed as (
    insert into orders (id, buyer_id, status, subtotal_kobo, shipping_kobo, total_kobo, payment_type, product_type,
      payer_account_no, shipping_address, reserved_until)
    values (${"orderId"}::uuid, ${"buyerId"}::uuid, ${"status"}::order_status, ${"subtotalKobo"}::int8, ${"shippingKobo"}::int8, ${"totalKobo"}::int8, ${"paymentType"}, ${"productType"}, ${"payerAccountNo"}, ${"shippingAddress"}::jsonb,
      now() + make_interval(secs => ${"windowSeconds"}::float8))
    returning id, number, payment_reference
  ),
  lines as (
    insert into order_lines (order_id, product_id, variant_id, variant, seller_id, name, image_url, unit_price_kobo, quantity)
    select placed.id, l.product_id, l.variant_id, l.variant, l.seller_id, l.name, l.image_url, l.price, l.quantity
    from placed, unnest(${"lineProductIds"}::uuid[], ${"lineVariantIds"}::uuid[], ${"lineVariants"}::jsonb[], ${"lineSellerIds"}::uuid[], ${"lineNames"}::text[], ${"lineImageUrls"}::text[], ${"linePricesKobo"}::int8[], ${"lineQuantities"}::int[])
      as l(product_id, variant_id, variant, seller_id, name, image_url, price, quantity)
    returning 1
  ),
  event as (
    insert into payment_events (id, provider, payload)
    select 'session:' || placed.id, ${"provider"}::text, ${"sessionPayload"}::jsonb from placed where ${"provider"}::text is not null
    returning 1
  )
  select (select count(*) from cancelled)::int as cancelled, (select count(*) from stock)::int as stocked,
    (select count(*) from lines)::int as lines, (select count(*) from event)::int as events,
    placed.number, placed.payment_reference
  from placed`;

/**
 * Refuse a cart that would take the buyer past `max` units of a product in 24 hours (ADR 0081),
 * whatever its variants (ADR 0215: `lines` are per variant, the cap per product). `ordered` is what the checkout's read counted (orders of the last 24 hours with a status in
 * CAPPED_STATUSES, except the open ones this checkout cancels), under the shopper's advisory lock, so
 * two checkouts of one buyer cannot both pass.
 * @throws 409 with a plain sentence naming the product and how many more units are allowed.
 */
function refuseOverDailyCap(lines: { id: string; count: number; name: string; ordered: number }[], max: number): void {
  const perProduct = new Map<string, { count: number; name: string; ordered: number }>();
  for (const l of lines) {
    const p = perProduct.get(l.id);
    if (p) p.count += l.count;
    else perProduct.set(l.id, { count: l.count, name: l.name, ordered: l.ordered });
  }
  for (const { count, name, ordered: n } of perProduct.values()) {
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
  /** The order's human number and transfer reference, drawn by the database on insert ("" until written). */
  number: string;
  reference: string;
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
 * without locking rows others use). Its own statement: the read's snapshot must see the commit of
 * the shopper's previous checkout it may have waited for. No planner settings: the checkout bench
 * at production size showed no need for them (ADR 0156).
 */
const checkoutLock = namedStatement<{ lockName: string }>(
  "checkout_lock_shopper",
)`select pg_advisory_xact_lock(hashtextextended(${"lockName"}, 0))`;

/**
 * In one transaction, four statements: the shopper's lock (checkoutLock); read and lock (see
 * checkoutRead); check the cart in Node; write (checkoutWrite): cancel the shopper's
 * earlier open order (overdue, or `replace_pending` set; ADR 0136), reserve every line's stock, create the order (status awaiting_payment,
 * reserved for TRANSFER_WINDOW_MS) with its lines. The total is recomputed from the database and
 * compared with the total the shopper saw. A provider that needs no network (`provider.local`)
 * opens the transfer before the write, which records it in the same commit. When the stock is short
 * the transaction ends without a write and the shortage is answered, so the caller can release
 * overdue holds and try again.
 * The shipping is one shipment per seller (shipping/quote.ts, ADR 0199): the seller's rate for the
 * state, or the store's `shippingFeeKobo` (free in Lagos over the admin's threshold, read with the
 * cart; ADR 0135) once for the sellers without rates; a line its seller does not deliver answers 409.
 * @throws 400 empty cart / own product; 409 an order still awaiting payment in its window (without
 * `replace_pending`), unavailable product, changed total, over the daily cap;
 * a plain Error (500, rolled back) if the write changed other rows than the read locked (a bug).
 */
export async function reserveOrder(
  db: Db,
  provider: PaymentProvider,
  userId: string,
  body: CreateSessionBody,
  rules: CheckoutRules,
): Promise<{ order: ReservedOrder; stockChanged: string[]; podOutbox: string[] } | { short: Shortage }> {
  return inPgTransaction(db, async (client) => {
    await checkoutLock.run(client, { lockName: `checkout:${userId}` });
    const { rows } = await checkoutRead.run(client, {
      buyerId: userId,
      keptStatuses: KEPT_CAPPED_STATUSES,
      windowSeconds: TRANSFER_WINDOW_MS / 1000,
      openStatus: OPEN_STATUS,
    });
    // One pending order per shopper: one the shopper may already have paid for is never cancelled
    // behind their back, only when they say so (ADR 0136). An overdue one is replaced as before.
    if (!body.replace_pending && rows.some((r) => r.live_open > 0)) throw conflict(PENDING_ORDER_MESSAGE);
    const lines = rows
      .filter((r) => r.cart_count !== null)
      .map((r) => {
        const options = orderedOptions(r.option_names ?? [], r.options);
        // The line is named with its variant everywhere it shows (ADR 0215); the cap names the product.
        return { ...r, options, shown: variantName(r.name, options), count: r.cart_count!, priceKobo: Number(r.price_kobo) };
      });
    if (lines.length === 0) throw badRequest("Your cart is empty");
    for (const line of lines) {
      if (!line.listed) throw conflict(`${line.shown} is no longer available. Remove it from your cart and try again.`);
      if (line.user_id === userId) throw badRequest(`You cannot buy your own product (${line.shown})`);
    }

    const subtotalKobo = lines.reduce((sum, l) => sum + l.priceKobo * l.count, 0);
    // One shipment per seller at the seller's rate for the state, or the store's (ADR 0199).
    const delivery = await readSellerDelivery(
      client,
      lines.map((l) => l.user_id),
    );
    const state = nigerianState(body.state) ?? body.state.trim();
    const quote = quoteCart(
      lines.map((l) => ({ productId: l.id, name: l.shown, sellerId: l.user_id, sellerName: "", subtotalKobo: l.priceKobo * l.count })),
      delivery,
      state,
      rows[0]!.free_over ?? FREE_SHIPPING_OVER_NAIRA,
      body.pickup_point_ids,
    );
    if (quote.blocked) throw conflict(quote.blocked, { state: quote.blocked });
    const shippingKobo = quote.shippingKobo;
    const totalKobo = subtotalKobo + shippingKobo;
    if (nairaToKobo(body.amount) !== totalKobo) {
      throw conflict(`Your order total has changed to ${formatNaira(koboToNaira(totalKobo))}. Please refresh the page and try again.`, {
        amount: "The total has changed",
      });
    }

    // Pay on delivery only when every rule allows it, else 409 with the rule and nothing changed (ADR 0220).
    const pod = body.payment_type === PAY_ON_DELIVERY;
    if (pod) {
      const offer = podOffer(quote, delivery, state, {
        totalKobo,
        capNaira: rows[0]!.pod_cap ?? POD_CAP_NAIRA,
        phoneVerified: Boolean(rows[0]!.phone_verified),
        refusals: Number(rows[0]!.pod_refusals),
      });
      if (!offer.available) throw conflict(offer.reason!, { payment_type: offer.reason! });
    }

    refuseOverDailyCap(lines, rules.maxUnitsPerProductPerDay);

    // Stock of each variant once the open orders are cancelled (their units come back), as the guarded UPDATE sees it.
    const short = lines.filter((l) => l.count_in_stock + l.held < l.count);
    if (short.length > 0) {
      const first = short[0]!;
      const left = first.count_in_stock + first.held;
      const refusal = conflict(
        left === 0
          ? `Sorry, ${first.shown} is sold out. Remove it from your cart and try again.`
          : `Sorry, only ${left} of ${first.shown} left. Reduce the quantity in your cart and try again.`,
      );
      return { short: { productIds: [...new Set(short.map((l) => l.id))], refusal } };
    }

    const { open_ids, email, reserved_until_ms } = rows[0]!;
    const openIds = open_ids ?? [];
    const order: ReservedOrder = {
      id: randomUUID(),
      number: "",
      reference: "",
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
    // A card payment opens no transfer: Paystack's page takes it (ADR 0201); nor does pay on delivery.
    if (provider.local && body.payment_type === "bank_transfer") order.account = await provider.openTransfer(paymentOrder(order));
    const changes = rows
      .map((r) => ({ id: r.variant_id, productId: r.id, delta: r.held - (r.cart_count ?? 0) }))
      .filter((c) => c.delta !== 0);
    const written = await checkoutWrite.run(client, {
      openOrderIds: openIds,
      stockIds: changes.map((c) => c.id),
      stockDeltas: changes.map((c) => c.delta),
      orderId: order.id,
      buyerId: userId,
      subtotalKobo,
      shippingKobo,
      totalKobo,
      paymentType: body.payment_type,
      productType: body.product_type,
      payerAccountNo: body.account_no ?? "",
      shippingAddress: JSON.stringify(order.address),
      // Pay on delivery holds the stock as a paid order does, with no window to expire (ADR 0220).
      windowSeconds: pod ? 0 : TRANSFER_WINDOW_MS / 1000,
      status: pod ? "paid" : OPEN_STATUS,
      lineProductIds: lines.map((l) => l.id),
      lineVariantIds: lines.map((l) => l.variant_id),
      lineVariants: lines.map((l) =>
        l.option_names?.length ? JSON.stringify({ sku: l.sku, options: l.options, names: l.option_names }) : null,
      ),
      lineSellerIds: lines.map((l) => l.user_id),
      lineNames: lines.map((l) => l.shown),
      lineImageUrls: lines.map((l) => l.image_url),
      linePricesKobo: lines.map((l) => l.priceKobo),
      lineQuantities: lines.map((l) => l.count),
      provider: order.account?.provider ?? null,
      sessionPayload: order.account ? JSON.stringify(order.account) : null,
      openStatus: OPEN_STATUS,
    });
    const w = written.rows[0]!;
    await recordShipments(client, order.id, quote);
    const podOutbox = pod ? await startPodOrder(drizzleOn(client), order.id) : [];
    // Pay on delivery is placed now, so its cart is bought now (transfer empties it on submit, card on payment).
    if (pod) await client.query("delete from cart_lines where user_id = $1", [userId]);
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
    return {
      order: { ...order, number: w.number, reference: w.payment_reference },
      stockChanged: [...new Set(changes.map((c) => c.productId))],
      podOutbox,
    };
  });
}

const shipmentsWrite = namedStatement<{
  orderId: string;
  sellerIds: string[];
  fees: number[];
  storeRates: boolean[];
  minDays: number[];
  maxDays: number[];
  pickups: Array<string | null>;
}>("checkout_shipments_write")`
  insert into order_shipments (order_id, seller_id, fee_kobo, store_rate, min_days, max_days, pickup)
  select ${"orderId"}::uuid, s.seller_id, s.fee, s.store_rate, s.min_days, s.max_days, s.pickup
  from unnest(${"sellerIds"}::uuid[], ${"fees"}::int8[], ${"storeRates"}::bool[], ${"minDays"}::int[], ${"maxDays"}::int[], ${"pickups"}::jsonb[])
    as s(seller_id, fee, store_rate, min_days, max_days, pickup)`;

/**
 * Record the order's shipments (one per seller, ADR 0199) in checkout's transaction: the ledger
 * later pays each seller's own fee to the seller and the store's rate to the store (ADR 0200).
 */
async function recordShipments(client: PgClient, orderId: string, quote: CartQuote): Promise<void> {
  const g = quote.groups;
  await shipmentsWrite.run(client, {
    orderId,
    sellerIds: g.map((x) => x.sellerId),
    fees: g.map((x) => x.feeKobo),
    storeRates: g.map((x) => x.storeRate),
    minDays: g.map((x) => x.minDays),
    maxDays: g.map((x) => x.maxDays),
    pickups: g.map((x) =>
      x.pickup ? JSON.stringify({ id: x.pickup.id, name: x.pickup.name, address: x.pickup.address, state: x.pickup.state }) : null,
    ),
  });
}

/** The order facts the payment provider needs. */
export const paymentOrder = (order: ReservedOrder): PaymentOrder => ({
  id: order.id,
  totalKobo: order.totalKobo,
  buyerEmail: order.buyerEmail,
  expiresAt: order.reservedUntil,
});
