/**
 * Each seller's delivery settings (ADR 0199): the rates per state and pickup points a seller saves
 * in the back office, read by anyone (product page), and the quote of the signed-in buyer's cart
 * (quote.ts). Naira in answers, kobo in the database.
 */
import {
  koboToNaira,
  type NigerianState,
  nairaToKobo,
  POD_CAP_NAIRA,
  type ShippingQuote,
  type ShippingRates,
  type ShippingRatesBody,
} from "@market/contract";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { pickupPoints, shippingRates } from "../../db/schema/index.js";
import { readPodBuyer } from "../commerce/pay-on-delivery.service.js";
import { getStoreSettings } from "../ledger/shipping.service.js";
import { type PickupKobo, podOffer, quoteCart, readSellerDelivery } from "./quote.js";

const pickupAnswer = (p: PickupKobo) => ({
  _id: p.id,
  name: p.name,
  address: p.address,
  state: p.state as NigerianState,
  fee: koboToNaira(p.feeKobo),
});

/** A seller's rates (by state name) and pickup points; empty rates: the store's rate everywhere. */
export async function getShippingRates(db: Db, sellerId: string): Promise<ShippingRates> {
  const delivery = (await readSellerDelivery(db.$client, [sellerId])).get(sellerId);
  return {
    rates: [...(delivery?.rates ?? new Map())]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([state, r]) => ({
        state: state as NigerianState,
        fee: koboToNaira(r.feeKobo),
        min_days: r.minDays,
        max_days: r.maxDays,
        pay_on_delivery: r.payOnDelivery,
      })),
    pickup_points: (delivery?.pickups ?? []).map(pickupAnswer),
  };
}

/**
 * Replace `sellerId`'s rates and pickup points with `body` in one transaction (a state left out is
 * no longer delivered to; an empty `rates` means the store's rate everywhere). Orders already placed
 * keep the fees they were charged (order_shipments).
 */
export async function setShippingRates(db: Db, sellerId: string, body: ShippingRatesBody): Promise<ShippingRates> {
  await db.transaction(async (tx) => {
    // One seller's saves run one after the other, so two tabs cannot interleave their rows.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`shipping:${sellerId}`}, 0))`);
    await tx.delete(shippingRates).where(eq(shippingRates.sellerId, sellerId));
    await tx.delete(pickupPoints).where(eq(pickupPoints.sellerId, sellerId));
    if (body.rates.length > 0)
      await tx.insert(shippingRates).values(
        body.rates.map((r) => ({
          sellerId,
          state: r.state,
          feeKobo: nairaToKobo(r.fee),
          minDays: r.min_days,
          maxDays: r.max_days,
          payOnDelivery: r.pay_on_delivery,
        })),
      );
    if (body.pickup_points.length > 0)
      await tx
        .insert(pickupPoints)
        .values(
          body.pickup_points.map((p) => ({ sellerId, name: p.name, address: p.address, state: p.state, feeKobo: nairaToKobo(p.fee) })),
        );
  });
  return getShippingRates(db, sellerId);
}

/**
 * The signed-in buyer's cart shipped to `state`, one group per seller (quote.ts), with the pickup
 * points `pickupIds` chosen, and whether this buyer may pay it on delivery (podOffer, ADR 0220).
 * Checkout charges the same figures and applies the same rules (reservation.service.ts).
 */
export async function quoteBuyerCart(
  db: Db,
  buyerId: string,
  state: NigerianState,
  pickupIds: readonly string[] = [],
): Promise<ShippingQuote> {
  const cart = await db.execute<{ product_id: string; name: string; seller_id: string; seller_name: string; subtotal_kobo: string }>(sql`
    select p.id as product_id, p.name, p.user_id as seller_id, u.names as seller_name, (v.price_kobo * c.count)::text as subtotal_kobo
    from cart_lines c join products p on p.id = c.product_id join product_variants v on v.id = c.variant_id join users u on u.id = p.user_id
    where c.user_id = ${buyerId}
    order by c.created_at, c.id`);
  const lines = cart.rows.map((r) => ({
    productId: r.product_id,
    name: r.name,
    sellerId: r.seller_id,
    sellerName: r.seller_name,
    subtotalKobo: Number(r.subtotal_kobo),
  }));
  const [delivery, settings, buyer] = await Promise.all([
    readSellerDelivery(
      db.$client,
      lines.map((l) => l.sellerId),
    ),
    getStoreSettings(db),
    readPodBuyer(db, buyerId),
  ]);
  const quote = quoteCart(lines, delivery, state, settings.free_shipping_over, pickupIds);
  const subtotalKobo = lines.reduce((s, l) => s + l.subtotalKobo, 0);
  return {
    state,
    shipping: koboToNaira(quote.shippingKobo),
    blocked: quote.blocked,
    pay_on_delivery: podOffer(quote, delivery, state, {
      totalKobo: subtotalKobo + quote.shippingKobo,
      capNaira: settings.pay_on_delivery_cap ?? POD_CAP_NAIRA,
      ...buyer,
    }),
    groups: quote.groups.map((g) => ({
      seller_id: g.sellerId,
      seller_name: g.sellerName,
      fee: koboToNaira(g.feeKobo),
      min_days: g.minDays,
      max_days: g.maxDays,
      deliverable: g.deliverable,
      store_rate: g.storeRate,
      pickup_points: g.pickups.map(pickupAnswer),
      pickup_point_id: g.pickup?.id ?? null,
      items: g.lines.map((l) => ({ product_id: l.productId, name: l.name, subtotal: koboToNaira(l.subtotalKobo) })),
    })),
  };
}
