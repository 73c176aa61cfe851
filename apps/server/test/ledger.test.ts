/**
 * The double-entry ledger (ADR 0090): a journal posts only when its entries sum to zero, once per
 * business key, and the database itself refuses unbalanced journals and any update or delete of
 * ledger rows. Real PostgreSQL.
 */

import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerEntries, ledgerJournals } from "../src/db/schema/index.js";
import { createUser } from "../src/db/seed/factories.js";
import { type AccountRef, accountId, balanceKobo, LedgerError, postJournal } from "../src/modules/ledger/ledger.service.js";
import { createTestContext, type TestContext } from "./helpers.js";

let ctx: TestContext;
let sellers: string[];

beforeAll(async () => {
  ctx = await createTestContext();
  sellers = [(await createUser(ctx.db, { accType: "business" })).id, (await createUser(ctx.db, { accType: "business" })).id];
});
afterAll(() => ctx.close());

/** The database's own message (drizzle wraps it as the `cause` of "Failed query"). */
async function dbError(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (err) {
    const e = err as Error & { cause?: Error };
    return e.cause?.message ?? e.message;
  }
  return "no error";
}

const journalCount = async () =>
  Number((await ctx.db.execute<{ n: string }>(sql`select count(*)::text as n from ledger_journals`)).rows[0]!.n);

describe("postJournal", () => {
  it("refuses a journal that does not sum to zero and writes nothing", async () => {
    const before = await journalCount();
    await expect(
      ctx.db.transaction((tx) =>
        postJournal(tx, "test:unbalanced", [
          { account: { kind: "store_cash" }, amountKobo: -1000 },
          { account: { kind: "store_commission" }, amountKobo: 999 },
        ]),
      ),
    ).rejects.toBeInstanceOf(LedgerError);
    expect(await journalCount()).toBe(before);
  });

  it("refuses fractions of a kobo", async () => {
    await expect(
      ctx.db.transaction((tx) =>
        postJournal(tx, "test:fraction", [
          { account: { kind: "store_cash" }, amountKobo: -10.5 },
          { account: { kind: "store_commission" }, amountKobo: 10.5 },
        ]),
      ),
    ).rejects.toBeInstanceOf(LedgerError);
  });

  it("posts a business key once: the second post changes nothing", async () => {
    const entries = [
      { account: { kind: "store_cash" } as AccountRef, amountKobo: -500 },
      { account: { kind: "seller_payable", ownerId: sellers[0]! } as AccountRef, amountKobo: 500 },
    ];
    const first = await ctx.db.transaction((tx) => postJournal(tx, "test:once", entries));
    const second = await ctx.db.transaction((tx) => postJournal(tx, "test:once", entries));
    expect(first.created).toBe(true);
    expect(second.created).toBe(false);
    expect(await balanceKobo(ctx.db, { kind: "seller_payable", ownerId: sellers[0]! })).toBe(500);
  });
});

describe("database guards", () => {
  it("refuses at commit a journal written directly whose entries do not sum to zero", async () => {
    const before = await journalCount();
    const message = await dbError(
      ctx.db.transaction(async (tx) => {
        const [j] = await tx.insert(ledgerJournals).values({ key: "test:direct", kind: "test" }).returning();
        await tx
          .insert(ledgerEntries)
          .values({ journalId: j!.id, accountId: await accountId(tx, { kind: "store_cash" }), amountKobo: 700 });
      }),
    );
    expect(message).toMatch(/does not sum to zero/);
    expect(await journalCount()).toBe(before);
  });

  it("refuses to update or delete an entry or a journal", async () => {
    expect(await dbError(ctx.db.execute(sql`update ledger_entries set amount_kobo = amount_kobo * 2`))).toMatch(/append-only/);
    expect(await dbError(ctx.db.execute(sql`delete from ledger_entries`))).toMatch(/append-only/);
    expect(await dbError(ctx.db.execute(sql`update ledger_journals set memo = 'x'`))).toMatch(/append-only/);
    expect(await dbError(ctx.db.execute(sql`delete from ledger_journals`))).toMatch(/append-only/);
  });
});

describe("property: balances are the sums of accepted journals", () => {
  it("accepts exactly the journals summing to zero; every account's balance is the sum of what was accepted", async () => {
    const kinds: AccountRef[] = [
      { kind: "store_cash" },
      { kind: "store_commission" },
      { kind: "refunds" },
      { kind: "seller_pending", ownerId: "0" },
      { kind: "seller_payable", ownerId: "1" },
    ];
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            amounts: fc.array(
              fc.record({ account: fc.integer({ min: 0, max: kinds.length - 1 }), kobo: fc.integer({ min: -1e9, max: 1e9 }) }),
              {
                minLength: 1,
                maxLength: 5,
              },
            ),
            balance: fc.boolean(),
          }),
          { minLength: 1, maxLength: 8 },
        ),
        async (journals) => {
          run++;
          const ref = (i: number): AccountRef => {
            const k = kinds[i]!;
            return "ownerId" in k ? { kind: k.kind, ownerId: sellers[Number(k.ownerId)]! } : k;
          };
          const start = await Promise.all(kinds.map((_, i) => balanceKobo(ctx.db, ref(i))));
          const expected = [...start];
          for (const [n, j] of journals.entries()) {
            const entries = j.amounts.map((a) => ({ account: ref(a.account), amountKobo: a.kobo }));
            // Half of the journals are closed by a balancing entry on the store's cash.
            if (j.balance) entries.push({ account: ref(0), amountKobo: -entries.reduce((s, e) => s + e.amountKobo, 0) });
            const kept = entries.filter((e) => e.amountKobo !== 0);
            const sum = kept.reduce((s, e) => s + e.amountKobo, 0);
            const ok = sum === 0 && (kept.length === 0 || kept.length >= 2);
            const post = ctx.db.transaction((tx) => postJournal(tx, `prop:${run}:${n}`, entries));
            if (ok) {
              await post;
              for (const e of kept) expected[kinds.findIndex((_, i) => ref(i).kind === e.account.kind)]! += e.amountKobo;
            } else await expect(post).rejects.toBeInstanceOf(LedgerError);
          }
          const after = await Promise.all(kinds.map((_, i) => balanceKobo(ctx.db, ref(i))));
          expect(after).toEqual(expected);
          const total = await ctx.db.execute<{ t: string }>(sql`select coalesce(sum(amount_kobo), 0)::text as t from ledger_entries`);
          expect(Number(total.rows[0]!.t)).toBe(0);
        },
      ),
      { numRuns: 30 },
    );
  });
});
