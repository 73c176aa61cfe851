/**
 * The one ship-by deadline of a paid order line (ADR 0219): SHIP_BY_DAYS calendar days after its
 * order's payment (the time of the sale journal `order-paid:<order>`), or after buyer protection
 * began for a line paid before it (`protection_started_at`, migration 0016). A line not shipped by
 * then is cancelled and refunded by the protection timer (ADR 0196); the seller's "new order to
 * ship" message, Ordered Products, the back-office order page and the seller score's "shipped on
 * time" all use this deadline. An order paid on delivery (ADR 0220) has no payment before the
 * door: its clock starts when it is placed (`shipClockSql`). Kept free of other modules so every one
 * of them can import it.
 */
import { type SQL, sql } from "drizzle-orm";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The setting the deadline needs (SHIP_BY_DAYS, as `ProtectionSettings.shipByDays`). */
export type ShipBySettings = { shipByDays: number };

/**
 * The ship-by instant of a line whose order was paid at `paidAt` (`startedAt`: its
 * protection_started_at), or null without a payment.
 */
export function shipByAt(paidAt: Date | string | null, startedAt: Date | string | null, settings: ShipBySettings): Date | null {
  if (!paidAt) return null;
  const from = Math.max(new Date(paidAt).getTime(), startedAt ? new Date(startedAt).getTime() : 0);
  return new Date(from + settings.shipByDays * DAY_MS);
}

/** `shipByAt` as an ISO time, as answers carry it. */
export function shipByOf(paidAt: Date | string | null, startedAt: Date | string | null, settings: ShipBySettings): string | null {
  return shipByAt(paidAt, startedAt, settings)?.toISOString() ?? null;
}

/**
 * When the ship-by clock of order `o` (an alias of `orders`) starts, in SQL: its payment (the sale
 * journal `order-paid:<order>`), or, for an order paid on delivery (ADR 0220), when it was placed,
 * since its seller delivers before any money moves. Null for an order not paid otherwise.
 */
export function shipClockSql(o: SQL): SQL {
  return sql`coalesce((select j.created_at from ledger_journals j where j.key = 'order-paid:' || ${o}.id::text),
    case when ${o}.payment_type = 'pay_on_delivery' and ${o}.status = 'paid' then ${o}.created_at end)`;
}

/**
 * `shipByAt` in SQL, for the timer's query: the same deadline from the columns `paidAt` (the sale
 * journal's created_at) and `startedAt` (protection_started_at). Whole days of 24 hours, as above.
 */
export function shipBySql(paidAt: SQL, startedAt: SQL, settings: ShipBySettings): SQL {
  return sql`(greatest(${paidAt}, ${startedAt}) + make_interval(secs => ${settings.shipByDays * 86_400}))`;
}
