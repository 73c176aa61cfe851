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
    app.addHook("onClose", () => index.settled());
  },
  { name: "search-index", dependencies: ["cache"] },
);
