/**
 * Every route with a JSON body or parameters, called with input of the right types and within the
 * declared bounds but odd (edge numbers, empty and hostile strings, unknown ids and other people's
 * ids), by anonymous, customer, seller and admin callers. These reach the handlers and the
 * services' own rules: the answer may be a success or a refusal, but never a 5xx, and every refusal
 * is in the JSON error shape. (Writes may happen here, so this file has its own database and does
 * not compare tables; bad-input.test.ts does.)
 */
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { createTestContext } from "../helpers.js";
import {
  expectNoServerError,
  fillPath,
  listRoutes,
  queryString,
  type RouteInfo,
  seedCallers,
  wellTypedBody,
  wellTypedValue,
} from "./kit.js";

const RUNS = Number(process.env.ABUSE_RUNS ?? 12);

const ctx = await createTestContext();
afterAll(() => ctx.close());
const routes = await listRoutes(ctx);

const { callers, callerArb, ids } = await seedCallers(ctx.db, "Odd");

const label = (r: RouteInfo) => `${r.method} ${r.path}`;
const interesting = routes.filter((r) => r.body || r.params.length);

describe.each(interesting.map((r) => [label(r), r] as const))("%s", (_name, route) => {
  it("never answers 5xx to well-typed odd input", async () => {
    const params = route.params.filter((p) => p.in === "query" || p.in === "path");
    const paramArb = fc.record(Object.fromEntries(params.map((p) => [p.name, wellTypedValue(p.schema, ids)])), {
      requiredKeys: params.filter((p) => p.required).map((p) => p.name),
    });
    const bodyArb = route.body ? wellTypedBody(route.body, ids) : fc.constant(undefined);
    let ip = 0;
    /** Every answer's status, to check below that the run sent and checked what it should. */
    const statuses: number[] = [];
    await fc.assert(
      fc.asyncProperty(callerArb, paramArb, bodyArb, async (caller, values, body) => {
        const strings = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)]));
        const pathNames = new Set(params.filter((p) => p.in === "path").map((p) => p.name));
        const query = Object.fromEntries(Object.entries(strings).filter(([k]) => !pathNames.has(k)));
        const url = `${fillPath(route.path, strings)}${queryString(query)}`;
        const res = await ctx.request({
          method: route.method,
          url,
          token: callers[caller],
          remoteAddress: `10.1.${(++ip >> 8) & 255}.${ip & 255}`,
          ...(body !== undefined ? { payload: body } : {}),
        });
        statuses.push(res.statusCode);
        expectNoServerError(
          res,
          `${label(route)} as ${caller}: ${url.slice(0, 200)} ${JSON.stringify(body ?? null).slice(0, 300)}`,
          route.declared5xx,
        );
      }),
      { numRuns: RUNS },
    );
    // The property really ran: at least one request, one per run (fc.assert passes without calling
    // the route when the run count is 0 or every run is skipped), and none of those answers was an
    // undeclared 5xx.
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses).toHaveLength(RUNS);
    expect(statuses.filter((s) => s >= 500 && !route.declared5xx.includes(s))).toEqual([]);
  });
});
