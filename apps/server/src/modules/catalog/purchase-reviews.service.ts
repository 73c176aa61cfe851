/**
 * Reviews from verified buyers (ADR 0212): a buyer reviews an order line they received (the
 * product's stars, the seller's stars, a comment), once per line, and may change it for
 * REVIEW_EDIT_DAYS days; the line's seller replies once, publicly. The product's `rating_count` /
 * `rating_sum` move in the review's transaction, under a lock on the product row, so its `stars`
 * are never out of step (as services', ADR 0022). Texts are checked by the contract
 * (`reviewText`: plain text, no links or phone numbers).
 */
import {
  type FulfilmentStatus,
  type PurchaseReview,
  type PurchaseReviewInput,
  type PurchaseReviewUpdate,
  REVIEW_EDIT_DAYS,
  type ReviewReplyInput,
} from "@market/contract";
import { and, count, eq, isNull, sql } from "drizzle-orm";
import type { z } from "zod";
import { allOf, type Executor, type Tx } from "../../db/client.js";
import { orderLines, orders, products, purchaseReviews, users } from "../../db/schema/index.js";
import { conflict, forbidden, notFound } from "../../lib/errors.js";
import { newestFirst } from "../../lib/keyset.js";
import type { AuthUser } from "../auth/sessions.js";
import { isReceivedOrCompleted } from "../commerce/line-life.js";

const DAY_MS = 24 * 60 * 60_000;

const REVIEW_TEXTS = {
  lineNotFound: "Order line not found",
  notQualifying: "You can review an item once you have confirmed that you received it",
  own: "You cannot review your own items",
  twice: "You have already reviewed this item",
  notFound: "Review not found",
  editClosed: `Reviews can be changed for ${REVIEW_EDIT_DAYS} days after they are written`,
  repliedTwice: "You have already replied to this review",
  saved: "Thank you! Your review has been saved",
  updated: "Your review has been updated",
  replied: "Your reply has been published",
} as const;

/**
 * Whether an order line lets its buyer review it: the order is paid and the sale stands, the line
 * received or completed (the buyer confirmed receipt, or the return window closed: ADR 0193, 0212).
 * The only place the rule lives.
 */
function lineQualifiesForReview(line: { orderStatus: string; fulfilment: FulfilmentStatus }): boolean {
  return line.orderStatus === "paid" && isReceivedOrCompleted(line.fulfilment);
}

const columns = {
  id: purchaseReviews.id,
  orderLineId: purchaseReviews.orderLineId,
  productId: purchaseReviews.productId,
  productName: orderLines.name,
  sellerId: purchaseReviews.sellerId,
  productRating: purchaseReviews.productRating,
  sellerRating: purchaseReviews.sellerRating,
  comment: purchaseReviews.comment,
  reply: purchaseReviews.reply,
  repliedAt: purchaseReviews.repliedAt,
  createdAt: purchaseReviews.createdAt,
  updatedAt: purchaseReviews.updatedAt,
  userId: users.id,
  names: users.names,
  profile: users.profile,
};

type Row = {
  id: string;
  orderLineId: string;
  productId: string | null;
  productName: string;
  sellerId: string;
  productRating: number;
  sellerRating: number;
  comment: string;
  reply: string | null;
  repliedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  userId: string;
  names: string;
  profile: string | null;
};

function toReview(r: Row): PurchaseReview {
  return {
    _id: r.id,
    order_line_id: r.orderLineId,
    product_id: r.productId,
    product_name: r.productName,
    seller_id: r.sellerId,
    product_rating: r.productRating,
    seller_rating: r.sellerRating,
    comment: r.comment,
    verified_purchase: true,
    user: { _id: r.userId, names: r.names, profile: r.profile },
    reply: r.reply && r.repliedAt ? { comment: r.reply, createdAt: r.repliedAt.toISOString() } : null,
    editable_until: new Date(r.createdAt.getTime() + REVIEW_EDIT_DAYS * DAY_MS).toISOString(),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

function selectReviews(db: Executor) {
  return db
    .select(columns)
    .from(purchaseReviews)
    .innerJoin(users, eq(users.id, purchaseReviews.buyerId))
    .innerJoin(orderLines, eq(orderLines.id, purchaseReviews.orderLineId));
}

async function readReview(db: Executor, id: string): Promise<PurchaseReview> {
  const [row] = await selectReviews(db).where(eq(purchaseReviews.id, id));
  return toReview(row!);
}

/** Move a product's rating totals by `sumDelta` over `countDelta` ratings (the row is locked by the update). */
async function moveProductRating(tx: Tx, productId: string | null, sumDelta: number, countDelta: number) {
  if (!productId || (sumDelta === 0 && countDelta === 0)) return;
  await tx
    .update(products)
    .set({ ratingSum: sql`${products.ratingSum} + ${sumDelta}`, ratingCount: sql`${products.ratingCount} + ${countDelta}` })
    .where(eq(products.id, productId));
}

/**
 * Review order line `input.order_line_id` as `user`.
 * @throws HttpError 404 when the line is not one of the user's orders; 403 when it does not qualify
 * (`lineQualifiesForReview`) or is the user's own item; 409 when the line already has a review.
 */
export async function writePurchaseReview(db: Executor, user: AuthUser, input: z.output<typeof PurchaseReviewInput>) {
  return db.transaction(async (tx) => {
    const [line] = await tx
      .select({
        id: orderLines.id,
        sellerId: orderLines.sellerId,
        productId: orderLines.productId,
        fulfilment: orderLines.fulfilment,
        orderStatus: orders.status,
        buyerId: orders.buyerId,
      })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(eq(orderLines.id, input.order_line_id))
      .for("update", { of: orderLines });
    if (!line || line.buyerId !== user.id) throw notFound(REVIEW_TEXTS.lineNotFound);
    if (line.sellerId === user.id) throw forbidden(REVIEW_TEXTS.own);
    if (!lineQualifiesForReview(line)) throw forbidden(REVIEW_TEXTS.notQualifying);
    const [made] = await tx
      .insert(purchaseReviews)
      .values({
        orderLineId: line.id,
        buyerId: user.id,
        sellerId: line.sellerId,
        productId: line.productId,
        productRating: input.product_rating,
        sellerRating: input.seller_rating,
        comment: input.comment,
      })
      .onConflictDoNothing({ target: purchaseReviews.orderLineId })
      .returning({ id: purchaseReviews.id });
    if (!made) throw conflict(REVIEW_TEXTS.twice);
    await moveProductRating(tx, line.productId, input.product_rating, 1);
    return { message: REVIEW_TEXTS.saved, data: await readReview(tx, made.id) };
  });
}

/**
 * Change the user's review `id` within REVIEW_EDIT_DAYS of writing it.
 * @throws HttpError 404 when it is not the user's (or hidden); 409 after the edit window.
 */
export async function updatePurchaseReview(
  db: Executor,
  user: AuthUser,
  id: string,
  input: z.output<typeof PurchaseReviewUpdate>,
  now = new Date(),
) {
  return db.transaction(async (tx) => {
    const [old] = await tx
      .select()
      .from(purchaseReviews)
      .where(and(eq(purchaseReviews.id, id), eq(purchaseReviews.buyerId, user.id), isNull(purchaseReviews.hiddenAt)))
      .for("update");
    if (!old) throw notFound(REVIEW_TEXTS.notFound);
    if (now.getTime() > old.createdAt.getTime() + REVIEW_EDIT_DAYS * DAY_MS) throw conflict(REVIEW_TEXTS.editClosed);
    await tx
      .update(purchaseReviews)
      .set({ productRating: input.product_rating, sellerRating: input.seller_rating, comment: input.comment, updatedAt: now })
      .where(eq(purchaseReviews.id, id));
    await moveProductRating(tx, old.productId, input.product_rating - old.productRating, 0);
    return { message: REVIEW_TEXTS.updated, data: await readReview(tx, id) };
  });
}

/**
 * The seller's one public reply to review `id` of one of their lines.
 * @throws HttpError 404 when the review is not about the user's items (or hidden); 409 when already answered.
 */
export async function replyToReview(db: Executor, user: AuthUser, id: string, input: z.output<typeof ReviewReplyInput>) {
  return db.transaction(async (tx) => {
    const [review] = await tx
      .select({ reply: purchaseReviews.reply })
      .from(purchaseReviews)
      .where(and(eq(purchaseReviews.id, id), eq(purchaseReviews.sellerId, user.id), isNull(purchaseReviews.hiddenAt)))
      .for("update");
    if (!review) throw notFound(REVIEW_TEXTS.notFound);
    if (review.reply !== null) throw conflict(REVIEW_TEXTS.repliedTwice);
    await tx.update(purchaseReviews).set({ reply: input.comment, repliedAt: sql`now()` }).where(eq(purchaseReviews.id, id));
    return { message: REVIEW_TEXTS.replied, data: await readReview(tx, id) };
  });
}

/** Reviews newest first; ties by id. */
const NEWEST = newestFirst(purchaseReviews.createdAt, "timestamptz", purchaseReviews.id);

/**
 * One page of the visible reviews of a product or of a seller, newest first (keyset).
 * @throws HttpError 400 for a bad cursor.
 */
export async function listPurchaseReviews(
  db: Executor,
  by: { productId?: string; sellerId?: string },
  limit: number,
  cursor: string | undefined,
) {
  const of = by.productId ? eq(purchaseReviews.productId, by.productId) : eq(purchaseReviews.sellerId, by.sellerId!);
  const visible = and(of, isNull(purchaseReviews.hiddenAt));
  const [rows, [total]] = await allOf(db, [
    () =>
      db
        .select({ ...columns, ...NEWEST.columns })
        .from(purchaseReviews)
        .innerJoin(users, eq(users.id, purchaseReviews.buyerId))
        .innerJoin(orderLines, eq(orderLines.id, purchaseReviews.orderLineId))
        .where(and(visible, NEWEST.after(cursor)))
        .orderBy(...NEWEST.order)
        .limit(limit + 1),
    () => db.select({ n: count() }).from(purchaseReviews).where(visible),
  ]);
  const page = NEWEST.page(rows, limit);
  return { data: page.rows.map(toReview), total: total?.n ?? 0, nextCursor: page.nextCursor };
}
