/**
 * The free standard shipping threshold (ADR 0135): an admin setting in `finance_settings`, read by
 * every page (GET /api/settings, cached with the catalog's public answers and the server-drawn
 * pages, which the admin's write invalidates in every process: plugins/public-cache.ts) and by
 * checkout in its own read (reservation.service.ts), so the promise and the charge use one value.
 */
import type { StoreSettings } from "@market/contract";
import { FREE_SHIPPING_OVER_NAIRA, FREE_SHIPPING_STATE } from "@market/contract";
import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { financeSettings } from "../../db/schema/index.js";

/** The store's public settings; the default threshold while no admin has saved any setting. */
export async function getStoreSettings(db: Executor): Promise<StoreSettings> {
  const [row] = await db.select({ over: financeSettings.freeShippingOverNaira }).from(financeSettings);
  return { free_shipping_over: row?.over ?? FREE_SHIPPING_OVER_NAIRA, free_shipping_state: FREE_SHIPPING_STATE };
}

/** Set the free shipping threshold in whole naira (0: none); the next checkout charges by it. */
export async function setFreeShippingOver(db: Executor, adminId: string, naira: number): Promise<StoreSettings> {
  await db
    .insert(financeSettings)
    .values({ id: 1, freeShippingOverNaira: naira, updatedBy: adminId })
    .onConflictDoUpdate({
      target: financeSettings.id,
      set: { freeShippingOverNaira: naira, updatedBy: adminId, updatedAt: sql`now()` },
    });
  return getStoreSettings(db);
}
