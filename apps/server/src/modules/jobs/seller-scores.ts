/**
 * The seller scores (ADR 0211): every 30 s the sellers with an order event since the last run (or
 * a score older than an hour) get their score computed again, so a page shows a score at most about
 * a minute behind the orders and no page view computes one.
 */
import type { FastifyInstance } from "fastify";
import { recomputeSellerScores, sellersDue } from "../catalog/seller-score.js";
import { protectionSettings } from "../commerce/protection.service.js";
import type { Job } from "./job.js";

/** Sellers scored per run; the rest wait for the next run. */
const BATCH = 200;

/** One run at `now` (on time against SHIP_BY_DAYS of the app's config): answers how many scores were written. */
export async function runSellerScores(app: Pick<FastifyInstance, "db" | "config">, now = new Date()): Promise<number> {
  const due = await sellersDue(app.db, now, BATCH);
  return recomputeSellerScores(app.db, due, protectionSettings(app.config), now);
}

/** Every 30 s, in one process of the cluster at a time. */
export const sellerScoresJob: Job = { name: "seller-scores", everyMs: 30_000, run: (app) => runSellerScores(app) };
