/**
 * Sweep of expired `Idempotency-Key` rows (ADR 0155): keys older than IDEMPOTENCY_KEY_TTL_MS are
 * free already (the claim takes them over); this keeps the table to a day of writes.
 */
import { idempotencyClock, pruneIdempotencyKeys } from "../../plugins/idempotency.js";
import type { Job } from "./job.js";

/** Every hour, in one process of the cluster at a time. */
export const idempotencyPrune: Job = {
  name: "idempotency-key-prune",
  everyMs: 60 * 60_000,
  run: (app) => pruneIdempotencyKeys(app.db, idempotencyClock.now()),
};
