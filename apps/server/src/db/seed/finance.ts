/**
 * The demo store's money history (ADR 0098), so the admin's Finance, Payouts and the sellers'
 * Earnings are not empty on the first start: every confirmed demo order is recorded paid, every
 * delivered line is released after the holding period, one seller was paid out, another asked for
 * a payout now due, and one line was partly refunded. Everything goes through the ledger's own
 * services (journals that sum to zero, once per business key), in the order it happened, each
 * dated with the connection's `ledger.as_of` setting instead of today. Deterministic; no stock or
 * order status changes.
 */
import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { recordOrderPaid, releaseDueLines } from "../../modules/ledger/earnings.service.js";
import { decidePayout, requestPayout } from "../../modules/ledger/payouts.service.js";
import { refundOrder } from "../../modules/ledger/refunds.service.js";
import type { Db } from "../client.js";
import * as schema from "../schema/index.js";
import { orderLines, orders, transactions, users } from "../schema/index.js";

/** The default holding period (config PAYOUT_HOLD_DAYS) and smallest payout (MIN_PAYOUT_NAIRA), in kobo. */
const SETTINGS = { holdDays: 7, minPayoutKobo: 1000 * 100 };
const DAY = 86_400_000;

type Step = { at: Date; run: (db: Db) => Promise<unknown> };

/**
 * Post the demo's money history for the orders already seeded. Of `sellerIds` (in order of
 * preference), the first with money available a month ago is paid out then, and the next with
 * money available now asks for a payout two days ago (both get verified payout accounts).
 * @throws when a step the history needs is refused.
 */
export async function seedFinanceHistory(db: Db, adminId: string, sellerIds: string[]): Promise<void> {
  const now = Date.now();
  const steps: Step[] = [];

  const confirmed = await db
    .select({ orderId: transactions.orderId, at: transactions.reviewedAt })
    .from(transactions)
    .innerJoin(orders, eq(orders.id, transactions.orderId))
    .where(and(eq(transactions.status, "confirmed"), eq(orders.status, "paid")));
  for (const c of confirmed) {
    steps.push({ at: c.at ?? new Date(now), run: (d) => d.transaction((tx) => recordOrderPaid(tx, c.orderId)) });
  }
  const delivered = await db
    .select({ sellerId: orderLines.sellerId, at: orderLines.deliveredAt })
    .from(orderLines)
    .where(isNotNull(orderLines.deliveredAt));
  const releases = new Set<string>();
  for (const l of delivered) {
    const due = new Date(l.at!.getTime() + SETTINGS.holdDays * DAY);
    // One release per seller and moment releases all their lines due then.
    const key = `${l.sellerId}@${due.getTime()}`;
    if (due.getTime() < now && !releases.has(key)) {
      releases.add(key);
      steps.push({ at: due, run: (d) => d.transaction((tx) => releaseDueLines(tx, l.sellerId, due, SETTINGS.holdDays)) });
    }
  }

  // Available once a delivered line's holding period is over: a month ago for the paid payout.
  const releasedBy = (sellerId: string, at: number) =>
    delivered.some((l) => l.sellerId === sellerId && l.at!.getTime() + SETTINGS.holdDays * DAY <= at);
  const paidSeller = sellerIds.find((id) => releasedBy(id, now - 30 * DAY));
  const dueSeller = sellerIds.find((id) => id !== paidSeller && releasedBy(id, now - 2 * DAY));
  if (!paidSeller || !dueSeller) throw new Error("Demo finance history: no seller has delivered lines old enough to pay out");
  await db
    .update(users)
    .set({ bankAccountVerified: true, bankAccountVerifiedAt: new Date(now - 80 * DAY), bankAccountVerifiedBy: adminId })
    .where(inArray(users.id, [paidSeller, dueSeller]));
  const payout = async (d: Db, sellerId: string, at: Date) => requestPayout(d, sellerId, undefined, SETTINGS, at);
  let paid = "";
  const requestedAt = new Date(now - 30 * DAY);
  steps.push({
    at: requestedAt,
    run: async (d) => {
      const p = await payout(d, paidSeller, requestedAt);
      paid = p._id;
    },
  });
  steps.push({
    at: new Date(now - 28 * DAY),
    run: (d) => decidePayout(d, adminId, { payout_id: paid, action: "paid", reference: "FBN/TRF/0412/88231" }),
  });
  steps.push({ at: new Date(now - 2 * DAY), run: (d) => payout(d, dueSeller, new Date(now - 2 * DAY)) });

  // A partial refund of the newest shipped line two weeks old or more: one item arrived damaged.
  const [shipped] = await db
    .select({
      orderId: orderLines.orderId,
      lineId: orderLines.id,
      total: sql<number>`${orderLines.unitPriceKobo} * ${orderLines.quantity}`,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(eq(orders.status, "paid"), eq(orderLines.fulfilment, "shipped"), sql`${orders.createdAt} < ${new Date(now - 10 * DAY)}`))
    .orderBy(asc(orders.createdAt))
    .limit(1);
  if (shipped) {
    const amountKobo = Math.round(Number(shipped.total) / 4 / 100) * 100;
    steps.push({
      at: new Date(now - 8 * DAY),
      run: (d) =>
        refundOrder(d, adminId, {
          orderId: shipped.orderId,
          lineId: shipped.lineId,
          amountKobo,
          reason: "One item arrived damaged; the buyer kept the rest",
        }),
    });
  }

  // One connection for the whole history, so its `ledger.as_of` dates every row a step writes.
  const client = await db.$client.connect();
  const one = drizzle(client, { schema, casing: "snake_case" }) as unknown as Db;
  try {
    for (const step of steps.sort((a, b) => a.at.getTime() - b.at.getTime())) {
      await one.execute(sql`select set_config('ledger.as_of', ${step.at.toISOString()}, false)`);
      await step.run(one);
    }
  } finally {
    await client.query("select set_config('ledger.as_of', '', false)");
    client.release();
  }
}
