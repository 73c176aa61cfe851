/**
 * Checkout against what other transactions do at the same moment (ADR 0126: the checkout reads and
 * locks in one statement, whose snapshot is older than the locks it waits for):
 * - a transfer submitted while the checkout waits for the open order's row lock keeps its order
 *   (not cancelled by the checkout) and counts towards the daily cap (ADR 0081);
 * - stock held by another shopper's order whose window is over does not make a checkout fail: the
 *   overdue order is expired and the checkout goes through (ADR 0032).
 * Real PostgreSQL, real app.
 */
import { SHIPPING_FEE_NAIRA } from "@market/contract";
import { and, eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { orders, products } from "../src/db/schema/index.js";
import { createUserWithToken } from "../src/db/seed/factories.js";
import { checkoutBody } from "./fixtures.js";
import { createShopContext, type ShopContext } from "./helpers.js";

let ctx: ShopContext;

beforeAll(async () => {
  ctx = await createShopContext({ MAX_UNITS_PER_PRODUCT_PER_DAY: "5" });
});
afterAll(() => ctx.close());

const product = (countInStock: number) => ctx.shop.product({ price: 1000, countInStock });
const stock = async (id: string) => (await ctx.db.select().from(products).where(eq(products.id, id)))[0]!.countInStock;
const orderStatus = async (id: string) => (await ctx.db.select().from(orders).where(eq(orders.id, id)))[0]!.status;

/** Put `count` units in the shopper's cart (replacing the line). */
async function addLine(token: string, productId: string, count: number) {
  const line = await ctx.request({ method: "POST", url: "/api/cart", token, payload: { product_id: productId, count } });
  expect(line.statusCode, line.body).toBe(200);
}

/** Check out a cart of `count` units at 1000 naira. */
const placeOrder = (token: string, count: number) =>
  ctx.request({ method: "POST", url: "/api/transactions/createSession", token, payload: checkoutBody(1000 * count + SHIPPING_FEE_NAIRA) });

async function checkout(token: string, productId: string, count: number) {
  await addLine(token, productId, count);
  return placeOrder(token, count);
}

/** Connections of this test's database waiting for a lock. */
const lockWaiters = async () =>
  (
    await ctx.db.execute<{ pid: number }>(
      sql`select pid from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    )
  ).rows.map((r) => r.pid);

describe("checkout racing other transactions", () => {
  it("a transfer submitted while the checkout waits keeps its order and counts towards the daily cap", async () => {
    const p = await product(10);
    const s = await createUserWithToken(ctx.db);
    const first = await checkout(s.token, p.id, 3);
    expect(first.statusCode, first.body).toBe(200);
    const openId = first.json().data.Form.order_id as string;
    expect(await stock(p.id)).toBe(7);

    // "I have made payment" in progress: its transaction holds the order's row lock (the status
    // change is what matters to the cap), and commits while the next checkout waits for it.
    const payer = new pg.Client({ connectionString: ctx.url });
    await payer.connect();
    try {
      await payer.query("begin");
      await payer.query("update orders set status = 'payment_submitted', updated_at = now() where id = $1", [openId]);
      const again = checkout(s.token, p.id, 3);
      await vi.waitFor(async () => expect((await lockWaiters()).length).toBeGreaterThan(0), { timeout: 10_000, interval: 50 });
      await payer.query("commit");
      const res = await again;
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toBe(
        `You can buy at most 5 of ${p.name} in 24 hours and have already ordered 3. Reduce the quantity in your cart to 2 or fewer and try again.`,
      );
    } finally {
      await payer.end();
    }
    expect(await orderStatus(openId)).toBe("payment_submitted");
    expect(await stock(p.id)).toBe(7);
    const mine = await ctx.db.select().from(orders).where(eq(orders.buyerId, s.user.id));
    expect(mine.map((o) => o.status)).toEqual(["payment_submitted"]);
  });

  it("stock held by another shopper's overdue order is released and the checkout goes through", async () => {
    const p = await product(2);
    // Carts filled while the product is in stock (a sold-out product cannot be added).
    const [early, late, third] = await Promise.all([1, 2, 3].map(() => createUserWithToken(ctx.db)));
    await addLine(late!.token, p.id, 2);
    await addLine(third!.token, p.id, 1);
    const held = await checkout(early!.token, p.id, 2);
    expect(held.statusCode, held.body).toBe(200);
    const heldId = held.json().data.Form.order_id as string;
    expect(await stock(p.id)).toBe(0);
    await ctx.db.update(orders).set({ reservedUntil: sql`now() - interval '1 minute'` }).where(eq(orders.id, heldId));

    const res = await placeOrder(late!.token, 2);
    expect(res.statusCode, res.body).toBe(200);
    expect(await orderStatus(heldId)).toBe("expired");
    expect(await orderStatus(res.json().data.Form.order_id)).toBe("awaiting_payment");
    expect(await stock(p.id)).toBe(0);

    // Still sold out for a third shopper: nothing overdue is left to release.
    const refused = await placeOrder(third!.token, 1);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`Sorry, ${p.name} is sold out. Remove it from your cart and try again.`);
    const awaiting = await ctx.db
      .select()
      .from(orders)
      .where(and(eq(orders.buyerId, late!.user.id), eq(orders.status, "awaiting_payment")));
    expect(awaiting).toHaveLength(1);
  });
});
