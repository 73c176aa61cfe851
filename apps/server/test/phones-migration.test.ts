/**
 * Migration 0014: address-book phones stored as typed before every phone was kept in E.164 become
 * E.164 (Nigerian mobile numbers in their usual spellings); anything else stays as typed.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addresses } from "../src/db/schema/index.js";
import { createAddress, createUser } from "../src/db/seed/factories.js";
import { createTestContext, type TestContext } from "./helpers.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const MIGRATION = path.join(path.dirname(fileURLToPath(import.meta.url)), "../src/db/migrations/0014_normalise_phones.sql");

describe("migration 0014_normalise_phones", () => {
  it("rewrites typed Nigerian phones in the address book to E.164 and leaves the rest", async () => {
    const user = await createUser(ctx.db);
    const typed = ["8031234567", "0803 123 4567", "234-803-123-4567", "+2348031234567", "+447911123456", "", "call me"];
    const ids: string[] = [];
    for (const phone of typed) ids.push((await createAddress(ctx.db, { userId: user.id, phone })).id);
    const statements = readFileSync(MIGRATION, "utf8").split("--> statement-breakpoint");
    // One connection for the whole file: its helper function lives in the session's temporary schema.
    await ctx.db.transaction(async (tx) => {
      for (const s of statements) await tx.execute(sql.raw(s));
    });
    const after = [];
    for (const id of ids)
      after.push((await ctx.db.select({ phone: addresses.phone }).from(addresses).where(eq(addresses.id, id)))[0]!.phone);
    expect(after).toEqual(["+2348031234567", "+2348031234567", "+2348031234567", "+2348031234567", "+447911123456", "", "call me"]);
  });
});
