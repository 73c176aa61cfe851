import { IncomingMessage, ServerResponse } from "node:http";
import { Socket } from "node:net";
import helmet from "helmet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { HELMET_OPTIONS } from "../src/app.js";
import { createCategory, createUserWithToken } from "../src/db/seed/factories.js";
import { requireRole, requireUser } from "../src/plugins/auth.js";
import { createTestContext, errorBody, type TestContext } from "./helpers.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, (app) => {
    app.get("/api/test/signed-in", { preHandler: requireUser }, async (req) => ({ id: req.user?.id }));
    app.get("/api/test/admin-only", { preHandler: requireRole("admin") }, async () => ({ ok: true }));
    app.post(
      "/api/test/guarded-body",
      { preHandler: requireRole("admin"), schema: { body: z.object({ name: z.string().min(3) }) } },
      async () => ({ ok: true }),
    );
    app.post("/api/test/boom", async () => {
      throw new Error("secret internals");
    });
  });
});
afterAll(() => ctx.close());

describe("app shell", () => {
  it("answers the health check with the database up", async () => {
    const res = await ctx.request({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ statusCode: 200, status: "ok", db: "up" });
  });

  it("answers unknown /api paths with a JSON 404", async () => {
    const res = await ctx.request({ method: "GET", url: "/api/nope" });
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toMatch(/application\/json/);
    expect(res.json()).toMatchObject({ statusCode: 404, message: expect.stringContaining("/api/nope") });
  });

  it("answers malformed JSON with a JSON 400", async () => {
    const res = await ctx.request({
      method: "POST",
      url: "/api/test/boom",
      headers: { "content-type": "application/json" },
      payload: "{bad",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400 });
  });

  it("hides internal errors behind a generic 500", async () => {
    const res = await ctx.request({ method: "POST", url: "/api/test/boom" });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual(errorBody(500, "Internal Server Error"));
    expect(res.body).not.toContain("secret internals");
  });

  it("answers invalid query input with 400 and field messages", async () => {
    const res = await ctx.request({ method: "GET", url: "/api/category?id=not-a-uuid" });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.statusCode).toBe(400);
    expect(body.errors).toHaveProperty("id");
  });

  it("words validation errors for people: missing fields are 'required', several fields point at the form", async () => {
    const admin = await createUserWithToken(ctx.db, { accType: "admin" });
    const missing = await ctx.request({ method: "POST", url: "/api/test/guarded-body", payload: {}, token: admin.token });
    expect(missing.json()).toEqual(errorBody(400, "Name is required", { name: "Name is required" }));
    const short = await ctx.request({ method: "POST", url: "/api/test/guarded-body", payload: { name: "A" }, token: admin.token });
    // The contract's sentence as it is, without a "Name: " prefix (contract messages.ts).
    expect(short.json().message).toBe("Name must have at least 3 characters");
    const two = await ctx.request({ method: "GET", url: "/api/category?id=x&type=nope" });
    expect(two.json()).toMatchObject({ statusCode: 400, message: "Please correct the highlighted fields" });
    expect(Object.keys(two.json().errors).sort()).toEqual(["id", "type"]);
  });

  it("sets security headers (helmet)", async () => {
    const res = await ctx.request({ method: "GET", url: "/api/health" });
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["content-security-policy"]).toContain("default-src 'self'");
  });

  it("sets exactly the headers helmet's own middleware sets, on JSON, error, cart and SPA answers (ADR 0089)", async () => {
    // Helmet run the per-request way, on a real Node response.
    const req = new IncomingMessage(new Socket());
    const res = new ServerResponse(req);
    helmet(HELMET_OPTIONS)(req, res, () => {});
    const expected = res.getHeaders();
    expect(Object.keys(expected).length).toBeGreaterThan(8);
    const answers = [
      await ctx.request({ method: "GET", url: "/api/health" }),
      await ctx.request({ method: "GET", url: "/api/no-such-route" }),
      await ctx.request({ method: "POST", url: "/api/cart", payload: { product_id: "x", count: 1 } }),
      await ctx.request({ method: "GET", url: "/categories/collections/market-place/001" }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 404, 401, 200]);
    for (const answer of answers) {
      for (const [name, value] of Object.entries(expected)) expect([name, answer.headers[name]]).toEqual([name, value]);
      expect(answer.headers["x-powered-by"]).toBeUndefined();
    }
  });

  it("publishes the OpenAPI document", async () => {
    const res = await ctx.request({ method: "GET", url: "/api/docs/json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths).toHaveProperty("/api/category");
  });

  it("serves the SPA's index.html for client routes", async () => {
    const res = await ctx.request({ method: "GET", url: "/categories/collections/market-place/001" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/text\/html/);
    expect(res.body).toContain('<div id="root">');
  });
});

describe("auth guards", () => {
  it("answers 401 without a token and with an unknown token", async () => {
    expect((await ctx.request({ method: "GET", url: "/api/test/signed-in" })).json()).toMatchObject({ statusCode: 401 });
    const res = await ctx.request({ method: "GET", url: "/api/test/signed-in", token: "x".repeat(43) });
    expect(res.statusCode).toBe(401);
  });

  it("lets a signed-in user through and answers 403 for the wrong role", async () => {
    const { user, token } = await createUserWithToken(ctx.db, { accType: "business" });
    const ok = await ctx.request({ method: "GET", url: "/api/test/signed-in", token });
    expect(ok.json()).toEqual({ id: user.id });
    const denied = await ctx.request({ method: "GET", url: "/api/test/admin-only", token });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ statusCode: 403, message: expect.any(String) });
    const admin = await createUserWithToken(ctx.db, { accType: "admin" });
    expect((await ctx.request({ method: "GET", url: "/api/test/admin-only", token: admin.token })).statusCode).toBe(200);
  });

  it("checks who may call a route before it checks the body", async () => {
    const bad = { method: "POST" as const, url: "/api/test/guarded-body", payload: { name: 1 } };
    expect((await ctx.request(bad)).statusCode).toBe(401);
    const seller = await createUserWithToken(ctx.db, { accType: "business" });
    expect((await ctx.request({ ...bad, token: seller.token })).statusCode).toBe(403);
    const admin = await createUserWithToken(ctx.db, { accType: "admin" });
    expect((await ctx.request({ ...bad, token: admin.token })).statusCode).toBe(400);
    expect((await ctx.request({ ...bad, payload: { name: "Ada" }, token: admin.token })).json()).toEqual({ ok: true });
  });

  it("refuses a blocked account's token", async () => {
    const { token } = await createUserWithToken(ctx.db, { active: false });
    expect((await ctx.request({ method: "GET", url: "/api/test/signed-in", token })).statusCode).toBe(401);
  });
});

describe("GET /api/category", () => {
  it("lists categories oldest first, one by id, and by type", async () => {
    const a = await createCategory(ctx.db, { name: "Phones", type: "market-place", isDefault: true, createdAt: new Date("2026-01-01") });
    const b = await createCategory(ctx.db, { name: "Salons", type: "services", createdAt: new Date("2026-01-02") });
    const all = (await ctx.request({ method: "GET", url: "/api/category" })).json();
    expect(all.statusCode).toBe(200);
    expect(all.data.map((c: { _id: string }) => c._id)).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(all.data[0]).toEqual({ _id: a.id, name: "Phones", type: "market-place", is_default: true });
    const one = (await ctx.request({ method: "GET", url: `/api/category?id=${b.id}` })).json();
    expect(one.data).toEqual([{ _id: b.id, name: "Salons", type: "services", is_default: false }]);
    const services = (await ctx.request({ method: "GET", url: "/api/category?type=services" })).json();
    expect(services.data.every((c: { type: string }) => c.type === "services")).toBe(true);
  });
});

describe("draining", () => {
  it("answers the health check with 503 once shutdown has begun", async () => {
    ctx.app.draining = true;
    try {
      const res = await ctx.request({ method: "GET", url: "/api/health" });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual(errorBody(503, "Shutting down"));
    } finally {
      ctx.app.draining = false;
    }
  });
});
