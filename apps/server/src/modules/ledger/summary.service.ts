/**
 * The admin's money figures (design brief "Marketplace money": sales, commission earned, payable to
 * sellers, payouts due and paid, refunds, per period and per seller), all read from the ledger
 * (ADR 0090): period figures sum the entries posted in [from, to); "now" figures are balances.
 * Shares due are released first, so "available" is up to date.
 */
import type { FinanceSeries, FinanceSummaryAnswer } from "@market/contract";
import { FINANCE_DAILY_MAX_DAYS, koboToNaira } from "@market/contract";
import { inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { users } from "../../db/schema/index.js";
import { csvField, type FinanceSettings, releaseDueLines } from "./earnings.service.js";

type Figures = { sales: string; commission: string; shipping: string; refunds: string; payouts_paid: string };

const figureColumns = sql`
  coalesce(sum(x.amount_kobo) filter (where x.jkind = 'sale' and x.kind in ('seller_pending', 'store_commission')), 0)::text as sales,
  coalesce(sum(x.amount_kobo) filter (where x.kind = 'store_commission'), 0)::text as commission,
  coalesce(sum(x.amount_kobo) filter (where x.kind = 'store_shipping'), 0)::text as shipping,
  coalesce(sum(x.amount_kobo) filter (where x.kind = 'refunds'), 0)::text as refunds,
  coalesce(sum(x.amount_kobo) filter (where x.kind = 'store_cash' and x.jkind in ('payout_paid', 'payout_returned')), 0)::text as payouts_paid`;

/**
 * Money figures for the period `from` (inclusive) to `to` (exclusive), each optional, in naira:
 * the store's totals, the balances right now, and one row per seller with any entry in the period
 * or money still owed.
 */
export async function financeSummary(
  db: Db,
  period: { from?: string; to?: string },
  settings: FinanceSettings,
  now: Date,
): Promise<FinanceSummaryAnswer["data"]> {
  await db.transaction((tx) => releaseDueLines(tx, null, now, settings.holdDays));
  const entries = sql`
    select e.amount_kobo, e.created_at, a.kind::text as kind, j.kind as jkind, coalesce(ol.seller_id, p.seller_id) as seller_id
    from ledger_entries e
    join ledger_accounts a on a.id = e.account_id
    join ledger_journals j on j.id = e.journal_id
    left join order_lines ol on ol.id = e.order_line_id
    left join payouts p on p.id = e.payout_id
    where (${period.from ?? null}::timestamptz is null or e.created_at >= ${period.from ?? null}::timestamptz)
      and (${period.to ?? null}::timestamptz is null or e.created_at < ${period.to ?? null}::timestamptz)`;
  const total = (await db.execute<Figures>(sql`select ${figureColumns} from (${entries}) x`)).rows[0]!;
  const bySeller = await db.execute<Figures & { seller_id: string }>(
    sql`select x.seller_id, ${figureColumns} from (${entries}) x where x.seller_id is not null group by x.seller_id`,
  );
  const balances = await db.execute<{ owner_id: string; pending: string; available: string; owes: string }>(sql`
    select a.owner_id,
           coalesce(sum(e.amount_kobo) filter (where a.kind = 'seller_pending'), 0)::text as pending,
           coalesce(sum(e.amount_kobo) filter (where a.kind = 'seller_payable'), 0)::text as available,
           (-coalesce(sum(e.amount_kobo) filter (where a.kind = 'seller_debt'), 0))::text as owes
    from ledger_accounts a join ledger_entries e on e.account_id = a.id
    where a.owner_id is not null group by a.owner_id`);
  const due = await db.execute<{ due: string }>(
    sql`select coalesce(sum(amount_kobo), 0)::text as due from payouts where status = 'requested'`,
  );

  const ids = new Set([
    ...bySeller.rows.map((r) => r.seller_id),
    ...balances.rows.filter((b) => b.pending !== "0" || b.available !== "0" || b.owes !== "0").map((b) => b.owner_id),
  ]);
  const names = ids.size
    ? await db
        .select({ id: users.id, names: users.names })
        .from(users)
        .where(inArray(users.id, [...ids]))
    : [];
  const naira = (s: string | undefined) => koboToNaira(Number(s ?? 0));
  const figures = (f: Figures | undefined) => ({
    sales: naira(f?.sales),
    commission: naira(f?.commission),
    refunds: naira(f?.refunds),
    payouts_paid: naira(f?.payouts_paid),
  });
  return {
    period: { ...figures(total), shipping: naira(total.shipping) },
    series: await financeSeries(db, entries, period, now),
    now: {
      sellers_pending: koboToNaira(balances.rows.reduce((s, b) => s + Number(b.pending), 0)),
      sellers_available: koboToNaira(balances.rows.reduce((s, b) => s + Number(b.available), 0)),
      payouts_due: naira(due.rows[0]?.due),
      sellers_owe: koboToNaira(balances.rows.reduce((s, b) => s + Number(b.owes), 0)),
    },
    sellers: [...ids]
      .map((id) => {
        const b = balances.rows.find((r) => r.owner_id === id);
        return {
          seller: { _id: id, names: names.find((n) => n.id === id)?.names ?? "" },
          ...figures(bySeller.rows.find((r) => r.seller_id === id)),
          pending: naira(b?.pending),
          available: naira(b?.available),
          owes: naira(b?.owes),
        };
      })
      .sort((a, b) => b.sales - a.sales || a.seller._id.localeCompare(b.seller._id)),
  };
}

/** The store's time zone: calendar days and months of the figures over time (like the dashboard's). */
const TZ = "Africa/Lagos";

/**
 * The period's figures per day (periods up to FINANCE_DAILY_MAX_DAYS days) or per calendar month,
 * in Lagos time, from the first bucket of the period (or of the first entry, for "all time") to the
 * bucket holding its end (or `now`); empty buckets are zeros. `entries` is the period's entry set.
 */
async function financeSeries(
  db: Db,
  entries: ReturnType<typeof sql>,
  period: { from?: string; to?: string },
  now: Date,
): Promise<FinanceSeries> {
  let from = period.from ? new Date(period.from) : null;
  if (!from) {
    const first = await db.execute<{ at: Date | string | null }>(sql`select min(created_at) as at from ledger_entries`);
    const at = first.rows[0]?.at;
    from = at ? new Date(at) : now;
  }
  // The end is exclusive: the last bucket is the one holding the instant just before it.
  const to = new Date(Math.max(from.getTime(), (period.to ? new Date(period.to) : now).getTime() - 1));
  const unit = to.getTime() - from.getTime() <= FINANCE_DAILY_MAX_DAYS * 86_400_000 ? "day" : "month";
  const step = sql.raw(unit === "day" ? "interval '1 day'" : "interval '1 month'");
  const trunc = sql.raw(`'${unit}'`);
  const result = await db.execute<Figures & { start: string }>(sql`
    with buckets as (
      select generate_series(
        date_trunc(${trunc}, ${from.toISOString()}::timestamptz at time zone ${TZ}),
        date_trunc(${trunc}, ${to.toISOString()}::timestamptz at time zone ${TZ}),
        ${step}) as b
    )
    select to_char(buckets.b, 'YYYY-MM-DD') as start, ${figureColumns}
    from buckets left join (${entries}) x on date_trunc(${trunc}, x.created_at at time zone ${TZ}) = buckets.b
    group by buckets.b order by buckets.b`);
  const naira = (v: string) => koboToNaira(Number(v));
  return {
    unit,
    points: result.rows.map((r) => ({
      start: r.start,
      sales: naira(r.sales),
      commission: naira(r.commission),
      refunds: naira(r.refunds),
      payouts_paid: naira(r.payouts_paid),
    })),
  };
}

/**
 * The admin's figures for a period as CSV (naira): one row per seller, then the store's total
 * (with the shipping kept by the store). Same figures as `financeSummary`.
 */
export async function financeCsv(db: Db, period: { from?: string; to?: string }, settings: FinanceSettings, now: Date): Promise<string> {
  const f = await financeSummary(db, period, settings, now);
  const header = ["seller_id", "seller", "sales", "commission", "shipping", "refunds", "payouts_paid", "pending_now", "available_now"];
  const rows = f.sellers.map((r) => [
    r.seller._id,
    r.seller.names,
    r.sales,
    r.commission,
    "",
    r.refunds,
    r.payouts_paid,
    r.pending,
    r.available,
  ]);
  const p = f.period;
  rows.push([
    "",
    "Store total",
    p.sales,
    p.commission,
    p.shipping,
    p.refunds,
    p.payouts_paid,
    f.now.sellers_pending,
    f.now.sellers_available,
  ]);
  return `${[header.join(","), ...rows.map((r) => r.map(csvField).join(","))].join("\r\n")}\r\n`;
}
