/**
 * Delivery of the outbox (ADR 0181): messages a request could not send at once (no time, the
 * provider failed, the process stopped after its commit) are sent here, each when its next attempt
 * is due. Rows are claimed with `FOR UPDATE SKIP LOCKED` and held by the sending process, so a
 * message is sent once whichever processes run this.
 */
import type { Job } from "./job.js";

/** Every 5 s, in one process of the cluster at a time; a batch of at most 50 per run. */
export const outboxDelivery: Job = {
  name: "outbox-delivery",
  everyMs: 5_000,
  run: (app) => app.messenger.deliverDue(50),
};
