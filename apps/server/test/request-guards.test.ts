/**
 * Requests are refused as early as they can be:
 * - every guarded route answers 401 (signed out) or 403 (wrong account type) before its body or
 *   query is looked at, so nobody unauthorized learns field rules or gets a body parsed (the list of
 *   guarded routes comes from the auth plugin itself, so a new route is covered automatically);
 * - bodies are small (64 KiB) except where a picture travels, and JSON nested deeper than 32 levels
 *   or holding more than 10,000 values is refused before `JSON.parse` builds it.
 */
import type { AccountType } from "@market/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUserWithToken } from "../src/db/seed/factories.js";
import { BODY_LIMIT, MAX_JSON_DEPTH, MAX_JSON_ITEMS, PICTURE_BODY_LIMIT } from "../src/plugins/json-body.js";
import { createTestContext, errorBody, type TestContext } from "./helpers.js";

let ctx: TestContext;
const tokens = {} as Record<AccountType, string>;
/** `request.body` of every answered request, by URL: undefined when the body was never parsed. */
const parsedBodies = new Map<string, unknown>();

beforeAll(async () => {
  ctx = await createTestContext({}, (app) => {
    app.addHook("onResponse", async (request) => {
      parsedBodies.set(`${request.method} ${request.url}`, request.body);
    });
  });
  for (const accType of ["customer", "business", "admin"] as const)
    tokens[accType] = (await createUserWithToken(ctx.db, { accType })).token;
});
afterAll(async () => {
  await ctx?.close();
});

const ID = "3f1d6a3e-9c41-4d6f-8a55-000000000001";
/** A body no route accepts: wrong types everywhere, and a negative price. */
const JUNK = { price: -1, name: 7, count: "many", _id: "not-an-id", product_id: 3, request_type: 12, account_id: "x" };

describe("role before body", () => {
  it("every guarded route refuses the signed-out (401) and wrong account types (403) before reading the body", async () => {
    const guarded = ctx.app.guardedRoutes.filter((r) => r.method !== "HEAD");
    expect(guarded.length).toBeGreaterThan(25);
    let checked = 0;
    for (const { method, url, roles } of guarded) {
      const path = `${url.replace(/:[A-Za-z_]+/g, ID)}?id=not-an-id&cursor=%%%`;
      const callers: Array<AccountType | "anonymous"> = [
        "anonymous",
        ...(["customer", "business", "admin"] as const).filter((r) => !roles.includes(r)),
      ];
      for (const caller of callers) {
        const res = await ctx.request({
          method: method as "GET",
          url: path,
          token: caller === "anonymous" ? undefined : tokens[caller],
          ...(method === "GET" || method === "DELETE" ? {} : { payload: JUNK }),
        });
        const expected = caller === "anonymous" ? 401 : 403;
        expect(res.statusCode, `${method} ${url} as ${caller}: ${res.body}`).toBe(expected);
        expect(res.json()).toEqual(errorBody(expected, expect.any(String)));
        expect(parsedBodies.get(`${method} ${path}`), `${method} ${url} as ${caller}: body parsed`).toBeUndefined();
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(40);
  });

  it("a customer posting an invalid product gets 403, not field errors", async () => {
    const res = await ctx.request({ method: "POST", url: "/api/product", token: tokens.customer, payload: { price: "" } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).not.toHaveProperty("errors");
  });
});

/** `depth` nested arrays around a 1. */
const nested = (depth: number) => `${"[".repeat(depth)}1${"]".repeat(depth)}`;

describe("body limits", () => {
  it("a 2 MB body of nested arrays from a stranger is refused without being parsed", async () => {
    const attack = nested(1_000_000);
    const res = await ctx.request({ method: "POST", url: "/api/cart", payload: attack, headers: { "content-type": "application/json" } });
    expect(res.statusCode).toBe(401);
    expect(parsedBodies.get("POST /api/cart")).toBeUndefined();
  });

  it("an ordinary route takes at most 64 KiB", async () => {
    const message = "x".repeat(BODY_LIMIT);
    const res = await ctx.request({ method: "POST", url: "/api/contact", payload: { name: "Ada", email: "ada@example.ng", message } });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual(errorBody(413, expect.any(String)));
  });

  it("the picture routes take a picture-sized body, and no more", async () => {
    const justOver = JSON.stringify({ names: "x".repeat(PICTURE_BODY_LIMIT) });
    const res = await ctx.request({
      method: "POST",
      url: "/api/signup",
      payload: justOver,
      headers: { "content-type": "application/json" },
    });
    expect(res.statusCode).toBe(413);
    // A body between the two limits reaches the route's own validation.
    const picture = JSON.stringify({ names: "Ada Obi", profile: `data:image/png;base64,${"A".repeat(BODY_LIMIT * 2)}` });
    const ok = await ctx.request({ method: "POST", url: "/api/signup", payload: picture, headers: { "content-type": "application/json" } });
    expect(ok.statusCode).toBe(400);
    expect(ok.json()).toHaveProperty("errors");
  });

  it(`JSON nested deeper than ${MAX_JSON_DEPTH} levels is refused before it is built`, async () => {
    const deep = `{"name":"Ada","email":"ada@example.ng","message":"hi","extra":${nested(MAX_JSON_DEPTH)}}`;
    const res = await ctx.request({ method: "POST", url: "/api/contact", payload: deep, headers: { "content-type": "application/json" } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/nested too deeply/);
    expect(parsedBodies.get("POST /api/contact")).toBeUndefined();
    // Brackets inside strings are text, not nesting.
    const text = JSON.stringify({ name: "Ada", email: "ada@example.ng", message: "[[[[".repeat(20) });
    const fine = await ctx.request({ method: "POST", url: "/api/contact", payload: text, headers: { "content-type": "application/json" } });
    expect(fine.json().message ?? "").not.toMatch(/nested too deeply/);
  });

  it(`more than ${MAX_JSON_ITEMS} values are refused`, async () => {
    const many = JSON.stringify({
      name: "Ada",
      email: "ada@example.ng",
      message: "hi",
      extra: Array.from({ length: MAX_JSON_ITEMS + 1 }, () => 0),
    });
    const res = await ctx.request({ method: "POST", url: "/api/contact", payload: many, headers: { "content-type": "application/json" } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/too many values/);
  });

  it("prototype-polluting keys and broken JSON are still refused with a 400", async () => {
    for (const raw of ['{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"x":1}}}', '{"a":', ""]) {
      const res = await ctx.request({ method: "POST", url: "/api/contact", payload: raw, headers: { "content-type": "application/json" } });
      expect(res.statusCode, raw).toBe(400);
      expect(res.json()).toEqual(errorBody(400, expect.any(String)));
    }
  });
});
