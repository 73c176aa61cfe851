/**
 * The dashboard figures (spec §2 "Admin dashboard" cards: Revenue, Orders, Leads, Lead Conversion
 * Rate, payment history, monthly invoices, social media followers, recent activity, tasks). The spec
 * shows static samples; the design brief asks for real data where it exists, so every figure is
 * computed here in SQL from orders, order_lines, transactions, follows, reactions, reviews,
 * wishlist_items, cart_lines, products, posts and users. Nothing is hard-coded.
 *
 * - A seller sees their own figures: revenue = sum of their lines (unit price x quantity) of PAID
 *   orders; orders = distinct paid orders holding one of their lines.
 * - An admin sees the store's: revenue = sum of paid orders' totals (shipping included); orders =
 *   paid orders.
 * Months are calendar months in Lagos time (Africa/Lagos); an order counts in the month it was
 * placed. Leads and conversion are defined in ADR 0041. Amounts leave this file in naira.
 */
import { type ActivityRow, type DashboardData, formatNaira, koboToNaira, type PaymentRow, type TaskRow } from "@market/contract";
import { type SQL, sql } from "drizzle-orm";
import { allOf, type Executor } from "../../db/client.js";

const TZ = "Africa/Lagos";
/** Rows shown in the payment history and the activity feed. */
const LIST_SIZE = 8;
const BO = "/admin_real/dashboard";

type Num = string | number | null;
const n = (v: Num): number => (v === null ? 0 : Number(v));

async function rows<T>(db: Executor, query: SQL): Promise<T[]> {
  const res = await db.execute(query);
  return res.rows as T[];
}

/** Start of this and last calendar month in Lagos, as timestamptz expressions. */
const THIS_MONTH = sql.raw(`(date_trunc('month', now() at time zone '${TZ}') at time zone '${TZ}')`);
const LAST_MONTH = sql.raw(`((date_trunc('month', now() at time zone '${TZ}') - interval '1 month') at time zone '${TZ}')`);

/** 12 months (oldest first) of { month, kobo, orders } from a per-order source `src(at, order_id, kobo)`. */
async function monthlySeries(db: Executor, src: SQL): Promise<DashboardData["monthly"]> {
  const res = await rows<{ month: string; kobo: Num; orders: Num }>(
    db,
    sql`with src as (${src}),
      months as (
        select generate_series(
          date_trunc('month', now() at time zone ${TZ}) - interval '11 months',
          date_trunc('month', now() at time zone ${TZ}),
          interval '1 month') as m
      ),
      sales as (
        select date_trunc('month', src.at at time zone ${TZ}) as m, sum(src.kobo) as kobo, count(distinct src.order_id) as orders
        from src group by 1
      )
      select to_char(months.m, 'YYYY-MM') as month, coalesce(sales.kobo, 0) as kobo, coalesce(sales.orders, 0) as orders
      from months left join sales on sales.m = months.m
      order by months.m`,
  );
  return res.map((r) => ({ month: r.month, revenue: koboToNaira(n(r.kobo)), orders: n(r.orders) }));
}

/** All-time / this-month / last-month revenue (kobo -> naira) and distinct orders of a source. */
async function totals(db: Executor, src: SQL): Promise<Pick<DashboardData, "revenue" | "orders">> {
  const [r] = await rows<Record<string, Num>>(
    db,
    sql`with src as (${src})
      select
        coalesce(sum(kobo), 0) as total_kobo,
        coalesce(sum(kobo) filter (where at >= ${THIS_MONTH}), 0) as this_kobo,
        coalesce(sum(kobo) filter (where at >= ${LAST_MONTH} and at < ${THIS_MONTH}), 0) as last_kobo,
        count(distinct order_id) as total_orders,
        count(distinct order_id) filter (where at >= ${THIS_MONTH}) as this_orders,
        count(distinct order_id) filter (where at >= ${LAST_MONTH} and at < ${THIS_MONTH}) as last_orders
      from src`,
  );
  return {
    revenue: {
      total: koboToNaira(n(r!.total_kobo!)),
      thisMonth: koboToNaira(n(r!.this_kobo!)),
      lastMonth: koboToNaira(n(r!.last_kobo!)),
    },
    orders: { total: n(r!.total_orders!), thisMonth: n(r!.this_orders!), lastMonth: n(r!.last_orders!) },
  };
}

const pct = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);
const iso = (v: Date | string) => new Date(v).toISOString();
const shortId = (id: string) => id.slice(0, 8).toUpperCase();

/** The signed-in seller's own figures. `sellerId` is the caller; nothing of other sellers is read. */
export async function sellerDashboard(db: Executor, sellerId: string): Promise<DashboardData> {
  // One row per (paid order, line) of this seller: amount in kobo.
  const src = sql`select o.created_at as at, o.id as order_id, ol.unit_price_kobo * ol.quantity as kobo
    from order_lines ol join orders o on o.id = ol.order_id
    where ol.seller_id = ${sellerId} and o.status = 'paid'`;
  const [money, monthly] = await allOf(db, [() => totals(db, src), () => monthlySeries(db, src)]);

  // Leads (ADR 0041): distinct people who showed interest in this seller.
  const [lead] = await rows<Record<string, Num>>(
    db,
    sql`with leads as (
        select follower_id as user_id from follows where seller_id = ${sellerId}
        union select r.user_id from reactions r join posts p on p.id = r.post_id where p.user_id = ${sellerId}
        union select rv.user_id from reviews rv join posts p on p.id = rv.post_id where p.user_id = ${sellerId}
        union select w.user_id from wishlist_items w join products pr on pr.id = w.product_id where pr.user_id = ${sellerId}
        union select c.user_id from cart_lines c join products pr on pr.id = c.product_id where pr.user_id = ${sellerId}
      ),
      buyers as (
        select distinct o.buyer_id as user_id from orders o join order_lines ol on ol.order_id = o.id
        where ol.seller_id = ${sellerId} and o.status = 'paid'
      )
      select
        (select count(*) from leads where user_id <> ${sellerId}) as leads,
        (select count(*) from leads join buyers using (user_id) where user_id <> ${sellerId}) as converted,
        (select count(*) from follows where seller_id = ${sellerId}) as followers,
        (select count(*) from follows where seller_id = ${sellerId} and created_at >= ${THIS_MONTH}) as followers_new,
        (select count(*) from products where user_id = ${sellerId}) as products,
        (select count(*) from products where user_id = ${sellerId} and count_in_stock = 0) as out_of_stock,
        (select count(*) from posts where user_id = ${sellerId}) as services,
        (select count(*) from order_lines ol join orders o on o.id = ol.order_id
           where ol.seller_id = ${sellerId} and o.status = 'paid' and ol.fulfilment = 'unfulfilled') as to_ship,
        (select count(*) from order_lines ol join orders o on o.id = ol.order_id
           where ol.seller_id = ${sellerId} and o.status = 'paid' and ol.fulfilment = 'shipped') as to_deliver,
        (select count(*) from order_problems where seller_id = ${sellerId} and status = 'open') as to_answer,
        (select (account_no is null or bank_code is null)::int from users where id = ${sellerId}) as no_payout,
        (select (status = 'pending')::int from users where id = ${sellerId}) as pending`,
  );
  const L = lead!;

  const payments = await rows<{ id: string; at: Date; name: string; quantity: number; kobo: Num; fulfilment: string }>(
    db,
    sql`select ol.id, o.created_at as at, ol.name, ol.quantity, ol.unit_price_kobo * ol.quantity as kobo, ol.fulfilment
      from order_lines ol join orders o on o.id = ol.order_id
      where ol.seller_id = ${sellerId} and o.status = 'paid'
      order by o.created_at desc, ol.id desc limit ${LIST_SIZE}`,
  );

  const activity = await rows<{ kind: ActivityRow["kind"]; who: string; what: string | null; kobo: Num; at: Date }>(
    db,
    sql`(select 'order' as kind, u.names as who, ol.quantity || ' x ' || ol.name as what, ol.unit_price_kobo * ol.quantity as kobo, o.created_at as at
        from order_lines ol join orders o on o.id = ol.order_id join users u on u.id = o.buyer_id
        where ol.seller_id = ${sellerId} and o.status = 'paid' order by o.created_at desc limit ${LIST_SIZE})
      union all
      (select 'follow', u.names, null, null, f.created_at
        from follows f join users u on u.id = f.follower_id
        where f.seller_id = ${sellerId} order by f.created_at desc limit ${LIST_SIZE})
      union all
      (select 'review', u.names, rv.rating::text, null, rv.created_at
        from reviews rv join posts p on p.id = rv.post_id join users u on u.id = rv.user_id
        where p.user_id = ${sellerId} order by rv.created_at desc limit ${LIST_SIZE})
      order by at desc limit ${LIST_SIZE}`,
  );

  const leads = n(L.leads!);
  const converted = n(L.converted!);
  const tasks: TaskRow[] = [
    { key: "ship", title: "Order lines to ship", count: n(L.to_ship!), link: `${BO}/view_ordered_products` },
    { key: "deliver", title: "Shipped lines to mark delivered", count: n(L.to_deliver!), link: `${BO}/view_ordered_products` },
    // Buyer protection (ADR 0195): a problem not answered within SELLER_REPLY_DAYS is refunded.
    { key: "problems", title: "Buyers' problems to answer", count: n(L.to_answer!), link: `${BO}/view_ordered_products` },
    { key: "restock", title: "Products out of stock", count: n(L.out_of_stock!), link: `${BO}/view_products` },
    { key: "payout", title: "Add your bank account for payouts", count: n(L.no_payout!), link: `${BO}/settings` },
    { key: "approval", title: "Seller account awaiting approval", count: n(L.pending!), link: `${BO}/settings` },
  ];
  return {
    scope: "seller",
    ...money,
    leads: { total: leads, converted, conversionRate: pct(converted, leads) },
    followers: { total: n(L.followers!), newThisMonth: n(L.followers_new!) },
    listings: { products: n(L.products!), services: n(L.services!), outOfStock: n(L.out_of_stock!) },
    store: { newUsersThisMonth: 0, pendingSellers: 0, transfersAwaiting: 0 },
    monthly,
    payments: payments.map(
      (p): PaymentRow => ({
        _id: p.id,
        date: iso(p.at),
        label: `${p.quantity} x ${p.name}`,
        amount: koboToNaira(n(p.kobo)),
        status: p.fulfilment,
      }),
    ),
    activity: activity.map((a) => ({ kind: a.kind, text: sellerActivityText(a), at: iso(a.at) })),
    tasks,
  };
}

function sellerActivityText(a: { kind: string; who: string; what: string | null; kobo: Num }): string {
  if (a.kind === "order") return `${a.who} bought ${a.what} (${formatNaira(koboToNaira(n(a.kobo)))})`;
  if (a.kind === "follow") return `${a.who} started following you`;
  return `${a.who} reviewed your service (${a.what}/5)`;
}

/** The whole store's figures, for an admin. */
export async function storeDashboard(db: Executor): Promise<DashboardData> {
  const src = sql`select o.created_at as at, o.id as order_id, o.total_kobo as kobo from orders o where o.status = 'paid'`;
  const [money, monthly] = await allOf(db, [() => totals(db, src), () => monthlySeries(db, src)]);

  const [s] = await rows<Record<string, Num>>(
    db,
    sql`select
      (select count(*) from users where acc_type = 'customer') as leads,
      (select count(distinct o.buyer_id) from orders o join users u on u.id = o.buyer_id
         where o.status = 'paid' and u.acc_type = 'customer') as converted,
      (select count(*) from follows) as followers,
      (select count(*) from follows where created_at >= ${THIS_MONTH}) as followers_new,
      (select count(*) from products) as products,
      (select count(*) from products where count_in_stock = 0) as out_of_stock,
      (select count(*) from posts) as services,
      (select count(*) from users where created_at >= ${THIS_MONTH}) as new_users,
      (select count(*) from users where acc_type = 'business' and status = 'pending') as pending_sellers,
      (select count(*) from transactions where status in ('submitted', 'flagged')) as transfers_awaiting,
      (select count(*) from order_problems where status = 'answered') as disputes`,
  );
  const S = s!;

  const payments = await rows<{ id: string; at: Date; names: string; order_id: string; kobo: Num; status: string }>(
    db,
    sql`select t.id, t.created_at as at, u.names, t.order_id, t.amount_kobo as kobo, t.status
      from transactions t join users u on u.id = t.buyer_id
      order by t.created_at desc, t.id desc limit ${LIST_SIZE}`,
  );

  const activity = await rows<{ kind: ActivityRow["kind"]; who: string; what: string | null; kobo: Num; at: Date }>(
    db,
    sql`(select 'signup' as kind, names as who, acc_type::text as what, null::bigint as kobo, created_at as at
        from users order by created_at desc limit ${LIST_SIZE})
      union all
      (select 'transfer', u.names, t.status::text, t.amount_kobo, t.created_at
        from transactions t join users u on u.id = t.buyer_id order by t.created_at desc limit ${LIST_SIZE})
      union all
      (select 'order', u.names, o.id::text, o.total_kobo, o.created_at
        from orders o join users u on u.id = o.buyer_id where o.status = 'paid' order by o.created_at desc limit ${LIST_SIZE})
      order by at desc limit ${LIST_SIZE}`,
  );

  const leads = n(S.leads!);
  const converted = n(S.converted!);
  return {
    scope: "store",
    ...money,
    leads: { total: leads, converted, conversionRate: pct(converted, leads) },
    followers: { total: n(S.followers!), newThisMonth: n(S.followers_new!) },
    listings: { products: n(S.products!), services: n(S.services!), outOfStock: n(S.out_of_stock!) },
    store: {
      newUsersThisMonth: n(S.new_users!),
      pendingSellers: n(S.pending_sellers!),
      transfersAwaiting: n(S.transfers_awaiting!),
    },
    monthly,
    payments: payments.map(
      (p): PaymentRow => ({
        _id: p.id,
        date: iso(p.at),
        label: `${p.names} · order ${shortId(p.order_id)}`,
        amount: koboToNaira(n(p.kobo)),
        status: p.status,
      }),
    ),
    activity: activity.map((a) => ({ kind: a.kind, text: storeActivityText(a), at: iso(a.at) })),
    tasks: [
      { key: "approve", title: "Sellers awaiting approval", count: n(S.pending_sellers!), link: `${BO}/sellers` },
      { key: "transfers", title: "Transfers awaiting confirmation", count: n(S.transfers_awaiting!), link: `${BO}/transactions` },
      // Buyer protection (ADR 0195): problems the seller answered, waiting for the store's decision.
      { key: "disputes", title: "Disputes to decide", count: n(S.disputes!), link: `${BO}/disputes` },
    ],
  };
}

const ROLE = { customer: "customer", business: "seller", admin: "admin" } as Record<string, string>;

function storeActivityText(a: { kind: string; who: string; what: string | null; kobo: Num }): string {
  if (a.kind === "signup") return `${a.who} joined as a ${ROLE[a.what ?? ""] ?? a.what}`;
  if (a.kind === "transfer") return `${a.who} sent a transfer of ${formatNaira(koboToNaira(n(a.kobo)))} (${a.what})`;
  return `${a.who} paid order ${shortId(a.what ?? "")} (${formatNaira(koboToNaira(n(a.kobo)))})`;
}
