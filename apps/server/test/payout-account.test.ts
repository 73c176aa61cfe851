/**
 * A seller's payout bank account (ADR 0033, 0082): on PUT /api/me the three fields come together or
 * not at all; without a lookup provider the typed name is stored unverified and an admin verifies
 * it (PUT /api/admin/users/bank_account); with one the name is the provider's, never the client's;
 * any change resets the account to unverified. Also: a seller's followers list carries no contact
 * details.
 */
import { PAYOUT_MESSAGES, TEXT } from "@market/contract";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { users } from "../src/db/schema/index.js";
import { createFollow, createUser, createUserWithToken } from "../src/db/seed/factories.js";
import { createTestContext, errorBody, type TestContext } from "./helpers.js";

let ctx: TestContext; // the default install: no lookup provider
let paystack: TestContext; // PAYSTACK_SECRET_KEY set; Paystack answered by a stubbed fetch
let admin: Awaited<ReturnType<typeof createUserWithToken>>;

beforeAll(async () => {
  [ctx, paystack] = await Promise.all([createTestContext(), createTestContext({ PAYSTACK_SECRET_KEY: "sk_test_payout_account" })]);
  admin = await createUserWithToken(ctx.db, { accType: "admin" });
});
afterAll(() => Promise.all([ctx.close(), paystack.close()]));
afterEach(() => vi.unstubAllGlobals());

const seller = (c: TestContext = ctx) => createUserWithToken(c.db, { accType: "business", status: "approved" });
const putMe = (token: string, payload: object, c: TestContext = ctx) => c.request({ method: "PUT", url: "/api/me", token, payload });
const me = async (token: string, c: TestContext = ctx) => (await c.request({ method: "GET", url: "/api/me", token })).json().data;
const stored = async (c: TestContext, id: string) => (await c.db.select().from(users).where(eq(users.id, id)))[0]!;
const verify = (payload: object, token = admin.token) =>
  ctx.request({ method: "PUT", url: "/api/admin/users/bank_account", token, payload });

const ACCOUNT = { bank_code: "058", account_no: "0123456789", account_name: "ADAEZE OKAFOR" };
/** ACCOUNT as answers show it: the bank as a value/label pair (spec §3 "User", checklist S3-9). */
const SHOWN = { ...ACCOUNT, bank_code: { value: "058", label: "Guaranty Trust Bank (GTBank)" } };

describe("PUT /api/me bank details without a lookup provider (the default install)", () => {
  it("stores the typed name unverified, and says so in GET /api/me", async () => {
    const s = await seller();
    const res = await putMe(s.token, { ...ACCOUNT, account_name: "  Adaeze   Okafor " });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ ...SHOWN, account_name: "Adaeze Okafor", bank_account_verified: false });
    expect(await me(s.token)).toMatchObject({ account_name: "Adaeze Okafor", bank_account_verified: false });
  });

  it("refuses bank and number without a name, or a name without bank and number (400, field errors, nothing stored)", async () => {
    const s = await seller();
    const noName = await putMe(s.token, { bank_code: "058", account_no: "0123456789" });
    expect(noName.statusCode).toBe(400);
    expect(noName.json()).toEqual(errorBody(400, PAYOUT_MESSAGES.accountName, { account_name: PAYOUT_MESSAGES.accountName }));
    const emptyName = await putMe(s.token, { bank_code: "058", account_no: "0123456789", account_name: "" });
    expect(emptyName.json().errors).toEqual({ account_name: PAYOUT_MESSAGES.accountName });
    const nameOnly = await putMe(s.token, { account_name: "ANY NAME I LIKE" });
    expect(nameOnly.statusCode).toBe(400);
    expect(nameOnly.json().errors).toEqual({ bank_code: PAYOUT_MESSAGES.bankCode, account_no: PAYOUT_MESSAGES.accountNo });
    const noNumber = await putMe(s.token, { bank_code: "058", account_no: null, account_name: "ADAEZE OKAFOR" });
    expect(noNumber.json().errors).toEqual({ account_no: PAYOUT_MESSAGES.accountNo });
    const row = await stored(ctx, s.user.id);
    expect([row.bankCode, row.accountNo, row.accountName]).toEqual([null, null, null]);
  });

  it("refuses an unknown bank code and a name that is not a name", async () => {
    const s = await seller();
    const bank = await putMe(s.token, { ...ACCOUNT, bank_code: "999" });
    expect(bank.json().errors).toEqual({ bank_code: PAYOUT_MESSAGES.bankCode });
    const name = await putMe(s.token, { ...ACCOUNT, account_name: "<script>x</script>" });
    expect(name.json().errors).toEqual({ account_name: PAYOUT_MESSAGES.accountNameFormat });
    expect((await stored(ctx, s.user.id)).bankCode).toBeNull();
  });

  it("all three empty removes the account", async () => {
    const s = await seller();
    await putMe(s.token, ACCOUNT);
    const res = await putMe(s.token, { bank_code: null, account_no: "", account_name: null });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ bank_code: null, account_no: null, account_name: null, bank_account_verified: false });
  });
});

describe("PUT /api/admin/users/bank_account (the admin verifies)", () => {
  it("verifies the details the admin checked; the seller and the Sellers list see it; any change resets it", async () => {
    const s = await seller();
    await putMe(s.token, ACCOUNT);
    const list = async () =>
      (await ctx.request({ method: "GET", url: `/api/admin/users?account_type=business&q=${s.user.username}`, token: admin.token })).json()
        .data[0];
    expect(await list()).toMatchObject({ ...SHOWN, bank_name: "Guaranty Trust Bank (GTBank)", bank_account_verified: false });

    const res = await verify({ account_id: s.user.id, ...ACCOUNT });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: TEXT.success.updated, data: { _id: s.user.id, bank_account_verified: true } });
    expect(await list()).toMatchObject({ bank_account_verified: true });
    expect(await me(s.token)).toMatchObject({ bank_account_verified: true });
    const row = await stored(ctx, s.user.id);
    expect(row.bankAccountVerifiedBy).toBe(admin.user.id);
    expect(row.bankAccountVerifiedAt).toBeInstanceOf(Date);

    // Saving the same details (and other fields) keeps it verified.
    expect((await putMe(s.token, { ...ACCOUNT, names: "Adaeze Okafor" })).json().data.bank_account_verified).toBe(true);
    // Each of the three fields, changed, resets it.
    const current = async () => {
      const { bank_code, account_no, account_name } = await me(s.token);
      return { bank_code: bank_code.value as string, account_no, account_name };
    };
    for (const change of [{ account_name: "ADAEZE N OKAFOR" }, { account_no: "0123456788" }, { bank_code: "044" }]) {
      await verify({ account_id: s.user.id, ...(await current()) });
      expect((await me(s.token)).bank_account_verified).toBe(true);
      const changed = await putMe(s.token, { ...(await current()), ...change });
      const shown = "bank_code" in change ? { bank_code: { value: change.bank_code } } : change;
      expect(changed.json().data).toMatchObject({ ...shown, bank_account_verified: false });
      const after = await stored(ctx, s.user.id);
      expect([after.bankAccountVerifiedAt, after.bankAccountVerifiedBy]).toEqual([null, null]);
    }
  });

  it("refuses details that changed since the admin looked (409), leaving the new ones unverified", async () => {
    const s = await seller();
    await putMe(s.token, ACCOUNT);
    await putMe(s.token, { ...ACCOUNT, account_name: "SOMEONE ELSE" });
    const res = await verify({ account_id: s.user.id, ...ACCOUNT });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(PAYOUT_MESSAGES.changedSinceViewed);
    expect((await me(s.token)).bank_account_verified).toBe(false);
  });

  it("refuses sellers, customers, sign-outs, accounts without details, non-sellers and unknown ids", async () => {
    const s = await seller();
    await putMe(s.token, ACCOUNT);
    const body = { account_id: s.user.id, ...ACCOUNT };
    expect((await verify(body, s.token)).statusCode).toBe(403);
    expect((await verify(body, (await createUserWithToken(ctx.db)).token)).statusCode).toBe(403);
    expect((await ctx.request({ method: "PUT", url: "/api/admin/users/bank_account", payload: body })).statusCode).toBe(401);
    const empty = await seller();
    expect((await verify({ ...body, account_id: empty.user.id })).json()).toEqual(errorBody(409, PAYOUT_MESSAGES.nothingToVerify));
    const customer = await createUser(ctx.db, { bankCode: "058", accountNo: "0123456789", accountName: "ADAEZE OKAFOR" });
    expect((await verify({ ...body, account_id: customer.id })).json()).toEqual(errorBody(409, PAYOUT_MESSAGES.notSeller));
    expect((await verify({ ...body, account_id: "00000000-0000-4000-8000-000000000000" })).statusCode).toBe(404);
    expect((await verify({ ...body, account_no: "123" })).statusCode).toBe(400);
    expect((await me(s.token)).bank_account_verified).toBe(false);
  });

  it("the database refuses a verified flag on an incomplete account", async () => {
    const s = await seller();
    const err = await ctx.db
      .update(users)
      .set({ bankAccountVerified: true })
      .where(eq(users.id, s.user.id))
      .catch((e: { cause?: { constraint?: string } }) => e);
    expect(err).toMatchObject({ cause: { constraint: "users_bank_account_verified_ck" } });
  });
});

describe("PUT /api/me bank details with a lookup provider (Paystack)", () => {
  /** Paystack's /bank/resolve as a stubbed fetch: one known account, anything else "not found". */
  function stubPaystack() {
    const calls: string[] = [];
    vi.stubGlobal("fetch", async (url: string) => {
      calls.push(String(url));
      const known = String(url).includes("account_number=0123456789&bank_code=058");
      return new Response(
        JSON.stringify(
          known
            ? { status: true, message: "Account number resolved", data: { account_number: "0123456789", account_name: "ADAEZE OKAFOR" } }
            : { status: false, message: "Could not resolve account name." },
        ),
        { status: known ? 200 : 422, headers: { "content-type": "application/json" } },
      );
    });
    return calls;
  }

  it("stores the provider's name, not the one sent, and the account is verified", async () => {
    const calls = stubPaystack();
    const s = await seller(paystack);
    const res = await putMe(s.token, { bank_code: "058", account_no: "0123456789", account_name: "ANY NAME I LIKE" }, paystack);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ ...SHOWN, bank_account_verified: true });
    expect(calls).toEqual(["https://api.paystack.co/bank/resolve?account_number=0123456789&bank_code=058"]);
    const row = await stored(paystack, s.user.id);
    expect([row.accountName, row.bankAccountVerified, row.bankAccountVerifiedBy]).toEqual(["ADAEZE OKAFOR", true, null]);
    // Saving again asks nobody and keeps it verified; a name sent with it still changes nothing.
    const again = await putMe(s.token, { ...ACCOUNT, account_name: "SOMEONE ELSE" }, paystack);
    expect(again.json().data).toMatchObject({ account_name: "ADAEZE OKAFOR", bank_account_verified: true });
    expect(calls).toHaveLength(1);
  });

  it("needs only bank and number; an account the bank does not know is refused and nothing changes", async () => {
    stubPaystack();
    const s = await seller(paystack);
    expect((await putMe(s.token, { bank_code: "058", account_no: "0123456789" }, paystack)).json().data.account_name).toBe("ADAEZE OKAFOR");
    const unknown = await putMe(s.token, { bank_code: "058", account_no: "0000000001", account_name: "ADAEZE OKAFOR" }, paystack);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toHaveProperty("account_no");
    expect(await me(s.token, paystack)).toMatchObject({ ...SHOWN, bank_account_verified: true });
    const noNumber = await putMe(s.token, { bank_code: "058", account_name: "ADAEZE OKAFOR" }, paystack);
    expect(noNumber.json().errors).toEqual({ account_no: PAYOUT_MESSAGES.accountNo });
  });

  it("GET /api/v1/banks tells the screen whether the name is looked up or typed", async () => {
    const withProvider = (await paystack.request({ method: "GET", url: "/api/v1/banks" })).json();
    const without = (await ctx.request({ method: "GET", url: "/api/v1/banks" })).json();
    expect([withProvider.account_name_lookup, without.account_name_lookup]).toEqual([true, false]);
  });
});

describe("GET /api/user/followers", () => {
  it("gives the seller their followers' names and usernames, never an e-mail or a phone", async () => {
    const s = await seller();
    const fans = [await createUser(ctx.db), await createUser(ctx.db)];
    for (const f of fans) await createFollow(ctx.db, { followerId: f.id, sellerId: s.user.id });
    const res = await ctx.request({ method: "GET", url: "/api/user/followers", token: s.token });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.map((f: { username: string }) => f.username).sort()).toEqual(fans.map((f) => f.username).sort());
    for (const f of body.data) expect(Object.keys(f).sort()).toEqual(["_id", "createdAt", "followedAt", "names", "profile", "username"]);
    for (const f of fans) {
      expect(res.body).not.toContain(f.email);
      expect(res.body).not.toContain(f.phone);
    }
  });
});
