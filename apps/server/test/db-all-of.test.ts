/**
 * `allOf` (db/client.ts): independent reads at once on the pool, one after another in a
 * transaction, whose one connection runs one statement at a time. Real PostgreSQL.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allOf, type Executor } from "../src/db/client.js";
import { createTestContext, type TestContext } from "./helpers.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** Two reads that log when they start and end; the first takes longer, so at once they interleave. */
async function twoReads(db: Executor) {
  const log: string[] = [];
  const read = (name: string, seconds: number) => async () => {
    log.push(`${name} starts`);
    const r = await db.execute<{ v: string }>(sql`select ${name}::text as v, pg_sleep(${seconds})`);
    log.push(`${name} ends`);
    return r.rows[0]!.v;
  };
  const answers = await allOf(db, [read("a", 0.05), read("b", 0)]);
  return { answers, log };
}

describe("allOf", () => {
  it("runs the reads at once on the pool, answering in the order asked", async () => {
    const { answers, log } = await twoReads(ctx.db);
    expect(answers).toEqual(["a", "b"]);
    expect(log).toEqual(["a starts", "b starts", "b ends", "a ends"]);
  });

  it("runs them one after another in a transaction, answering in the order asked", async () => {
    const { answers, log } = await ctx.db.transaction((tx) => twoReads(tx));
    expect(answers).toEqual(["a", "b"]);
    expect(log).toEqual(["a starts", "a ends", "b starts", "b ends"]);
  });
});
