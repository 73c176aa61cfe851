/**
 * Reserved stock of orders (ADRs 0030, 0032, 0081): give an order's units back to stock when it is
 * cancelled, expires, goes unconfirmed or is rejected, and take them again when an admin confirms a
 * released order late. Every status change is a conditional UPDATE on the current status, and
 * products are updated in id order (the order checkout locks them in), so several server processes
 * (or a sweep racing a shopper) never release the same stock twice and never deadlock.
 */
import { eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.js";
import { type orders, products } from "../../db/schema/index.js";
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
 * Give `quantity` units of a cancelled line back to its product's stock (none when the product was
 * deleted), in the caller's transaction. Answers the products whose stock changed.
 */
export async function giveBackLine(tx: Tx, productId: string | null, quantity: number): Promise<string[]> {
  if (!productId) return [];
  const done = await tx.execute(
    sql`update products set count_in_stock = count_in_stock + ${quantity}, updated_at = now() where id = ${productId}`,
  );
  return done.rowCount ? [productId] : [];
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
