/**
 * `allOf` (db/client.ts): independent reads at once on the pool, one after another on one
 * connection (a transaction, a savepoint, `drizzleOn`), which runs one statement at a time.
 * Real PostgreSQL.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allOf, drizzleOn, type Executor } from "../src/db/client.js";
import { createTestContext, type TestContext } from "./helpers.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** Two reads that log when they start and end (the first sleeps a little). */
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

const oneAfterAnother = ["a starts", "a ends", "b starts", "b ends"];

describe("allOf", () => {
  it("runs the reads at once on the pool, answering in the order asked", async () => {
    const { answers, log } = await twoReads(ctx.db);
    expect(answers).toEqual(["a", "b"]);
    expect(log.indexOf("b starts")).toBeLessThan(log.indexOf("a ends"));
  });

  it("runs them one after another in a transaction and in a savepoint, answering in the order asked", async () => {
    const [inTx, inSavepoint] = await ctx.db.transaction(async (tx) => [await twoReads(tx), await tx.transaction((sp) => twoReads(sp))]);
    for (const { answers, log } of [inTx, inSavepoint]) {
      expect(answers).toEqual(["a", "b"]);
      expect(log).toEqual(oneAfterAnother);
    }
  });

  it("runs them one after another on one connection of the pool", async () => {
    const client = await ctx.db.$client.connect();
    try {
      const { answers, log } = await twoReads(drizzleOn(client));
      expect(answers).toEqual(["a", "b"]);
      expect(log).toEqual(oneAfterAnother);
    } finally {
      client.release();
    }
  });
});
