/**
 * Cache effects declared on the route (lib/route-cache.ts, ADR 0166): every route of the app says
 * how the public cache treats its answers and what a call empties, and the hooks follow the
 * declaration, not the URL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUserWithToken } from "../src/db/seed/factories.js";
import { createTestContext, type TestContext } from "./helpers.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_CACHE: "true" }, (app) => {
    app.get("/api/test/undeclared", async () => ({ ok: true }));
    app.get("/api/test/public", { config: { cache: { answers: "public", invalidates: [] } } }, async () => ({ at: Math.random() }));
    app.get("/api/test/personal", { config: { cache: { answers: "public", personal: ["who"], invalidates: [] } } }, async () => ({
      at: Math.random(),
    }));
    app.post("/api/test/neutral", { config: { cache: { answers: "none", invalidates: [] } } }, async () => ({ ok: true }));
    app.post("/api/test/catalog", { config: { cache: { answers: "none", invalidates: ["catalog"] } } }, async () => ({ ok: true }));
    app.post("/api/test/refused", { config: { cache: { answers: "none", invalidates: ["catalog"] } } }, async (_r, reply) =>
      reply.status(400).send({ statusCode: 400 }),
    );
  });
});
afterAll(() => ctx.close());

const get = (url: string, token?: string) => ctx.request({ method: "GET", url, token });
const post = (url: string) => ctx.request({ method: "POST", url });

describe("route cache declarations", () => {
  it("are given by every route of the app (a route without one is listed)", () => {
    expect(ctx.app.publicCache.undeclared()).toEqual(["GET /api/test/undeclared", "HEAD /api/test/undeclared"]);
  });

  it("decide which answers are kept: declared public ones, personal queries for anonymous callers only", async () => {
    await get("/api/test/undeclared");
    expect((await get("/api/test/undeclared")).headers["x-cache"]).toBeUndefined();
    const first = await get("/api/test/public");
    const second = await get("/api/test/public");
    expect(second.headers["x-cache"]).toBe("hit");
    expect(second.body).toBe(first.body);
    const { token } = await createUserWithToken(ctx.db);
    expect((await get("/api/test/public", token)).headers["x-cache"]).toBe("hit");
    await get("/api/test/personal?who=1");
    expect((await get("/api/test/personal?who=1")).headers["x-cache"]).toBe("hit");
    expect((await get("/api/test/personal?who=1", token)).headers["x-cache"]).toBeUndefined();
    expect((await get("/api/test/personal", token)).headers["x-cache"]).toBe("miss");
  });

  it("decide what a write empties: a declared catalog write unless refused, never a neutral one", async () => {
    await get("/api/test/public");
    expect((await get("/api/test/public")).headers["x-cache"]).toBe("hit");
    await post("/api/test/neutral");
    expect((await get("/api/test/public")).headers["x-cache"]).toBe("hit");
    await post("/api/test/refused");
    expect((await get("/api/test/public")).headers["x-cache"]).toBe("hit");
    await post("/api/test/catalog");
    expect((await get("/api/test/public")).headers["x-cache"]).toBe("miss");
  });
});
