/**
 * Playwright against the built app, in Debian's Chromium (/usr/bin/chromium; never a downloaded
 * browser). The server runs from apps/server/dist on a random port with a fresh embedded
 * PostgreSQL in a temporary folder, loaded with the demo data.
 */
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

// The config is evaluated again in every worker: fix the port and data folder once, in the
// environment the workers inherit.
process.env.E2E_PORT ??= String(4000 + Math.floor(Math.random() * 5000));
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), "market-e2e-"));
const port = Number(process.env.E2E_PORT);
const pgPort = port + 20000;
const dataDir = process.env.E2E_DATA_DIR;
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

const launchOptions = {
  executablePath: CHROMIUM,
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};

/**
 * Specs whose desktop tests read or change figures of the whole store: the admin's Finance totals and
 * payouts due, the commission rate, a confirmed sale (ADR 0176; seller-trust confirms one to review it). Every other write goes through an
 * account of the test's own (e2e/fixtures.ts), so the rest run in parallel.
 */
const STORE_MONEY = /[\\/](admin-finance|finance|backoffice|orders|notifications|buyer-protection|seller-trust|pay-on-delivery)\.spec\.ts$/;

export default defineConfig({
  testDir: ".",
  testMatch: "**/*.spec.ts",
  fullyParallel: false,
  // Two under CI: tests write through accounts of their own and the money specs run one at a time
  // in their own project (ADR 0176). One locally unless asked (`--workers=2`), for shared machines.
  workers: process.env.CI ? 2 : 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // A per-build results folder, so parallel runs (scripts/e2e-local.sh) do not delete each other's traces.
  reporter: [
    ["list"],
    ["json", { outputFile: process.env.E2E_BUILD_DIR ? `${process.env.E2E_BUILD_DIR}/e2e.json` : "../test-results/e2e.json" }],
  ],
  outputDir: process.env.E2E_BUILD_DIR ? `${process.env.E2E_BUILD_DIR}/test-results` : "../test-results/e2e",
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    headless: true,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions,
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], launchOptions }, testIgnore: STORE_MONEY },
    // One at a time, beside the other workers: these specs count or change the store's own money
    // (confirmed sales, the commission rate, payouts due), which no account of a test's own keeps apart.
    { name: "money", use: { ...devices["Desktop Chrome"], launchOptions }, testMatch: STORE_MONEY, workers: 1 },
    { name: "phone", use: { ...devices["Pixel 7"], launchOptions }, grep: /@phone/ },
  ],
  webServer: {
    // E2E_BUILD_DIR lets several people test their own builds side by side (scripts/e2e-local.sh).
    command: `node ${process.env.E2E_BUILD_DIR ? `${process.env.E2E_BUILD_DIR}/server/main.js` : "apps/server/dist/main.js"}`,
    cwd: "..",
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
    env: {
      // "test" for the dev outbox (the sign-up and payment codes the tests read), with the public and
      // page caches on as in production: every write the tests make goes through the API.
      NODE_ENV: "test",
      PUBLIC_CACHE: "true",
      // The tests' own accounts name a client address of their own in X-Forwarded-For (e2e/fixtures.ts),
      // so the per-address rate limits count them apart, as behind a load balancer (ADR 0176).
      TRUST_PROXY: "loopback",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(pgPort),
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
      // Roomy database time-outs (ADR 0160's defaults are 1.5 s): on a busy CI machine two workers'
      // pages may wait longer than that for a connection, and a 503 there is not what these tests
      // check. The server tests check the time-outs themselves.
      DB_CONNECT_TIMEOUT_MS: "10000",
      DB_STATEMENT_TIMEOUT_MS: "10000",
      SEED_DEMO: "true",
      // No holding period after receipt: the money path (finance.spec.ts) sees a received line's
      // share become available at once instead of moving a clock the separate server process owns.
      PAYOUT_HOLD_DAYS: "0",
      ...(process.env.E2E_BUILD_DIR ? { WEB_DIST: `${process.env.E2E_BUILD_DIR}/web` } : {}),
    },
  },
});
