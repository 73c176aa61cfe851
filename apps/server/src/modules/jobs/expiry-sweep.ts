/**
 * The expiry sweep (ADR 0032): stock held by orders whose transfer window ran out, or whose
 * submitted transfer no admin decided in time (ADR 0081), goes back on sale.
 */
import type { FastifyInstance } from "fastify";
import { expireOverdueOrders, flagUnconfirmedTransfers } from "../commerce/sweeps.service.js";
import type { Job } from "./job.js";

/**
 * One sweep of stock held too long: expire overdue transfer windows (ADR 0032) and flag submitted
 * transfers no admin decided within UNCONFIRMED_TRANSFER_HOURS (ADR 0081); both give their stock
 * back. When any were released, the cached answers and pages that show the products whose stock
 * came back are dropped in every process (this one at once, the others over the bus), and only
 * those: the rest of the catalog stays cached (ADR 0052, 0144). Safe to call concurrently: rows are
 * claimed with SKIP LOCKED and moved by conditional UPDATEs. Answers how many orders were released.
 */
export async function runExpirySweep(app: FastifyInstance): Promise<number> {
  const restocked = new Set<string>();
  const note = (ids: readonly string[]) => {
    for (const id of ids) restocked.add(id);
  };
  let expired = 0;
  let flagged = 0;
  try {
    expired = await expireOverdueOrders(app.db, {}, note);
    flagged = await flagUnconfirmedTransfers(app.db, app.messenger, { afterHours: app.config.UNCONFIRMED_TRANSFER_HOURS }, note);
  } finally {
    // Also when the flagging failed after the expiry committed.
    if (restocked.size > 0) await app.publicCache.invalidate([...restocked]);
  }
  if (expired + flagged > 0) {
    if (expired) app.log.info({ expired }, "expired transfer windows released");
    if (flagged) app.log.warn({ flagged }, "unconfirmed transfers flagged for an admin, their stock released");
  }
  return expired + flagged;
}

/** Every 30 s, in one process of the cluster at a time: stock comes back at most that long after a window ends. */
export const expirySweep: Job = { name: "expiry-sweep", everyMs: 30_000, run: runExpirySweep };
