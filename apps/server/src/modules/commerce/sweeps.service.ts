/**
 * The sweeps of reserved stock (ADRs 0032, 0081), run by the expiry job (jobs/expiry-sweep.ts) and,
 * for overdue orders, by a checkout short of stock and the shopper's order list: orders whose
 * 15-minute window is over expire, and submitted transfers no admin decided in time are flagged.
 * Due rows are claimed with `FOR UPDATE SKIP LOCKED` and moved by conditional UPDATEs
 * (stock.service.ts), so every process may run them at once. Times come from the database clock.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import type { Messenger } from "../messages/service.js";
import { transferFlagged } from "../notifications/events.js";
import { type OrderNotice, unconfirmedTransferNotice } from "./notices.js";
import { releaseOrders } from "./stock.service.js";

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
 * outbox and the admins notified (ADR 0181); the e-mails are delivered after commit. Like the window expiry, due rows are claimed with
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
      // The admins are told too (ADR 0181).
      ids.push(...(await transferFlagged(tx, r.order_id, opts.afterHours)));
    }
    return { flagged: moved.size, outboxIds: ids, products: released.products };
  });
  if (flagged > 0) stockChanged(products);
  void messenger.deliver(outboxIds);
  return flagged;
}
