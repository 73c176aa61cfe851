/**
 * The buyer-protection timers (ADR 0196): lines not shipped within SHIP_BY_DAYS of payment are
 * cancelled and refunded; delivered lines whose RETURN_WINDOW_DAYS closed with no problem count as
 * received; problems a seller left unanswered for SELLER_REPLY_DAYS are accepted (refunded). By
 * the ledger's clock (tests move it), once per cluster (the job's lock), each line in its own
 * transaction, so a run that dies midway leaves every line either moved with its money or as it
 * was, and the next run goes on.
 */
import type { FastifyInstance } from "fastify";
import { autoAccept, autoCancelUnshipped, autoReceive, protectionSettings } from "../commerce/protection.service.js";
import { ledgerClock } from "../ledger/earnings.service.js";
import type { Job } from "./job.js";

/** One run of the three timers; answers how many lines each moved. Their messages are delivered after each commit. */
async function runProtectionTimers(app: FastifyInstance): Promise<{ cancelled: number; received: number; accepted: number }> {
  const settings = protectionSettings(app.config);
  const now = ledgerClock.now();
  const cancelled = await autoCancelUnshipped(app.db, now, settings);
  if (cancelled.products.length > 0) await app.publicCache.invalidate(cancelled.products);
  const received = await autoReceive(app.db, now, settings);
  const accepted = await autoAccept(app.db, now, settings);
  const outboxIds = [...cancelled.outboxIds, ...received.outboxIds, ...accepted.outboxIds];
  if (outboxIds.length > 0) void app.messenger.deliver(outboxIds);
  const counts = { cancelled: cancelled.moved, received: received.moved, accepted: accepted.moved };
  if (counts.cancelled + counts.received + counts.accepted > 0) app.log.info(counts, "buyer-protection timers moved lines");
  return counts;
}

/** Every 5 minutes: the timers count in days, so a line moves at most 5 minutes late. */
export const protectionTimers: Job = { name: "protection-timers", everyMs: 5 * 60_000, run: runProtectionTimers };
