/**
 * The shipping of a cart, one shipment per seller (ADR 0199): each seller's group is charged the
 * seller's rate for the state (or the pickup point the buyer chose); the groups of sellers without
 * rates ship at the store's rate (spec §9 flat fee, free in Lagos over the admin's threshold; ADR
 * 0135), charged once on their combined subtotal and shown on the first of them. Pure: the callers
 * read the rows (quote route, checkout). Money: kobo.
 */
import {
  NIGERIAN_STATES,
  type NigerianState,
  type PayOnDeliveryOffer,
  POD_MAX_REFUSALS,
  POD_MESSAGES,
  POD_SELLER_DEBT_LIMIT_NAIRA,
  SHIPPING_MESSAGES,
  STORE_RATE_DAYS,
  shippingFeeKobo,
} from "@market/contract";
import { namedStatement, type PgClient } from "../../db/client.js";

/** A cart line as the quote needs it. */
export type QuoteLine = { productId: string; name: string; sellerId: string; sellerName: string; subtotalKobo: number };

/** A seller's pickup point, kobo. */
export type PickupKobo = { id: string; name: string; address: string; state: string; feeKobo: number };

/** A seller's delivery settings, kobo; no rates: the store's rate everywhere. */
export type SellerDelivery = {
  /** `payOnDelivery`: the seller's courier takes cash in that state (ADR 0220). */
  rates: Map<string, { feeKobo: number; minDays: number; maxDays: number; payOnDelivery: boolean }>;
  pickups: PickupKobo[];
  /** What the seller owes the store beyond their pending and available balances, kobo (ADR 0222). */
  uncoveredDebtKobo: number;
};

/** One seller's shipment of the cart. */
export type GroupQuote = {
  sellerId: string;
  sellerName: string;
  feeKobo: number;
  minDays: number;
  maxDays: number;
  deliverable: boolean;
  storeRate: boolean;
  /** The pickup point the buyer chose for this group, if any. */
  pickup: PickupKobo | null;
  pickups: PickupKobo[];
  lines: QuoteLine[];
};

/** A cart's shipping: the groups in seller order of first appearance, their total, the first refusal. */
export type CartQuote = { groups: GroupQuote[]; shippingKobo: number; blocked: string | null };

/**
 * Quote `lines` shipped to `state`.
 * @param state the buyer's state; a text that is no Nigerian state is delivered only at the store's rate.
 * @param delivery each seller's settings (a seller missing here has none: the store's rate).
 * @param freeOverNaira the admin's free shipping threshold (naira, 0: none).
 * @param pickupIds pickup points the buyer chose; one of a group's own points replaces its delivery.
 * `blocked` names the first line whose seller neither delivers to the state nor was given a pickup.
 */
export function quoteCart(
  lines: readonly QuoteLine[],
  delivery: ReadonlyMap<string, SellerDelivery>,
  state: NigerianState | string,
  freeOverNaira: number,
  pickupIds: readonly string[] = [],
): CartQuote {
  const groups = new Map<string, GroupQuote>();
  for (const line of lines) {
    let g = groups.get(line.sellerId);
    if (!g) {
      const d = delivery.get(line.sellerId);
      const storeRate = !d || d.rates.size === 0;
      const rate = d?.rates.get(state);
      const pickups = d?.pickups ?? [];
      const pickup = pickups.find((p) => pickupIds.includes(p.id)) ?? null;
      const days = rate
        ? { minDays: rate.minDays, maxDays: rate.maxDays }
        : { minDays: STORE_RATE_DAYS.min_days, maxDays: STORE_RATE_DAYS.max_days };
      g = {
        sellerId: line.sellerId,
        sellerName: line.sellerName,
        feeKobo: pickup ? pickup.feeKobo : (rate?.feeKobo ?? 0),
        ...days,
        deliverable: storeRate || Boolean(rate) || Boolean(pickup),
        storeRate: storeRate && !pickup,
        pickup,
        pickups,
        lines: [],
      };
      groups.set(line.sellerId, g);
    }
    g.lines.push(line);
  }
  const all = [...groups.values()];
  const atStoreRate = all.filter((g) => g.storeRate);
  if (atStoreRate.length > 0) {
    const subtotal = atStoreRate.reduce((s, g) => s + g.lines.reduce((t, l) => t + l.subtotalKobo, 0), 0);
    atStoreRate[0]!.feeKobo = shippingFeeKobo(subtotal, state, freeOverNaira);
  }
  const refused = all.find((g) => !g.deliverable);
  return {
    groups: all,
    shippingKobo: all.reduce((s, g) => s + (g.deliverable ? g.feeKobo : 0), 0),
    blocked: refused ? SHIPPING_MESSAGES.notDelivered(refused.lines[0]!.name, state, refused.pickups.length > 0) : null,
  };
}

/** What pay on delivery's rules read besides the quote (ADR 0220). */
export type PodFacts = {
  /** The order's total, kobo: pay on delivery only under the cap. */
  totalKobo: number;
  /** The admin's cap, whole naira. */
  capNaira: number;
  phoneVerified: boolean;
  /** The buyer's deliveries refused at the door without payment. */
  refusals: number;
};

/**
 * Whether `quote` (shipped to `state`) may be paid on delivery, else the first rule it fails as a
 * sentence (ADR 0220), in this order: a verified phone, fewer than POD_MAX_REFUSALS refusals, a
 * Nigerian state, every group at its seller's own rate for the state with pay on delivery switched
 * on (a seller on the store's rate does not take cash), no pickup point, a total under the cap.
 * Pure: checkout and the quote route ask it with the same facts.
 */
export function podOffer(
  quote: CartQuote,
  delivery: ReadonlyMap<string, SellerDelivery>,
  state: string,
  facts: PodFacts,
): PayOnDeliveryOffer {
  const no = (reason: string): PayOnDeliveryOffer => ({ available: false, reason });
  if (!facts.phoneVerified) return no(POD_MESSAGES.phone);
  if (facts.refusals >= POD_MAX_REFUSALS) return no(POD_MESSAGES.refusals);
  if (!(NIGERIAN_STATES as readonly string[]).includes(state)) return no(POD_MESSAGES.noState);
  for (const g of quote.groups) {
    const item = g.lines[0]?.name ?? "";
    if (g.pickup) return no(POD_MESSAGES.pickup(item));
    if (!delivery.get(g.sellerId)?.rates.get(state)?.payOnDelivery) return no(POD_MESSAGES.seller(item, state));
    if ((delivery.get(g.sellerId)?.uncoveredDebtKobo ?? 0) > POD_SELLER_DEBT_LIMIT_NAIRA * 100) return no(POD_MESSAGES.sellerDebt(item));
  }
  if (facts.totalKobo >= facts.capNaira * 100) return no(POD_MESSAGES.cap(facts.capNaira));
  return { available: true, reason: null };
}

type DeliveryRow = {
  seller_id: string;
  kind: "rate" | "pickup";
  id: string | null;
  state: string;
  fee_kobo: string;
  min_days: number | null;
  max_days: number | null;
  name: string | null;
  address: string | null;
  pay_on_delivery: boolean;
};

const deliveryRead = namedStatement<{ sellerIds: string[] }, DeliveryRow>("shipping_delivery_read")`
  select seller_id, 'rate' as kind, null::uuid as id, state, fee_kobo::text, min_days, max_days, null as name, null as address, pay_on_delivery
  from shipping_rates where seller_id = any(${"sellerIds"}::uuid[])
  union all
  select seller_id, 'pickup', id, state, fee_kobo::text, null, null, name, address, false
  from pickup_points where seller_id = any(${"sellerIds"}::uuid[])
  order by 1, 2, 9`;

/** Each seller's debt to the store less their pending and available balances, kobo (sellers owing nothing uncovered omitted). */
const exposureRead = namedStatement<{ sellerIds: string[] }, { owner_id: string; uncovered: string }>("pod_seller_exposure_read")`
  select a.owner_id, (-sum(e.amount_kobo))::text as uncovered
  from ledger_accounts a join ledger_entries e on e.account_id = a.id
  where a.owner_id = any(${"sellerIds"}::uuid[]) and a.kind in ('seller_debt', 'seller_pending', 'seller_payable')
  group by a.owner_id having sum(e.amount_kobo) < 0`;

/** Read the delivery settings of `sellerIds` and what they owe uncovered (usable inside checkout's transaction). */
export async function readSellerDelivery(client: PgClient, sellerIds: readonly string[]): Promise<Map<string, SellerDelivery>> {
  const out = new Map<string, SellerDelivery>();
  if (sellerIds.length === 0) return out;
  const ids = [...new Set(sellerIds)];
  const { rows } = await deliveryRead.run(client, { sellerIds: ids });
  const owed = new Map((await exposureRead.run(client, { sellerIds: ids })).rows.map((r) => [r.owner_id, Number(r.uncovered)]));
  for (const r of rows) {
    let d = out.get(r.seller_id);
    if (!d) {
      d = { rates: new Map(), pickups: [], uncoveredDebtKobo: owed.get(r.seller_id) ?? 0 };
      out.set(r.seller_id, d);
    }
    if (r.kind === "rate")
      d.rates.set(r.state, { feeKobo: Number(r.fee_kobo), minDays: r.min_days!, maxDays: r.max_days!, payOnDelivery: r.pay_on_delivery });
    else d.pickups.push({ id: r.id!, name: r.name!, address: r.address!, state: r.state, feeKobo: Number(r.fee_kobo) });
  }
  return out;
}
