/**
 * Search quality on the demo store (ADR 0205): the relevance set (search-relevance-set.ts) run
 * through GET /api/search; prints precision at 1 (over the "first" cases: the first result is one
 * of their items; the "within 3" cases are checked and counted in recall) and recall
 * at 10 (expected items within the first ten), and fails under 0.9 and 0.95 (docs/performance.md).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemo } from "../src/db/seed/demo.js";
import { createTestContext, type TestContext } from "./helpers.js";
import { RELEVANCE_SET } from "./search-relevance-set.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await seedDemo(ctx.db, ctx.app.uploads);
}, 300_000);
afterAll(() => ctx.close());

const PRECISION_AT_1_MIN = 0.9;
const RECALL_AT_10_MIN = 0.95;

describe("search relevance on the demo store", () => {
  it("meets precision at 1 and recall at 10", { timeout: 60_000 }, async () => {
    expect(RELEVANCE_SET.length).toBeGreaterThanOrEqual(40);
    let firstRight = 0;
    let withFirst = 0;
    let found = 0;
    let wanted = 0;
    const misses: string[] = [];
    for (const c of RELEVANCE_SET) {
      const res = await ctx.request({ method: "GET", url: `/api/search?q=${encodeURIComponent(c.q)}&limit=10` });
      expect(res.statusCode).toBe(200);
      const names: string[] = res.json().data.items.map((i: { name: string }) => i.name);
      const rank = (e: string) => names.findIndex((n) => n.startsWith(e));
      if (!c.expect.length) {
        if (names.length) misses.push(`${c.q}: expected nothing, got ${names[0]}`);
        continue;
      }
      if (c.top === 1) {
        withFirst++;
        if (c.expect.some((e) => rank(e) === 0)) firstRight++;
        else misses.push(`${c.q} (${c.why}): first ${names[0] ?? "nothing"}`);
      }
      // A "top 1" case wants one of its items first, and recall counts each of them within ten.
      for (const e of c.expect) {
        wanted++;
        const r = rank(e);
        if (r >= 0) found++;
        if (c.top === 3 && (r < 0 || r >= 3)) misses.push(`${c.q} (${c.why}): ${e} at ${r < 0 ? "none" : r + 1}, wanted within ${c.top}`);
      }
    }
    const precision = firstRight / withFirst;
    const recall = found / wanted;
    console.log(
      `search relevance: ${RELEVANCE_SET.length} queries, precision@1 ${precision.toFixed(3)}, recall@10 ${recall.toFixed(3)}${misses.length ? `\n  ${misses.join("\n  ")}` : ""}`,
    );
    expect(precision).toBeGreaterThanOrEqual(PRECISION_AT_1_MIN);
    expect(recall).toBeGreaterThanOrEqual(RECALL_AT_10_MIN);
  });
});
