/**
 * The expiry sweep (ADR 0032): stock held by orders whose transfer window ran out, or whose
 * submitted transfer no admin decided in time (ADR 0081), goes back on sale.
 */
import type { FastifyInstance } from "fastify";
import { expireOverdueOrders, flagUnconfirmedTransfers } from "../commerce/checkout.service.js";

/** How often each server process sweeps expired transfer windows (ADR 0032). */
export const EXPIRY_SWEEP_MS = 30_000;

/**
 * One sweep of stock held too long: expire overdue transfer windows (ADR 0032) and flag submitted
 * transfers no admin decided within UNCONFIRMED_TRANSFER_HOURS (ADR 0081); both give their stock
 * back. When any were released, clear this process's public catalog cache at once (released stock
 * changes what the catalog shows; ADR 0052). Answers how many orders were released.
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

/**
 * Every `EXPIRY_SWEEP_MS`, run `runExpirySweep`. Runs in every server process; the SQL claims rows
 * with SKIP LOCKED, so processes never double-release (ADR 0032).
 */
export function startExpirySweep(app: FastifyInstance): void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    runExpirySweep(app)
      .catch((err) => app.log.warn({ err: (err as Error).message }, "expiry sweep failed"))
      .finally(() => {
        running = false;
      });
  }, EXPIRY_SWEEP_MS);
  timer.unref();
  app.addHook("onClose", async () => clearInterval(timer));
}
