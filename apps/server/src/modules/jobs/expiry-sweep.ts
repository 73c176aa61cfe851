/**
 * The expiry sweep (ADR 0032): stock held by orders whose transfer window ran out, or whose
 * submitted transfer no admin decided in time (ADR 0081), goes back on sale.
 */
import type { FastifyInstance } from "fastify";
import { expireOverdueOrders, flagUnconfirmedTransfers } from "../commerce/checkout.service.js";
import type { Job } from "./job.js";

/**
 * One sweep of stock held too long: expire overdue transfer windows (ADR 0032) and flag submitted
 * transfers no admin decided within UNCONFIRMED_TRANSFER_HOURS (ADR 0081); both give their stock
 * back. When any were released, clear this process's public catalog cache at once (released stock
 * changes what the catalog shows; ADR 0052). Safe to call concurrently: rows are claimed with
 * SKIP LOCKED and moved by conditional UPDATEs. Answers how many orders were released.
 */
export async function runExpirySweep(app: FastifyInstance): Promise<number> {
  const expired = await expireOverdueOrders(app.db);
  const flagged = await flagUnconfirmedTransfers(app.db, app.messenger, { afterHours: app.config.UNCONFIRMED_TRANSFER_HOURS });
  if (expired + flagged > 0) {
    app.publicCache.invalidate();
    if (expired) app.log.info({ expired }, "expired transfer windows released");
    if (flagged) app.log.warn({ flagged }, "unconfirmed transfers flagged for an admin, their stock released");
  }
  return expired + flagged;
}

/** Every 30 s, in one process of the cluster at a time: stock comes back at most that long after a window ends. */
export const expirySweep: Job = { name: "expiry-sweep", everyMs: 30_000, run: runExpirySweep };
