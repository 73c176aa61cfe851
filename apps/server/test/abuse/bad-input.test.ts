/**
 * Every route of the app's OpenAPI document, called with generated bad input (the abuse suite,
 * ADR 0054): wrong types, missing and extra fields, huge strings, negative and fractional numbers,
 * unknown ids, malformed JSON, a wrong content type and a body over the 8 MiB limit, by anonymous,
 * customer, seller and admin callers. Every certainly-invalid request is refused with a 4xx in the
 * JSON error shape, nothing answers 5xx, and no table changes.
 *
 * Routes come from GET /api/docs/json, so a route added later is covered without editing this file.
 */
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { PICTURE_BODY_LIMIT } from "../../src/plugins/json-body.js";
import { createTestContext } from "../helpers.js";
import {
  changedTables,
  expectErrorShape,
  expectNoServerError,
  fillPath,
  fingerprint,
  invalidBody,
  invalidParamValues,
  listRoutes,
  oddQueryValue,
  queryString,
  type RouteInfo,
  seedCallers,
} from "./kit.js";

/** fast-check runs per route and kind of input (bounded: the whole suite stays well under 2 minutes). */
const RUNS = Number(process.env.ABUSE_RUNS ?? 12);

const ctx = await createTestContext();
afterAll(() => ctx.close());
const routes = await listRoutes(ctx);

const { callers, callerArb } = await seedCallers(ctx.db, "Abuse");

/** Valid-looking values for path parameters (so the body or query is what gets refused). */
function pathValues(route: RouteInfo): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of route.params.filter((x) => x.in === "path")) out[p.name] = String(p.schema.enum?.[0] ?? "x");
  return out;
}

const label = (r: RouteInfo) => `${r.method} ${r.path}`;
const hasBody = (r: RouteInfo) => r.method !== "GET";

describe("the route list", () => {
  it("comes from the app's OpenAPI document and covers the spec's areas", () => {
    const paths = new Set(routes.map((r) => r.path));
    for (const p of ["/api/signin", "/api/me", "/api/category", "/api/product", "/api/posts", "/api/cart", "/api/transactions"]) {
      expect(paths, p).toContain(p);
    }
    expect(routes.length).toBeGreaterThan(30);
  });
});

describe.each(routes.map((r) => [label(r), r] as const))("%s", (_name, route) => {
  // A new client address per request: the per-IP rate limits (sign-in, sign-up, codes...) would
  // otherwise answer 429 before the input is even read.
  let ip = 0;
  const inject = (opts: { url: string; caller: keyof typeof callers; payload?: unknown; headers?: Record<string, string> }) =>
    ctx.request({
      remoteAddress: `10.${(++ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`,
      method: route.method,
      url: opts.url,
      token: callers[opts.caller],
      headers: opts.headers,
      payload: opts.payload as string | object | undefined,
    });
  const basePath = fillPath(route.path, pathValues(route));

  it("refuses certainly-invalid input with a 4xx error and changes nothing", async () => {
    const before = await fingerprint(ctx.db);
    let tried = 0;

    // JSON bodies that break the route's schema, with noise on top.
    const bodyArb = route.body ? invalidBody(route.body) : null;
    if (bodyArb) {
      await fc.assert(
        fc.asyncProperty(callerArb, bodyArb, async (caller, body) => {
          const res = await inject({ url: basePath, caller, payload: body });
          tried++;
          expect(
            res.statusCode,
            `${label(route)} as ${caller} with ${JSON.stringify(body).slice(0, 300)}: ${res.body.slice(0, 200)}`,
          ).toBeGreaterThanOrEqual(400);
          expect(res.statusCode).toBeLessThan(500);
          expectErrorShape(res, `${label(route)} as ${caller}`);
        }),
        { numRuns: RUNS },
      );
    }

    // Query and path parameters out of their format, enum, range or length, or a required one missing.
    const params = route.params.filter((p) => p.in === "query" || p.in === "path");
    const breakable = params.flatMap((p) => {
      const bad = invalidParamValues(p.schema);
      return [...bad.map((value) => ({ p, value: value as string | undefined })), ...(p.required ? [{ p, value: undefined }] : [])];
    });
    if (breakable.length) {
      const optional = params.filter((p) => p.in === "query" && !p.required).map((p) => p.name);
      await fc.assert(
        fc.asyncProperty(
          callerArb,
          fc.constantFrom(...breakable),
          fc.dictionary(optional.length ? fc.constantFrom(...optional) : fc.constant("zz"), oddQueryValue, { maxKeys: 3 }),
          async (caller, broken, noise) => {
            const query: Record<string, string> = { ...noise };
            const pathVals = pathValues(route);
            for (const p of params.filter((x) => x.required && x.in === "query")) query[p.name] ??= "3f1d6a3e-9c41-4d6f-8a55-000000000000";
            if (broken.p.in === "path") pathVals[broken.p.name] = broken.value ?? "";
            else if (broken.value === undefined) delete query[broken.p.name];
            else query[broken.p.name] = broken.value;
            const url = `${fillPath(route.path, pathVals)}${queryString(query)}`;
            // An empty last segment is the parent path, which may be a route of its own with this
            // method (GET /api/orders/ is the list of GET /api/orders/{id}): not this route's input.
            const parent = `${route.method} ${fillPath(route.path, pathVals).replace(/\/+$/, "")}`;
            if (broken.p.in === "path" && !broken.value && routes.some((r) => label(r) === parent)) return;
            const res = await inject({ url, caller, ...(hasBody(route) && route.body ? { payload: {} } : {}) });
            tried++;
            const what = `${label(route)} as ${caller}: ${url.slice(0, 200)}`;
            // An empty path segment can route elsewhere (404); anything else is this route's 400.
            expect(res.statusCode, `${what}: ${res.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
            expect(res.statusCode, what).toBeLessThan(500);
            expectErrorShape(res, what);
          },
        ),
        { numRuns: RUNS },
      );
    }

    if (hasBody(route)) {
      for (const caller of ["anonymous", "customer", "seller", "admin"] as const) {
        // Malformed JSON, and JSON with a prototype-polluting key (refused by Fastify's parser).
        for (const raw of ["{bad", '{"a":', "[1,2", '{"__proto__":{"isAdmin":true}}', '{"constructor":{"prototype":{"x":1}}}']) {
          const res = await inject({ url: basePath, caller, payload: raw, headers: { "content-type": "application/json" } });
          tried++;
          expect(res.statusCode, `${label(route)} as ${caller} with ${raw}`).toBeGreaterThanOrEqual(400);
          expect(res.statusCode).toBeLessThan(500);
          expectErrorShape(res, `${label(route)} malformed JSON`);
        }
        // A content type the API does not take.
        const xml = await inject({ url: basePath, caller, payload: "<a>1</a>", headers: { "content-type": "application/xml" } });
        tried++;
        expect(xml.statusCode, `${label(route)} as ${caller} with XML`).toBeGreaterThanOrEqual(400);
        expectNoServerError(xml, `${label(route)} XML`);
      }
      // More than the largest body limit (the picture routes'): refused unread, as too large or,
      // on a route the seller may not call, before it is read at all.
      const big = JSON.stringify({ data: "x".repeat(PICTURE_BODY_LIMIT + 1024) });
      const res = await inject({ url: basePath, caller: "seller", payload: big, headers: { "content-type": "application/json" } });
      tried++;
      expect([403, 413]).toContain(res.statusCode);
      expectErrorShape(res, `${label(route)} oversized body`);
    } else {
      // GET: odd values for every optional parameter must not break anything (200 or a clean 4xx).
      const optional = params.filter((p) => !p.required).map((p) => p.name);
      await fc.assert(
        fc.asyncProperty(
          callerArb,
          fc.dictionary(fc.constantFrom(...optional, "zz", "__proto__"), oddQueryValue, { maxKeys: 4 }),
          async (caller, q) => {
            const query: Record<string, string> = { ...q };
            for (const p of params.filter((x) => x.required && x.in === "query")) query[p.name] ??= "3f1d6a3e-9c41-4d6f-8a55-000000000000";
            const res = await inject({ url: `${basePath}${queryString(query)}`, caller });
            tried++;
            expectNoServerError(res, `${label(route)} as ${caller} ${JSON.stringify(query)}`);
          },
        ),
        { numRuns: RUNS },
      );
    }

    expect(tried).toBeGreaterThan(0);
    expect(changedTables(before, await fingerprint(ctx.db)), `${label(route)} changed tables`).toEqual([]);
  });
});
