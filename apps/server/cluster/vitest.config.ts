/**
 * The multi-instance test (cluster.test.ts): three built store processes behind HAProxy on the
 * machine's PostgreSQL, Redis and an S3-protocol server. Not part of the server project's run: it
 * needs the build (apps/server/dist) and HAProxy, so `npm test` runs it after the build step.
 */
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "cluster",
    root: import.meta.dirname,
    environment: "node",
    include: ["*.test.ts"],
    pool: "forks",
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
