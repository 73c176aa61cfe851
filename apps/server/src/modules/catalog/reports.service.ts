/**
 * Reports of listings and reviews and the admins' decisions (ADR 0213). Anyone signed in reports an
 * item once (409 for a second), at most REPORTS_PER_DAY a day (429); reports of one item gather in
 * one open case. A listing reported by REPORTS_TO_HIDE different verified buyers (a paid line of
 * that product) is hidden until an admin decides, and its seller is told. The admin hides a review,
 * unlists a listing (with a reason the seller sees), or dismisses the case (an automatic hiding is
 * then undone). Every write is one transaction.
 */
import {
  BACKOFFICE_BASE,
  type DecideReportInput,
  REPORT_CASES_PAGE,
  REPORTS_PER_DAY,
  REPORTS_TO_HIDE,
  type ReportCase,
  type ReportInput,
  type ReportReason,
} from "@market/contract";
import { and, asc, count, eq, gte, inArray, isNull, ne, sql } from "drizzle-orm";
import type { z } from "zod";
import { allOf, type Executor, type Tx } from "../../db/client.js";
import { orderLines, orders, posts, products, purchaseReviews, reportCases, reports, users } from "../../db/schema/index.js";
import { badRequest, conflict, forbidden, notFound, tooMany } from "../../lib/errors.js";
import { newestFirst, oldestFirst } from "../../lib/keyset.js";
import type { AuthUser } from "../auth/sessions.js";
import { notify } from "../notifications/service.js";
import { isListedSeller } from "./rules.js";

type TargetType = "product" | "post" | "review";
type Target = { type: TargetType; id: string; sellerId: string; ownerId: string };

const DAY_MS = 24 * 60 * 60_000;
const AUTO_HIDDEN_REASON = "Hidden while an admin checks reports from buyers";

/** The item a report names: a listed product or service, or a visible review. */
async function findTarget(tx: Executor, type: "listing" | "review", id: string): Promise<Target | null> {
  if (type === "review") {
    const [r] = await tx
      .select({ sellerId: purchaseReviews.sellerId, buyerId: purchaseReviews.buyerId })
      .from(purchaseReviews)
      .where(and(eq(purchaseReviews.id, id), isNull(purchaseReviews.hiddenAt)));
    return r ? { type: "review", id, sellerId: r.sellerId, ownerId: r.buyerId } : null;
  }
  const [p] = await tx
    .select({ userId: products.userId })
    .from(products)
    .where(and(eq(products.id, id), eq(products.listed, true)));
  if (p) return { type: "product", id, sellerId: p.userId, ownerId: p.userId };
  const [s] = await tx
    .select({ userId: posts.userId })
    .from(posts)
    .where(and(eq(posts.id, id), eq(posts.listed, true)));
  return s ? { type: "post", id, sellerId: s.userId, ownerId: s.userId } : null;
}

/** Did `userId` buy product `productId` (a line of a paid order)? */
async function boughtIt(tx: Executor, userId: string, productId: string): Promise<boolean> {
  const [row] = await tx
    .select({ n: count() })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(eq(orderLines.productId, productId), eq(orders.buyerId, userId), eq(orders.status, "paid")));
  return (row?.n ?? 0) > 0;
}

/** Take a listing down (or put it back: `hiddenAt` null, listed again when its seller is). */
async function setListingHidden(tx: Tx, target: Target, hidden: { at: Date; reason: string } | null) {
  const table = target.type === "product" ? products : posts;
  const listed = hidden ? false : await isListedSeller(tx, target.sellerId);
  await tx
    .update(table)
    .set({ hiddenAt: hidden?.at ?? null, hiddenReason: hidden?.reason ?? null, listed })
    .where(eq(table.id, target.id));
}

/** Tell the seller what happened to their item. */
function tellSeller(tx: Tx, sellerId: string, caseId: string, text: string) {
  return notify(tx, {
    kind: "seller_review",
    event: `report:${caseId}:${text.slice(0, 40)}`,
    userIds: [sellerId],
    message: { text, sms: text.slice(0, 150), subject: "a decision about your listing", email: text, url: BACKOFFICE_BASE },
  });
}

/**
 * Report an item as `user`.
 * @throws HttpError 404 for an item that is not public; 403 for one's own listing or review; 409
 * for a second report of the item; 429 past REPORTS_PER_DAY reports in 24 hours.
 */
export async function reportItem(db: Executor, user: AuthUser, input: z.output<typeof ReportInput>, now = new Date()) {
  return db.transaction(async (tx) => {
    const target = await findTarget(tx, input.target_type, input.target_id);
    if (!target) throw notFound(input.target_type === "review" ? "Review not found" : "Listing not found");
    if (target.ownerId === user.id) throw forbidden(`You cannot report your own ${input.target_type}`);
    const [sent] = await tx
      .select({ n: count() })
      .from(reports)
      .where(and(eq(reports.reporterId, user.id), gte(reports.createdAt, new Date(now.getTime() - DAY_MS))));
    if ((sent?.n ?? 0) >= REPORTS_PER_DAY) throw tooMany(`You can send at most ${REPORTS_PER_DAY} reports a day`);
    await tx
      .insert(reportCases)
      .values({ targetType: target.type, targetId: target.id, sellerId: target.sellerId })
      .onConflictDoNothing({ target: [reportCases.targetType, reportCases.targetId], where: sql`status = 'open'` });
    const [open] = await tx
      .select()
      .from(reportCases)
      .where(and(eq(reportCases.targetType, target.type), eq(reportCases.targetId, target.id), eq(reportCases.status, "open")))
      .for("update");
    const verifiedBuyer = target.type === "product" && (await boughtIt(tx, user.id, target.id));
    const [made] = await tx
      .insert(reports)
      .values({
        caseId: open!.id,
        targetType: target.type,
        targetId: target.id,
        reporterId: user.id,
        reason: input.reason,
        comment: input.comment,
        verifiedBuyer,
      })
      .onConflictDoNothing({ target: [reports.targetType, reports.targetId, reports.reporterId] })
      .returning({ id: reports.id });
    if (!made) throw conflict(`You have already reported this ${input.target_type}`);
    if (target.type !== "review" && !open!.autoHidden) {
      const [buyers] = await tx
        .select({ n: count() })
        .from(reports)
        .where(and(eq(reports.caseId, open!.id), eq(reports.verifiedBuyer, true)));
      if ((buyers?.n ?? 0) >= REPORTS_TO_HIDE) {
        await setListingHidden(tx, target, { at: now, reason: AUTO_HIDDEN_REASON });
        await tx.update(reportCases).set({ autoHidden: true }).where(eq(reportCases.id, open!.id));
        await tellSeller(tx, target.sellerId, open!.id, `One of your listings is hidden while an admin checks reports from buyers.`);
      }
    }
    return { message: "Thank you: an admin will look at your report" };
  });
}

/** Cases as the queue shows them (titles, sellers, reports); reads side by side, so never on a transaction. */
async function caseEntries(db: Executor, rows: (typeof reportCases.$inferSelect)[]): Promise<ReportCase[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [reps, sellers, ...titled] = await allOf(db, [
    () =>
      db
        .select({
          id: reports.id,
          caseId: reports.caseId,
          reason: reports.reason,
          comment: reports.comment,
          verifiedBuyer: reports.verifiedBuyer,
          createdAt: reports.createdAt,
          reporterId: users.id,
          names: users.names,
        })
        .from(reports)
        .innerJoin(users, eq(users.id, reports.reporterId))
        .where(inArray(reports.caseId, ids))
        .orderBy(asc(reports.createdAt), asc(reports.id)),
    () =>
      db
        .select({ id: users.id, names: users.names, username: users.username })
        .from(users)
        .where(inArray(users.id, [...new Set(rows.map((r) => r.sellerId))])),
    // The title of each target: a product's name, a service's text or a review's comment.
    ...[
      { id: products.id, title: products.name, from: products },
      { id: posts.id, title: posts.body, from: posts },
      { id: purchaseReviews.id, title: purchaseReviews.comment, from: purchaseReviews },
    ].map(
      (t) => () =>
        db
          .select({ id: t.id, title: t.title })
          .from(t.from)
          .where(
            inArray(
              t.id,
              rows.map((r) => r.targetId),
            ),
          ),
    ),
  ]);
  const titles = new Map(titled.flat().map((t) => [t.id, t.title]));
  return rows.map((c) => {
    const seller = sellers.find((s) => s.id === c.sellerId)!;
    return {
      _id: c.id,
      target_type: c.targetType as ReportCase["target_type"],
      target_id: c.targetId,
      title: (titles.get(c.targetId) ?? "(deleted)").slice(0, 200),
      seller: { _id: seller.id, names: seller.names, username: seller.username },
      status: c.status as ReportCase["status"],
      auto_hidden: c.autoHidden,
      reason: c.reason,
      createdAt: c.createdAt.toISOString(),
      decidedAt: c.decidedAt?.toISOString() ?? null,
      reports: reps
        .filter((r) => r.caseId === c.id)
        .map((r) => ({
          _id: r.id,
          reason: r.reason as ReportReason,
          comment: r.comment,
          verified_buyer: r.verifiedBuyer,
          reporter: { _id: r.reporterId, names: r.names },
          createdAt: r.createdAt.toISOString(),
        })),
    };
  });
}

/**
 * One page of report cases (`limit`, REPORT_CASES_PAGE by default, keyset: `cursor` from the previous page's
 * `nextCursor`): the admins' queue (`{ status: "open" }` oldest first, or the newest `"decided"`
 * ones), or every case about one seller's items, newest first (their view of reports and decisions).
 * @throws HttpError 400 "Invalid cursor" on a malformed or forged cursor.
 */
export async function listReportCases(
  db: Executor,
  by: { status: "open" | "decided" } | { sellerId: string },
  cursor?: string,
  limit = REPORT_CASES_PAGE,
): Promise<{ data: ReportCase[]; nextCursor: string | null }> {
  const where =
    "sellerId" in by
      ? eq(reportCases.sellerId, by.sellerId)
      : by.status === "open"
        ? eq(reportCases.status, "open")
        : ne(reportCases.status, "open");
  const keyset =
    "sellerId" in by
      ? newestFirst(reportCases.createdAt, "timestamptz", reportCases.id)
      : by.status === "open"
        ? oldestFirst(reportCases.createdAt, "timestamptz", reportCases.id)
        : // A decided case always has its decidedAt.
          newestFirst(sql`${reportCases.decidedAt}`, "timestamptz", reportCases.id);
  const rows = await db
    .select({ c: reportCases, ...keyset.columns })
    .from(reportCases)
    .where(and(where, keyset.after(cursor)))
    .orderBy(...keyset.order)
    .limit(limit + 1);
  const page = keyset.page(rows, limit);
  return {
    data: await caseEntries(
      db,
      page.rows.map((r) => r.c),
    ),
    nextCursor: page.nextCursor,
  };
}

/**
 * The admin's decision on open case `caseId`: "hide" a review, "unlist" a listing (each with the
 * reason the seller is told), or "dismiss" (a listing hidden automatically comes back).
 * @throws HttpError 404 for an unknown case; 409 when already decided; 400 for hide on a listing or
 * unlist on a review.
 */
export async function decideReportCase(db: Executor, adminId: string, caseId: string, input: z.output<typeof DecideReportInput>) {
  const decided = await db.transaction(async (tx) => {
    const [c] = await tx.select().from(reportCases).where(eq(reportCases.id, caseId)).for("update");
    if (!c) throw notFound("Report not found");
    if (c.status !== "open") throw conflict("This report has already been decided");
    const target: Target = { type: c.targetType as TargetType, id: c.targetId, sellerId: c.sellerId, ownerId: c.sellerId };
    const isReview = target.type === "review";
    if (input.action === "hide" && !isReview) throw badRequest("Hide applies to reviews; unlist a listing", { action: "Unlist a listing" });
    if (input.action === "unlist" && isReview) throw badRequest("Unlist applies to listings; hide a review", { action: "Hide a review" });
    const now = new Date();
    if (input.action === "hide") {
      const [r] = await tx
        .update(purchaseReviews)
        .set({ hiddenAt: now, hiddenReason: input.reason, updatedAt: now })
        .where(and(eq(purchaseReviews.id, target.id), isNull(purchaseReviews.hiddenAt)))
        .returning({ productId: purchaseReviews.productId, rating: purchaseReviews.productRating });
      // A hidden review counts nowhere: its stars leave the product's totals.
      if (r?.productId)
        await tx
          .update(products)
          .set({ ratingSum: sql`${products.ratingSum} - ${r.rating}`, ratingCount: sql`${products.ratingCount} - 1` })
          .where(eq(products.id, r.productId));
      await tellSeller(tx, c.sellerId, c.id, `A review of your item was hidden by an admin: ${input.reason}`);
    } else if (input.action === "unlist") {
      await setListingHidden(tx, target, { at: now, reason: input.reason });
      await tellSeller(tx, c.sellerId, c.id, `One of your listings was unlisted by an admin: ${input.reason}`);
    } else if (c.autoHidden) {
      await setListingHidden(tx, target, null);
    }
    const status = input.action === "hide" ? "hidden" : input.action === "unlist" ? "unlisted" : "dismissed";
    const [fresh] = await tx
      .update(reportCases)
      .set({ status, reason: input.reason, decidedBy: adminId, decidedAt: now })
      .where(eq(reportCases.id, c.id))
      .returning();
    return fresh!;
  });
  // Read after the commit: the entry's parts are read side by side, which one transaction's connection cannot do.
  return { message: "Decision saved", data: (await caseEntries(db, [decided]))[0]! };
}
