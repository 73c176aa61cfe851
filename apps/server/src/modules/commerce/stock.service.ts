/**
 * Reserved stock of orders (ADRs 0030, 0032, 0081, 0215): give an order's units back to its
 * variants' stock when it is cancelled, expires, goes unconfirmed or is rejected, and take them again
 * when an admin confirms a released order late. Every status change is a conditional UPDATE on the
 * current status, and products are locked in id order (the order checkout locks them in) before
 * their variants change, so several server processes (or a sweep racing a shopper) never release
 * the same stock twice and never deadlock.
 */
import { eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.js";
import { type orders, productVariants } from "../../db/schema/index.js";
import { conflict } from "../../lib/errors.js";

/** An order's status (the `order_status` enum). */
export type OrderStatus = (typeof orders.$inferSelect)["status"];

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
  const lines = await tx.execute<{ id: string }>(sql`
    select id from order_lines where order_id in (${sql.join(
      movedIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`);
  return {
    orders: movedIds,
    products: await restockLines(
      tx,
      lines.rows.map((r) => r.id),
    ),
  };
}

/**
 * Give the units of the order lines `lineIds` back to their variants' stock (ADR 0215), in the
 * caller's transaction: every release of an order goes through here, and so must a cancellation or
 * refund of single lines that gives stock back. The products are locked first, in id order (as
 * checkout locks them; the variants' trigger then updates their totals), so a release and a
 * checkout cannot deadlock. Lines whose variant was deleted give nothing back. Does not change any
 * status: the caller moves the order or line, guarded by its current status, first.
 * Answers the products whose stock changed (the caches drop what shows them, ADR 0144).
 * @public the hook for per-line cancellations and refunds that give stock back (ADR 0215)
 */
export async function restockLines(tx: Tx, lineIds: string[]): Promise<string[]> {
  if (lineIds.length === 0) return [];
  const give = await tx.execute<{ product_id: string; variant_id: string; n: number }>(sql`
    select product_id, variant_id, sum(quantity)::int as n from order_lines
    where id in (${sql.join(
      lineIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) and variant_id is not null and product_id is not null
    group by product_id, variant_id order by product_id, variant_id`);
  const productIds = [...new Set(give.rows.map((r) => r.product_id))];
  if (productIds.length === 0) return [];
  await lockProducts(tx, productIds);
  for (const { variant_id, n } of give.rows) {
    await tx.execute(sql`update product_variants set count_in_stock = count_in_stock + ${n}, updated_at = now() where id = ${variant_id}`);
  }
  return productIds;
}

/** Lock `productIds` in id order, as checkout does, before their variants' stock changes. */
async function lockProducts(tx: Tx, productIds: string[]): Promise<void> {
  await tx.execute(sql`
    select id from products where id in (${sql.join(
      productIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) order by id for no key update`);
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
  const lines = await tx.execute<{ product_id: string | null; variant_id: string | null; name: string; n: number }>(sql`
    select product_id, variant_id, min(name) as name, sum(quantity)::int as n from order_lines
    where order_id = ${orderId}
    group by product_id, variant_id order by product_id nulls first, variant_id nulls first`);
  const refuse = (name: string, left: number) =>
    conflict(
      `This order cannot be confirmed any more: ${left === 0 ? `${name} is sold out` : `only ${left} of ${name} left`} since its items were released. Reject the transfer and refund the buyer.`,
    );
  const gone = lines.rows.find((l) => !l.product_id || !l.variant_id);
  if (gone) throw refuse(gone.name, 0);
  const taken = [...new Set(lines.rows.map((l) => l.product_id!))];
  await lockProducts(tx, taken);
  for (const { variant_id, name, n } of lines.rows) {
    const reserved = await tx.execute(sql`
      update product_variants set count_in_stock = count_in_stock - ${n}, updated_at = now()
      where id = ${variant_id} and count_in_stock >= ${n}
      returning count_in_stock`);
    if (reserved.rows.length === 0) {
      const [now] = await tx
        .select({ stock: productVariants.countInStock })
        .from(productVariants)
        .where(eq(productVariants.id, variant_id!));
      throw refuse(name, now?.stock ?? 0);
    }
  }
  return taken;
}
