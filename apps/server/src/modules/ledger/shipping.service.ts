/**
 * The free standard shipping threshold (ADR 0135) and the pay-on-delivery cap (ADR 0220): admin settings in `finance_settings`, read by
 * every page (GET /api/settings, cached with the catalog's public answers and the server-drawn
 * pages, which the admin's write invalidates in every process: plugins/public-cache.ts) and by
 * checkout in its own read (reservation.service.ts), so the promise and the charge use one value.
 */
import type { ShippingSettingsBody, StoreSettings } from "@market/contract";
import { FREE_SHIPPING_OVER_NAIRA, FREE_SHIPPING_STATE, POD_CAP_NAIRA } from "@market/contract";
import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { financeSettings } from "../../db/schema/index.js";

/** The store's public settings; the defaults while no admin has saved any setting. */
export async function getStoreSettings(db: Executor): Promise<StoreSettings> {
  const [row] = await db.select({ over: financeSettings.freeShippingOverNaira, podCap: financeSettings.podCapNaira }).from(financeSettings);
  return {
    free_shipping_over: row?.over ?? FREE_SHIPPING_OVER_NAIRA,
    free_shipping_state: FREE_SHIPPING_STATE,
    pay_on_delivery_cap: row?.podCap ?? POD_CAP_NAIRA,
  };
}

/**
 * Set the free shipping threshold (0: none) and, when given, the pay-on-delivery cap, in whole
 * naira; the next checkout charges and decides by them.
 */
export async function setShippingSettings(db: Executor, adminId: string, body: ShippingSettingsBody): Promise<StoreSettings> {
  const podCap = body.pay_on_delivery_cap === undefined ? {} : { podCapNaira: body.pay_on_delivery_cap };
  await db
    .insert(financeSettings)
    .values({ id: 1, freeShippingOverNaira: body.free_shipping_over, ...podCap, updatedBy: adminId })
    .onConflictDoUpdate({
      target: financeSettings.id,
      set: { freeShippingOverNaira: body.free_shipping_over, ...podCap, updatedBy: adminId, updatedAt: sql`now()` },
    });
  return getStoreSettings(db);
}
