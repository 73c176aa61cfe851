/**
 * `app.searchIndex`: this process's in-memory search index (ADR 0227), read from the primary and
 * synced before a search when SEARCH_FRESH_MS have passed or a cache invalidation (a catalog write
 * anywhere, ADR 0100) reached this process since the last sync.
 */
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { SearchIndex } from "./memory-index.js";

declare module "fastify" {
  interface FastifyInstance {
    searchIndex: SearchIndex;
  }
}

export const searchIndexPlugin = fp(
  async function searchIndexPlugin(app: FastifyInstance) {
    // A cache that holds nothing: its stamp moves with every invalidation this process applies.
    const signal = app.cache.define<never>("search-index", { max: 1, ttlMs: 60_000 });
    const index = new SearchIndex(app.db, app.config.SEARCH_FRESH_MS, () => signal.stamp());
    app.decorate("searchIndex", index);
    // In production the index loads as the server starts, so the first shopper's search does not
    // wait for it (a failure is retried by that search, which answers 503 if it fails again).
    if (app.config.NODE_ENV === "production") app.addHook("onReady", async () => index.warm());
    app.addHook("onClose", () => index.settled());
  },
  { name: "search-index", dependencies: ["cache"] },
);
