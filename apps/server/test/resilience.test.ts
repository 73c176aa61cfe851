/**
 * Resilience (ADR 0053, 0088): the API keeps answering while its PostgreSQL restarts (clean 503s in the
 * error shape during the outage, successes right after), and it closes gracefully: in-flight
 * requests finish when the server closes or receives SIGTERM.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { loadConfig } from "../src/config.js";
import { createDb, type Db } from "../src/db/client.js";
import { type EmbeddedHandle, startEmbeddedPostgres } from "../src/db/embedded.js";
import { runMigrations } from "../src/db/migrate.js";
import { createCategory, createUser } from "../src/db/seed/factories.js";
import { createTestContext, errorBody } from "./helpers.js";
import { freePort, type ServerProcess, startServerProcess } from "./server-process.js";

describe("PostgreSQL restart", () => {
  let dir: string | undefined;
  let pg: EmbeddedHandle | undefined;
  let db: Db | undefined;
  let app: FastifyInstance | undefined;
  afterAll(async () => {
    await app?.close();
    await db?.$client.end().catch(() => {});
    await pg?.stop().catch(() => {});
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("answers 503 in the error shape while the database is down and recovers when it is back", { timeout: 120_000 }, async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "market-resilience-"));
    const dataDir = path.join(dir, "pg");
    const port = await freePort();
    pg = await startEmbeddedPostgres({ dataDir, port, dbName: "market" });
    db = createDb(pg.url, 5);
    await runMigrations(db);
    await createCategory(db, { name: "Restart Phones" });
    const config = loadConfig({
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      DATABASE_URL: pg.url,
      UPLOADS_DIR: path.join(dir, "uploads"),
      WEB_DIST: path.join(dir, "no-web"),
      SEED_DEMO: "false",
    });
    app = await buildApp(config, db);
    await app.ready();

    const up = await app.inject({ method: "GET", url: "/api/category" });
    expect(up.statusCode).toBe(200);
    expect(up.body).toContain("Restart Phones");

    await pg.stop();
    for (const url of ["/api/category", "/api/health", "/api/product"]) {
      const down = await app.inject({ method: "GET", url });
      expect(down.statusCode, `${url}: ${down.body}`).toBe(503);
      expect(down.headers["content-type"]).toMatch(/application\/json/);
      expect(down.json()).toEqual(
        url === "/api/health" ? { ...errorBody(503, expect.any(String)), db: "down" } : errorBody(503, expect.any(String)),
      );
    }
    // A write during the outage fails the same clean way.
    const write = await app.inject({ method: "POST", url: "/api/signin", payload: { email: "nobody@example.ng", password: "Password1!" } });
    expect(write.statusCode).toBe(503);

    pg = await startEmbeddedPostgres({ dataDir, port, dbName: "market" });
    const back = await app.inject({ method: "GET", url: "/api/category" });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.body).toContain("Restart Phones");
    for (let i = 0; i < 5; i++) expect((await app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
  });
});

describe("graceful close", () => {
  it("app.close() lets in-flight requests finish and refuses new ones with 503", async () => {
    const ctx = await createTestContext({}, (app) => {
      app.get("/api/test/slow", async () => {
        await new Promise((r) => setTimeout(r, 600));
        return { statusCode: 200, done: true };
      });
    });
    try {
      await ctx.app.listen({ host: "127.0.0.1", port: 0 });
      const { port } = ctx.app.server.address() as { port: number };
      const inFlight = Array.from({ length: 5 }, () =>
        fetch(`http://127.0.0.1:${port}/api/test/slow`).then(async (r) => [r.status, await r.json()]),
      );
      await new Promise((r) => setTimeout(r, 150));
      const closing = ctx.app.close();
      // While closing, a request on a new connection is refused (connection refused or a 503).
      const late = await fetch(`http://127.0.0.1:${port}/api/health`, { headers: { connection: "close" } }).then(
        (r) => r.status,
        () => "refused",
      );
      expect([503, "refused"]).toContain(late);
      for (const [status, body] of await Promise.all(inFlight)) {
        expect(status).toBe(200);
        expect(body).toEqual({ statusCode: 200, done: true });
      }
      await closing;
    } finally {
      await ctx.db.$client.end().catch(() => {});
    }
  });

  it("the server process finishes in-flight requests on SIGTERM, then exits 0", { timeout: 120_000 }, async () => {
    const ctx = await createTestContext();
    // Twenty shoppers (one account's parallel tries would meet the sign-in throttle, ADR 0083).
    const emails = Array.from({ length: 20 }, (_, i) => `sigterm${i}@example.ng`);
    for (const email of emails) await createUser(ctx.db, { email, password: "Password1!" });
    const dir = await mkdtemp(path.join(os.tmpdir(), "market-sigterm-"));
    let server: ServerProcess | undefined;
    try {
      server = await startServerProcess({ DATABASE_URL: ctx.url, SEED_DEMO: "false", DATA_DIR: dir, WEB_DIST: path.join(dir, "no-web") });
      const { base, child } = server;
      // Twenty sign-ins: each verifies an argon2 hash (tens of ms, four at a time in libuv's
      // pool), so most are still being worked on when SIGTERM arrives.
      const signIns = emails.map((email) =>
        fetch(`${base}/api/signin`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email, password: "Password1!" }),
        }).then(
          async (r) => r.status,
          (err: Error & { cause?: { code?: string; message?: string } }) =>
            `failed: ${err.cause?.code ?? err.cause?.message ?? err.message}`,
        ),
      );
      await new Promise((r) => setTimeout(r, 150));
      child.kill("SIGTERM");
      const statuses = await Promise.all(signIns);
      expect(
        statuses.every((s) => s === 200 || s === 503),
        `answers: ${statuses.join(", ")}`,
      ).toBe(true);
      // At least some were truly in flight (not refused as "closing") and completed normally.
      expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(0);
      expect(await server.exited).toBe(0);
      const after = await fetch(`${base}/api/health`).then(
        () => "answered",
        () => "refused",
      );
      expect(after).toBe("refused");
    } finally {
      if (server && server.child.exitCode === null) server.child.kill("SIGKILL");
      await ctx.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
