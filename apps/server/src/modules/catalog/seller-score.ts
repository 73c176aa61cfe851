/**
 * The seller score (ADR 0211; formula in docs/seller-score.md): a seller's record over the last
 * SELLER_SCORE_WINDOW_DAYS days, from their paid order lines and their ratings. Computed by the
 * `seller-scores` job (modules/jobs/seller-scores.ts) into `seller_scores`, never on a page view;
 * read with `readSellerScore`. Every input the order-line life will add (cancelled by the seller,
 * problems and returns) has its one place here: `lineFacts` below.
 */
import { averageStars, SELLER_SCORE_MIN_ORDERS, SELLER_SCORE_WINDOW_DAYS, type SellerScore, type SellerScoreLabel } from "@market/contract";
import { and, eq, gte, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { allOf, type Executor } from "../../db/client.js";
import {
  ledgerJournals,
  orderLines,
  orderProblems,
  orders,
  posts,
  purchaseReviews,
  searchItems,
  sellerScores,
  transactions,
  users,
} from "../../db/schema/index.js";
import { type ShipBySettings, shipByAt } from "../commerce/ship-by.js";

const DAY_MS = 24 * 60 * 60_000;

/** Weights of the score's parts (they sum to 1); a part not measured yet is left out and the rest re-weighted. */
export const SCORE_WEIGHTS = { fulfilled: 0.3, onTime: 0.3, noProblem: 0.2, rating: 0.2 } as const;

/** Score thresholds of the labels (0..100): at least EXCELLENT is "Excellent", at least GOOD "Good", else "Fair". */
const SCORE_EXCELLENT = 90;
const SCORE_GOOD = 75;

/** One paid order line of the seller in the window, as the score reads it. */
export type ScoredLine = {
  orderId: string;
  /** When the payment was posted (the sale journal's time), null for an order paid before the ledger. */
  paidAt: Date | null;
  /** When buyer protection began for a line paid before it (protection_started_at), else null. */
  protectionStartedAt: Date | null;
  shippedAt: Date | null;
  deliveredAt: Date | null;
  /** Cancelled before shipping, by the seller or by the ship-by timer (both count against the seller, ADR 0193). */
  cancelledBySeller: boolean;
  /** The buyer reported a problem that was not decided in the seller's favour (open, accepted, or refunded by an admin). */
  problem: boolean;
};

/** The score's inputs: the lines and the seller's ratings (sum and count of stars). */
export type ScoreFacts = { lines: ScoredLine[]; ratingSum: number; ratingCount: number };

const rate = (good: number, of: number) => (of > 0 ? good / of : null);

/**
 * The score of `facts` at `now`. Pure. `settings`: SHIP_BY_DAYS, for the ship-by deadline.
 * - fulfilled: lines not cancelled by the seller / all lines;
 * - on time: lines shipped (or delivered, when marked so straight away) by their ship-by deadline
 *   (commerce/ship-by.ts, ADR 0219: the buyer-protection deadline) / lines shipped, plus lines
 *   still unshipped past it; a line without a deadline (no posted payment) is not counted;
 * - no problem: lines without a problem or return / all lines;
 * - rating: (average stars - 1) / 4.
 * `value` is 100 x the weighted mean of the measured parts, rounded; below SELLER_SCORE_MIN_ORDERS
 * orders the label is "New seller" and `value` null.
 */
export function scoreOf(facts: ScoreFacts, now: Date, settings: ShipBySettings): SellerScore {
  const { lines } = facts;
  const orderCount = new Set(lines.map((l) => l.orderId)).size;
  const live = lines.filter((l) => !l.cancelledBySeller);
  let due = 0;
  let onTime = 0;
  for (const l of live) {
    const by = shipByAt(l.paidAt, l.protectionStartedAt, settings)?.getTime();
    if (by === undefined) continue;
    const sent = l.shippedAt ?? l.deliveredAt;
    if (sent) {
      due++;
      if (sent.getTime() <= by) onTime++;
    } else if (now.getTime() > by) due++;
  }
  const rating = averageStars(facts.ratingSum, facts.ratingCount);
  const parts = {
    fulfilled: rate(live.length, lines.length),
    onTime: rate(onTime, due),
    noProblem: rate(lines.filter((l) => !l.problem).length, lines.length),
    rating: rating === null ? null : (rating - 1) / 4,
  };
  let weight = 0;
  let sum = 0;
  for (const key of Object.keys(SCORE_WEIGHTS) as (keyof typeof SCORE_WEIGHTS)[]) {
    const part = parts[key];
    if (part === null) continue;
    weight += SCORE_WEIGHTS[key];
    sum += SCORE_WEIGHTS[key] * part;
  }
  const isNew = orderCount < SELLER_SCORE_MIN_ORDERS;
  const value = isNew || weight === 0 ? null : Math.round((100 * sum) / weight);
  const label: SellerScoreLabel =
    value === null ? "New seller" : value >= SCORE_EXCELLENT ? "Excellent" : value >= SCORE_GOOD ? "Good" : "Fair";
  const round = (r: number | null) => (r === null ? null : Math.round(r * 1000) / 1000);
  return {
    label,
    value,
    orders: orderCount,
    fulfilled_rate: round(parts.fulfilled),
    on_time_rate: round(parts.onTime),
    no_problem_rate: round(parts.noProblem),
    rating,
    rating_count: facts.ratingCount,
  };
}

/** The score of a seller nobody has computed yet (no paid order). */
const NEW_SELLER_SCORE: SellerScore = scoreOf({ lines: [], ratingSum: 0, ratingCount: 0 }, new Date(0), { shipByDays: 0 });

/**
 * The paid lines of `sellerIds` whose payment was confirmed in the window ending at `now`, with the
 * order-line life's facts (ADR 0193, 0195): cancelled lines, and problems not released to the seller.
 */
async function lineFacts(db: Executor, sellerIds: string[], now: Date) {
  const since = new Date(now.getTime() - SELLER_SCORE_WINDOW_DAYS * DAY_MS);
  // When the money arrived, for the window: the sale journal (as the ship-by deadline counts it),
  // else the admin's confirmation of the transfer, else the order's last change to paid.
  const paidAt = sql<Date>`coalesce(${ledgerJournals.createdAt}, ${transactions.reviewedAt}, ${orders.updatedAt})`.mapWith(
    orders.updatedAt,
  );
  return db
    .select({
      sellerId: orderLines.sellerId,
      orderId: orderLines.orderId,
      paidAt: ledgerJournals.createdAt,
      protectionStartedAt: orderLines.protectionStartedAt,
      shippedAt: orderLines.shippedAt,
      deliveredAt: orderLines.deliveredAt,
      cancelledBySeller: sql<boolean>`${orderLines.fulfilment} = 'cancelled'`,
      // A problem the admin released to the seller (decided, nothing refunded) does not count.
      problem: sql<boolean>`exists (select 1 from ${orderProblems} p where p.line_id = ${orderLines.id}
        and not (p.status = 'decided' and coalesce(p.refund_kobo, 0) = 0))`,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .leftJoin(transactions, and(eq(transactions.orderId, orders.id), eq(transactions.status, "confirmed")))
    .leftJoin(ledgerJournals, eq(ledgerJournals.key, sql`'order-paid:' || ${orders.id}::text`))
    .where(and(inArray(orderLines.sellerId, sellerIds), eq(orders.status, "paid"), gte(paidAt, since)));
}

/**
 * The sellers' star ratings (ADR 0211): the seller stars of their verified buyers' visible reviews
 * (ADR 0212) and the stars of their services, summed per seller.
 */
async function ratingFacts(db: Executor, sellerIds: string[]) {
  const [services, reviewed] = await allOf(db, [
    () =>
      db
        .select({
          sellerId: posts.userId,
          sum: sql<number>`coalesce(sum(${posts.ratingSum}), 0)::int`,
          n: sql<number>`coalesce(sum(${posts.ratingCount}), 0)::int`,
        })
        .from(posts)
        .where(inArray(posts.userId, sellerIds))
        .groupBy(posts.userId),
    () =>
      db
        .select({
          sellerId: purchaseReviews.sellerId,
          sum: sql<number>`coalesce(sum(${purchaseReviews.sellerRating}), 0)::int`,
          n: sql<number>`count(*)::int`,
        })
        .from(purchaseReviews)
        .where(and(inArray(purchaseReviews.sellerId, sellerIds), isNull(purchaseReviews.hiddenAt)))
        .groupBy(purchaseReviews.sellerId),
  ]);
  const totals = new Map<string, { sum: number; n: number }>();
  for (const r of [...services, ...reviewed]) {
    const t = totals.get(r.sellerId) ?? { sum: 0, n: 0 };
    totals.set(r.sellerId, { sum: t.sum + r.sum, n: t.n + r.n });
  }
  return totals;
}

/**
 * Compute and store the scores of `sellerIds` at `now` (one statement per batch), on-time against
 * the ship-by deadline of `settings` (SHIP_BY_DAYS), and copy a changed label into the search index
 * (`search_items.seller_label`, a ranking signal: ADR 0208) in the same transaction. Answers how
 * many were written.
 */
export async function recomputeSellerScores(
  db: Executor,
  sellerIds: string[],
  settings: ShipBySettings,
  now = new Date(),
): Promise<number> {
  if (sellerIds.length === 0) return 0;
  const [lines, ratings] = await allOf(db, [() => lineFacts(db, sellerIds, now), () => ratingFacts(db, sellerIds)]);
  const rows = sellerIds.map((sellerId) => {
    const r = ratings.get(sellerId);
    const score = scoreOf(
      {
        lines: lines.filter((l) => l.sellerId === sellerId),
        ratingSum: r?.sum ?? 0,
        ratingCount: r?.n ?? 0,
      },
      now,
      settings,
    );
    return {
      sellerId,
      label: score.label,
      value: score.value,
      orders: score.orders,
      fulfilledRate: score.fulfilled_rate,
      onTimeRate: score.on_time_rate,
      noProblemRate: score.no_problem_rate,
      rating: score.rating,
      ratingCount: score.rating_count,
      computedAt: now,
    };
  });
  await db.transaction(async (tx) => {
    await upsertScores(tx, rows);
    // Only the items of sellers whose label changed are written: one UPDATE for the batch.
    await tx
      .update(searchItems)
      .set({ sellerLabel: sql`${sellerScores.label}` })
      .from(sellerScores)
      .where(
        and(
          eq(sellerScores.sellerId, searchItems.userId),
          inArray(sellerScores.sellerId, sellerIds),
          sql`${searchItems.sellerLabel} is distinct from ${sellerScores.label}`,
        ),
      );
  });
  return rows.length;
}

/** Insert or replace the scores' rows. */
async function upsertScores(db: Executor, rows: (typeof sellerScores.$inferInsert)[]) {
  await db
    .insert(sellerScores)
    .values(rows)
    .onConflictDoUpdate({
      target: sellerScores.sellerId,
      set: {
        label: sql`excluded.label`,
        value: sql`excluded.value`,
        orders: sql`excluded.orders`,
        fulfilledRate: sql`excluded.fulfilled_rate`,
        onTimeRate: sql`excluded.on_time_rate`,
        noProblemRate: sql`excluded.no_problem_rate`,
        rating: sql`excluded.rating`,
        ratingCount: sql`excluded.rating_count`,
        computedAt: sql`excluded.computed_at`,
      },
    });
}

/** How far back the job looks for changes before the newest stored score (a write committed late). */
const CHANGE_MARGIN_MS = 60_000;
/** A score older than this is computed again even without an order event (the window slides). */
const STALE_MS = 60 * 60_000;

/**
 * The sellers whose score is due at `now`, at most `limit`: those with an order, order line or
 * review changed since the newest stored score (less a margin), sellers never scored, and those whose
 * score is older than an hour (the window slides, and a new rating counts within that hour).
 */
export async function sellersDue(db: Executor, now: Date, limit: number): Promise<string[]> {
  const [newest] = await db
    .select({ at: sql<Date | null>`max(${sellerScores.computedAt})`.mapWith(sellerScores.computedAt) })
    .from(sellerScores);
  const since = new Date((newest?.at?.getTime() ?? 0) - CHANGE_MARGIN_MS);
  const changed = await db
    .selectDistinct({ id: orderLines.sellerId })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(or(gte(orderLines.updatedAt, since), gte(orders.updatedAt, since)))
    .limit(limit);
  const reviewed = await db
    .selectDistinct({ id: purchaseReviews.sellerId })
    .from(purchaseReviews)
    .where(gte(purchaseReviews.updatedAt, since))
    .limit(limit);
  const stale = await db
    .select({ id: sellerScores.sellerId })
    .from(sellerScores)
    .where(lt(sellerScores.computedAt, new Date(now.getTime() - STALE_MS)))
    .limit(limit);
  const never = await db
    .select({ id: users.id })
    .from(users)
    .leftJoin(sellerScores, eq(sellerScores.sellerId, users.id))
    .where(and(eq(users.accType, "business"), isNull(sellerScores.sellerId)))
    .limit(limit);
  return [...new Set([...changed, ...reviewed, ...stale, ...never].map((r) => r.id))].slice(0, limit);
}

/** The stored score of `sellerId`, or the new seller's when none was computed. */
export async function readSellerScore(db: Executor, sellerId: string): Promise<SellerScore> {
  const [row] = await db.select().from(sellerScores).where(eq(sellerScores.sellerId, sellerId));
  if (!row) return NEW_SELLER_SCORE;
  return {
    label: row.label as SellerScoreLabel,
    value: row.value,
    orders: row.orders,
    fulfilled_rate: row.fulfilledRate,
    on_time_rate: row.onTimeRate,
    no_problem_rate: row.noProblemRate,
    rating: row.rating,
    rating_count: row.ratingCount,
  };
}
