/**
 * The demo store's money history (ADR 0098), so the admin's Finance, Payouts, Disputes and the
 * sellers' Earnings are not empty on the first start: every confirmed demo order is recorded paid;
 * lines delivered over three weeks ago were confirmed received by their buyer the next day and
 * released after the holding period (completed); one delivered line had a problem the seller
 * answered and the admin decided with half refunded; one has a problem the seller answered,
 * waiting for the admin (an open dispute); one line not shipped was cancelled by its seller; one
 * seller was paid out, another asked for a payout now due (ADR 0193-0195). Everything goes through
 * the ledger's and buyer protection's own services (journals that sum to zero, once per business
 * key), in the order it happened, each dated with the connection's `ledger.as_of` setting instead
 * of today. Deterministic; order statuses do not change, the cancelled line's units go back on sale.
 */
import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { cancelLine, confirmReceived, decideProblem, replyProblem, reportProblem } from "../../modules/commerce/protection.service.js";
import { recordOrderPaid, releaseDueLines } from "../../modules/ledger/earnings.service.js";
import { decidePayout, requestPayout } from "../../modules/ledger/payouts.service.js";
import type { Db } from "../client.js";
import * as schema from "../schema/index.js";
import { orderLines, orders, transactions, users } from "../schema/index.js";

/** The default holding period (config PAYOUT_HOLD_DAYS) and smallest payout (MIN_PAYOUT_NAIRA), in kobo. */
const SETTINGS = { holdDays: 7, minPayoutKobo: 1000 * 100 };
/** The default buyer-protection days (config RETURN_WINDOW_DAYS, SHIP_BY_DAYS, SELLER_REPLY_DAYS). */
export const PROTECTION = { returnWindowDays: 7, shipByDays: 3, sellerReplyDays: 3 };
const none = () => {};
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
    .select({
      id: orderLines.id,
      orderId: orderLines.orderId,
      sellerId: orderLines.sellerId,
      buyerId: orders.buyerId,
      at: orderLines.deliveredAt,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(isNotNull(orderLines.deliveredAt))
    .orderBy(asc(orderLines.deliveredAt), asc(orderLines.id));
  // Lines delivered over three weeks ago: received the next day. Of the newer ones, the oldest
  // had a problem decided (half refunded), the newest has one waiting for the admin.
  const old = delivered.filter((l) => l.at!.getTime() < now - 21 * DAY);
  const recent = delivered.filter((l) => l.at!.getTime() >= now - 21 * DAY);
  const received = old.map((l) => ({ ...l, at: new Date(l.at!.getTime() + DAY) }));
  for (const l of received) {
    steps.push({ at: l.at, run: (d) => confirmReceived(d, l.buyerId, l.orderId, l.id) });
  }
  const disputeSteps = (l: (typeof delivered)[number], from: number, decided: boolean) => {
    const reportAt = new Date(from);
    steps.push({
      at: reportAt,
      run: (d) =>
        reportProblem(
          d,
          l.buyerId,
          l.orderId,
          {
            line_id: l.id,
            reason: decided ? "damaged" : "not_as_described",
            comment: decided ? "The box was crushed and one item is cracked." : "The colour is not the one in the pictures.",
            image_urls: [],
          },
          { now: reportAt, settings: PROTECTION },
          none,
        ),
    });
    steps.push({
      at: new Date(from + DAY),
      run: async (d) =>
        replyProblem(
          d,
          l.sellerId,
          await openProblem(d, l.id),
          {
            comment: decided ? "It left our shop well packed; the courier must have dropped it." : "It is the same colour; screens differ.",
          },
          PROTECTION,
          none,
        ),
    });
    if (decided) {
      steps.push({
        at: new Date(from + 2 * DAY),
        run: async (d) => {
          const id = await openProblem(d, l.id);
          const [line] = await d
            .select({ total: sql<string>`(${orderLines.unitPriceKobo} * ${orderLines.quantity})::text` })
            .from(orderLines)
            .where(eq(orderLines.id, l.id));
          const half = Math.round(Number(line!.total) / 2 / 100) * 100;
          return decideProblem(
            d,
            adminId,
            id,
            { refundKobo: half, reason: "The photos show damage to one item: half refunded" },
            PROTECTION,
            none,
          );
        },
      });
    }
  };
  const [decidedLine] = recent;
  const openLine = recent.length > 1 ? recent[recent.length - 1] : undefined;
  if (decidedLine) disputeSteps(decidedLine, decidedLine.at!.getTime() + DAY, true);
  if (openLine) disputeSteps(openLine, now - 3 * DAY, false);

  // One line not shipped, cancelled by its seller (the oldest unshipped line of a paid order).
  const [unshipped] = await db
    .select({ id: orderLines.id, sellerId: orderLines.sellerId, at: orders.createdAt })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(eq(orders.status, "paid"), eq(orderLines.fulfilment, "unfulfilled")))
    .orderBy(asc(orders.createdAt))
    .limit(1);
  if (unshipped) {
    steps.push({
      at: new Date(unshipped.at.getTime() + DAY),
      run: (d) => cancelLine(d, unshipped.sellerId, unshipped.id, "Sold out in the shop before the order came in", none),
    });
  }

  const releases = new Set<string>();
  for (const l of received) {
    const due = new Date(l.at.getTime() + SETTINGS.holdDays * DAY);
    // One release per seller and moment releases all their lines due then.
    const key = `${l.sellerId}@${due.getTime()}`;
    if (due.getTime() < now && !releases.has(key)) {
      releases.add(key);
      steps.push({ at: due, run: (d) => d.transaction((tx) => releaseDueLines(tx, l.sellerId, due, SETTINGS.holdDays)) });
    }
  }

  // Available once a received line's holding period is over: a month ago for the paid payout.
  const releasedBy = (sellerId: string, at: number) =>
    received.some((l) => l.sellerId === sellerId && l.at.getTime() + SETTINGS.holdDays * DAY <= at);
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

/** The id of the line's problem not yet closed. */
async function openProblem(db: Db, lineId: string): Promise<string> {
  const found = await db.execute<{ id: string }>(
    sql`select id from order_problems where line_id = ${lineId} and status in ('open', 'answered')`,
  );
  return found.rows[0]!.id;
}
