/**
 * Pruning of the sign-in throttle (auth/throttle.ts, ADR 0083): rows of logins that match no
 * account, and sources long unused, would otherwise pile up.
 */
import { pruneThrottle } from "../auth/throttle.js";
import type { Job } from "./job.js";

/** Every hour, in one process of the cluster at a time. */
export const throttlePrune: Job = {
  name: "sign-in-throttle-prune",
  everyMs: 60 * 60_000,
  run: (app) => pruneThrottle(app.db),
};
