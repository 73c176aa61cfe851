/**
 * Commission (design brief "Marketplace money", ADR 0091): a store-wide rate in basis points set by
 * the admin (default 1000 = 10%), overridable per category. The rate and the amount are fixed on
 * each order line when its order is paid, so later changes of the rates never rewrite history.
 */
import type { CommissionSettings } from "@market/contract";
import { FINANCE_MESSAGES } from "@market/contract";
import { inArray, sql } from "drizzle-orm";
import type { Db, Executor, Tx } from "../../db/client.js";
import { categories, categoryCommissions, financeSettings } from "../../db/schema/index.js";
import { badRequest } from "../../lib/errors.js";

/** The store-wide rate when no admin has set one: 10%. */
const DEFAULT_COMMISSION_BPS = 1000;

/** The store-wide rate and every category with its own rate or null (the store's applies). */
export async function getCommissionSettings(db: Executor): Promise<CommissionSettings> {
  const store = await db.select({ bps: financeSettings.commissionBps }).from(financeSettings);
  const rows = await db.execute<{ id: string; name: string; type: string; bps: number | null }>(sql`
    select c.id, c.name, c.type::text as type, cc.commission_bps as bps
    from categories c left join category_commissions cc on cc.category_id = c.id
    order by c.type, lower(c.name), c.id`);
  return {
    store_bps: store[0]?.bps ?? DEFAULT_COMMISSION_BPS,
    categories: rows.rows.map((r) => ({ category_id: r.id, name: r.name, type: r.type, bps: r.bps === null ? null : Number(r.bps) })),
  };
}

/**
 * Change the store-wide rate and/or categories' own rates (`bps: null` removes one), in one
 * transaction. Orders already paid keep the rate fixed on their lines.
 * @throws 400 when a category does not exist (nothing changed).
 */
export async function setCommissionSettings(
  db: Db,
  adminId: string,
  body: { store_bps?: number; categories?: Array<{ category_id: string; bps: number | null }> },
): Promise<CommissionSettings> {
  await db.transaction(async (tx) => {
    if (body.store_bps !== undefined) {
      await tx
        .insert(financeSettings)
        .values({ id: 1, commissionBps: body.store_bps, updatedBy: adminId })
        .onConflictDoUpdate({
          target: financeSettings.id,
          set: { commissionBps: body.store_bps, updatedBy: adminId, updatedAt: sql`now()` },
        });
    }
    const changes = body.categories ?? [];
    if (changes.length === 0) return;
    const ids = [...new Set(changes.map((c) => c.category_id))];
    const known = await tx.select({ id: categories.id }).from(categories).where(inArray(categories.id, ids));
    if (known.length !== ids.length) throw badRequest(FINANCE_MESSAGES.unknownCategory, { categories: FINANCE_MESSAGES.unknownCategory });
    for (const c of changes) {
      if (c.bps === null) {
        await tx.delete(categoryCommissions).where(sql`${categoryCommissions.categoryId} = ${c.category_id}`);
      } else {
        await tx
          .insert(categoryCommissions)
          .values({ categoryId: c.category_id, commissionBps: c.bps })
          .onConflictDoUpdate({ target: categoryCommissions.categoryId, set: { commissionBps: c.bps, updatedAt: sql`now()` } });
      }
    }
  });
  return getCommissionSettings(db);
}

/**
 * Fix the commission on every line of an order being paid, inside the paying transaction: the
 * line's category rate, else the store's, else 10%; amount = line total x rate / 10000 rounded
 * half up to the kobo. Lines already fixed keep their values (a second call changes nothing).
 * `sellerId`: only that seller's lines not cancelled (pay on delivery is paid seller by seller, ADR 0222).
 */
export async function fixLineCommissions(tx: Tx, orderId: string, sellerId: string | null = null): Promise<void> {
  await tx.execute(sql`
    update order_lines ol
    set commission_bps = r.bps,
        commission_kobo = (ol.unit_price_kobo * ol.quantity * r.bps + 5000) / 10000
    from (
      select l.id,
             coalesce(cc.commission_bps, (select commission_bps from finance_settings where id = 1), ${DEFAULT_COMMISSION_BPS})::int as bps
      from order_lines l
      left join products p on p.id = l.product_id
      left join category_commissions cc on cc.category_id = p.category_id
      where l.order_id = ${orderId}
        and (${sellerId}::uuid is null or (l.seller_id = ${sellerId}::uuid and l.fulfilment <> 'cancelled'))
    ) r
    where ol.id = r.id and ol.commission_bps is null`);
}
