/**
 * The demo's trust data (outside production only, as the rest of the demo store): the approved
 * sellers' business state and city for their shop pages, reviews from the buyers of about half of
 * the delivered lines (written through the reviews service, so the products' stars follow; ADR
 * 0212), one seller's reply, and every seller's score computed once (the job keeps it after; ADR 0211).
 */
import { and, eq, inArray } from "drizzle-orm";
import { replyToReview, writePurchaseReview } from "../../modules/catalog/purchase-reviews.service.js";
import { recomputeSellerScores } from "../../modules/catalog/seller-score.js";
import type { Db } from "../client.js";
import { orderLines, orders, sellerBusinesses, users } from "../schema/index.js";
import { PROTECTION } from "./finance.js";

/** Where each demo seller trades (by username). */
const PLACES: Record<string, { state: string; city: string; address: string }> = {
  adagadgets: { state: "Lagos", city: "Ikeja", address: "Shop 14, Computer Village, Otigba Street" },
  chidihome: { state: "Lagos", city: "Yaba", address: "22 Herbert Macaulay Way" },
  funkefashion: { state: "Lagos", city: "Surulere", address: "5 Adeniran Ogunsanya Street" },
  emekatech: { state: "FCT", city: "Abuja", address: "Plot 7, Wuse 2 Market Road" },
  zainabbeauty: { state: "Lagos", city: "Ikeja", address: "3 Allen Avenue" },
  bolaauto: { state: "Oyo", city: "Ibadan", address: "11 Ring Road" },
};

const COMMENTS = [
  { product: 5, seller: 5, text: "Exactly as described and well packed. Delivered in two days." },
  { product: 4, seller: 5, text: "Works well. The seller called before delivery, very polite." },
  { product: 5, seller: 4, text: "Original product with receipt. Delivery took a day longer than promised." },
  { product: 3, seller: 4, text: "Good value for the price, though the box was dented." },
];

const asUser = (u: typeof users.$inferSelect) => ({
  id: u.id,
  sessionId: "seed",
  accType: u.accType,
  status: u.status,
  active: u.active,
  names: u.names,
  mustChangePassword: false,
});

export async function seedTrust(db: Db, sellerIds: string[], rand: () => number): Promise<void> {
  const sellers = await db.select().from(users).where(eq(users.accType, "business"));
  for (const s of sellers) {
    const place = PLACES[s.username];
    if (place)
      await db
        .insert(sellerBusinesses)
        .values({ userId: s.id, businessName: s.names, ...place })
        .onConflictDoNothing();
  }
  const delivered = await db
    .select({ lineId: orderLines.id, sellerId: orderLines.sellerId, buyer: users })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .innerJoin(users, eq(users.id, orders.buyerId))
    .where(and(eq(orders.status, "paid"), inArray(orderLines.fulfilment, ["received", "completed"])));
  let replied = false;
  for (const [i, line] of delivered.entries()) {
    if (rand() < 0.4) continue;
    const c = COMMENTS[i % COMMENTS.length]!;
    const written = await writePurchaseReview(db, asUser(line.buyer), {
      order_line_id: line.lineId,
      product_rating: c.product,
      seller_rating: c.seller,
      comment: c.text,
    });
    if (!replied) {
      const seller = sellers.find((s) => s.id === line.sellerId)!;
      await replyToReview(db, asUser(seller), written.data._id, { comment: "Thank you for shopping with us!" });
      replied = true;
    }
  }
  // On time against the demo's default SHIP_BY_DAYS, as its order history was made with.
  await recomputeSellerScores(db, sellerIds, PROTECTION);
}
