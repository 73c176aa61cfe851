/**
 * The admin's money figures (design brief "Marketplace money": sales, commission earned, payable to
 * sellers, payouts due and paid, refunds, per period and per seller), all read from the ledger
 * (ADR 0090): period figures sum the entries posted in [from, to); "now" figures are balances.
 * Shares due are released first, so "available" is up to date.
 */
import type { FinanceSummaryAnswer } from "@market/contract";
import { koboToNaira } from "@market/contract";
import { inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { users } from "../../db/schema/index.js";
import { type FinanceSettings, releaseDueLines } from "./earnings.service.js";

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
    select e.amount_kobo, a.kind::text as kind, j.kind as jkind, coalesce(ol.seller_id, p.seller_id) as seller_id
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
  const balances = await db.execute<{ owner_id: string; pending: string; available: string }>(sql`
    select a.owner_id,
           coalesce(sum(e.amount_kobo) filter (where a.kind = 'seller_pending'), 0)::text as pending,
           coalesce(sum(e.amount_kobo) filter (where a.kind = 'seller_payable'), 0)::text as available
    from ledger_accounts a join ledger_entries e on e.account_id = a.id
    where a.owner_id is not null group by a.owner_id`);
  const due = await db.execute<{ due: string }>(
    sql`select coalesce(sum(amount_kobo), 0)::text as due from payouts where status = 'requested'`,
  );

  const ids = new Set([
    ...bySeller.rows.map((r) => r.seller_id),
    ...balances.rows.filter((b) => b.pending !== "0" || b.available !== "0").map((b) => b.owner_id),
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
    now: {
      sellers_pending: koboToNaira(balances.rows.reduce((s, b) => s + Number(b.pending), 0)),
      sellers_available: koboToNaira(balances.rows.reduce((s, b) => s + Number(b.available), 0)),
      payouts_due: naira(due.rows[0]?.due),
    },
    sellers: [...ids]
      .map((id) => {
        const b = balances.rows.find((r) => r.owner_id === id);
        return {
          seller: { _id: id, names: names.find((n) => n.id === id)?.names ?? "" },
          ...figures(bySeller.rows.find((r) => r.seller_id === id)),
          pending: naira(b?.pending),
          available: naira(b?.available),
        };
      })
      .sort((a, b) => b.sales - a.sales || a.seller._id.localeCompare(b.seller._id)),
  };
}
