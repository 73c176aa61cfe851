/**
 * Payouts through Paystack Transfers (ADR 0094), with PAYSTACK_SECRET_KEY set and Paystack's HTTP
 * API faked: the admin sends a due payout (recipient, then transfer with the payout id as
 * reference); the signed webhook settles it once. Forged, replayed and out-of-order events are
 * refused or change nothing. Real PostgreSQL, real app.
 */
import { createHmac } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { payouts } from "../src/db/schema/index.js";
import { createUserWithToken } from "../src/db/seed/factories.js";
import { ledgerClock } from "../src/modules/ledger/earnings.service.js";
import { type TransferHttpClient, transferHttp } from "../src/modules/ledger/paystack-transfers.js";
import { days, decide, deliverAndReceive, earnings, submittedOrder } from "./finance-helpers.js";
import { createTestContext, type TestContext } from "./helpers.js";

const SECRET = "sk_test_fake_secret_for_transfers";
const sign = (body: string, secret = SECRET) => createHmac("sha512", secret).update(body).digest("hex");

let ctx: TestContext;
let manual: TestContext;
let admin: Awaited<ReturnType<typeof createUserWithToken>>;
let buyer: Awaited<ReturnType<typeof createUserWithToken>>;
const calls: Array<{ url: string; body: Record<string, unknown> }> = [];
const realClient = transferHttp.client;

/** Paystack answers: recipient then transfer, or `failWith` a 400. */
function fakePaystack(failWith?: string): TransferHttpClient {
  return async (url, init) => {
    const body = JSON.parse(init.body) as Record<string, unknown>;
    calls.push({ url, body });
    if (failWith) return { status: 400, json: async () => ({ status: false, message: failWith }) };
    if (url.endsWith("/transferrecipient"))
      return { status: 201, json: async () => ({ status: true, data: { recipient_code: "RCP_test1" } }) };
    return {
      status: 200,
      json: async () => ({ status: true, data: { transfer_code: `TRF_${String(body.reference).slice(0, 8)}`, status: "pending" } }),
    };
  };
}

beforeAll(async () => {
  [ctx, manual] = await Promise.all([createTestContext({ PAYSTACK_SECRET_KEY: SECRET }), createTestContext()]);
  admin = await createUserWithToken(ctx.db, { accType: "admin" });
  buyer = await createUserWithToken(ctx.db);
  ledgerClock.now = () => new Date(Date.now() + days(8));
});
afterAll(async () => {
  transferHttp.client = realClient;
  await Promise.all([ctx.close(), manual.close()]);
});
afterEach(() => {
  transferHttp.client = realClient;
  calls.length = 0;
});

/** A seller with ₦4,500 available who requested a payout of it; answers the seller and the payout id. */
async function duePayout() {
  const seller = await createUserWithToken(ctx.db, {
    accType: "business",
    status: "approved",
    bankCode: "058",
    accountNo: "0123456789",
    accountName: "Ada Okafor",
    bankAccountVerified: true,
  });
  // Checked-out orders would ask Paystack for an account, so the order goes straight in the tables.
  const { transactionId, lines } = await submittedOrder(ctx.db, buyer.user.id, [{ sellerId: seller.user.id, unitKobo: 500_000, qty: 1 }]);
  await decide(ctx, admin.token, transactionId, "confirm");
  await deliverAndReceive(ctx, seller.token, lines[0]!.id);
  const asked = await ctx.request({ method: "POST", url: "/api/payouts", token: seller.token, payload: {} });
  expect(asked.statusCode, asked.body).toBe(200);
  return { seller, payoutId: asked.json().data._id as string };
}

const send = (app: TestContext, payoutId: string, token = admin.token) =>
  app.request({ method: "PUT", url: "/api/admin/payouts", token, payload: { payout_id: payoutId, action: "send" } });
const hook = (body: string, signature?: string) =>
  ctx.request({
    method: "POST",
    url: "/api/payments/paystack/webhook",
    headers: { "content-type": "application/json", ...(signature ? { "x-paystack-signature": signature } : {}) },
    payload: body,
  });
const event = (name: string, payoutId: string, id: number, amount = 450_000) =>
  JSON.stringify({
    event: name,
    data: { id, reference: payoutId, amount, currency: "NGN", transfer_code: "TRF_x", reason: "Bank said no" },
  });
const statusOf = async (id: string) => (await ctx.db.select().from(payouts).where(sql`${payouts.id} = ${id}`))[0]!;
const journalsOf = async (id: string) =>
  (await ctx.db.execute(sql`select j.key from ledger_journals j where j.key like ${`%${id}`} order by j.key`)).rows.map((r) => r.key);

describe("sending a payout", () => {
  it("creates the recipient and the transfer with the payout id as reference, once", async () => {
    const { payoutId } = await duePayout();
    transferHttp.client = fakePaystack();
    const res = await send(ctx, payoutId);
    expect(res.statusCode, res.body).toBe(200);
    expect(calls.map((c) => c.url)).toEqual(["https://api.paystack.co/transferrecipient", "https://api.paystack.co/transfer"]);
    expect(calls[0]!.body).toMatchObject({ type: "nuban", account_number: "0123456789", bank_code: "058", name: "Ada Okafor" });
    expect(calls[1]!.body).toMatchObject({ amount: 450_000, recipient: "RCP_test1", reference: payoutId });
    expect(await statusOf(payoutId)).toMatchObject({ status: "requested", provider: "paystack" });
    expect((await send(ctx, payoutId)).statusCode).toBe(409);
    expect(calls).toHaveLength(2);
  });

  it("leaves the payout due when Paystack refuses, and is refused without a Paystack key", async () => {
    const { payoutId } = await duePayout();
    transferHttp.client = fakePaystack("Insufficient balance");
    const res = await send(ctx, payoutId);
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe("Paystack refused the transfer: Insufficient balance");
    expect(await statusOf(payoutId)).toMatchObject({ status: "requested", provider: "manual" });
    const admin2 = await createUserWithToken(manual.db, { accType: "admin" });
    const none = await send(manual, "00000000-0000-4000-8000-000000000000", admin2.token);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toMatch(/not configured/);
  });
});

describe("transfer webhooks", () => {
  it("refuses a forged or missing signature with 401 and changes nothing", async () => {
    const { payoutId } = await duePayout();
    transferHttp.client = fakePaystack();
    await send(ctx, payoutId);
    const body = event("transfer.success", payoutId, 9001);
    expect((await hook(body, sign(body, "sk_test_someone_else"))).statusCode).toBe(401);
    expect((await hook(body)).statusCode).toBe(401);
    const tampered = event("transfer.success", payoutId, 9001, 4_500_000);
    expect((await hook(tampered, sign(body))).statusCode).toBe(401);
    expect((await statusOf(payoutId)).status).toBe("requested");
    expect(await journalsOf(payoutId)).toEqual([`payout:${payoutId}`]);
  });

  it("settles a payout on transfer.success once, however often it is delivered", async () => {
    const { seller, payoutId } = await duePayout();
    transferHttp.client = fakePaystack();
    await send(ctx, payoutId);
    const body = event("transfer.success", payoutId, 9002);
    const answers = await Promise.all(Array.from({ length: 5 }, () => hook(body, sign(body))));
    expect(answers.map((a) => a.json().outcome).sort()).toEqual(["duplicate", "duplicate", "duplicate", "duplicate", "paid"]);
    expect(await statusOf(payoutId)).toMatchObject({ status: "paid", reference: "TRF_x" });
    expect(await journalsOf(payoutId)).toEqual([`payout-paid:${payoutId}`, `payout:${payoutId}`]);
    expect((await earnings(ctx, seller.token)).data).toMatchObject({ available: 0, in_transit: 0, paid_out: 4500 });
  });

  it("refuses out-of-order events: a failure after a success is recorded, not applied; a reversal returns the money", async () => {
    const { seller, payoutId } = await duePayout();
    transferHttp.client = fakePaystack();
    await send(ctx, payoutId);
    const ok = event("transfer.success", payoutId, 9003);
    await hook(ok, sign(ok));
    const late = event("transfer.failed", payoutId, 9003);
    const refused = await hook(late, sign(late));
    expect(refused.json().outcome).toBe("out_of_order");
    expect((await statusOf(payoutId)).status).toBe("paid");
    const back = event("transfer.reversed", payoutId, 9003);
    expect((await hook(back, sign(back))).json().outcome).toBe("reversed");
    expect((await earnings(ctx, seller.token)).data).toMatchObject({ available: 4500, paid_out: 0 });
    // A success delivered again after the reversal changes nothing.
    expect((await hook(ok, sign(ok))).json().outcome).toBe("duplicate");
    expect((await statusOf(payoutId)).status).toBe("reversed");
  });

  it("a failed transfer returns the money to available; wrong amounts and manual payouts are not settled", async () => {
    const { seller, payoutId } = await duePayout();
    const other = await duePayout();
    transferHttp.client = fakePaystack();
    await send(ctx, payoutId);
    const wrong = event("transfer.success", payoutId, 9004, 1);
    expect((await hook(wrong, sign(wrong))).json().outcome).toBe("amount_mismatch");
    const notSent = event("transfer.success", other.payoutId, 9005);
    expect((await hook(notSent, sign(notSent))).json().outcome).toBe("unknown_payout");
    expect((await statusOf(other.payoutId)).status).toBe("requested");
    const failed = event("transfer.failed", payoutId, 9006);
    expect((await hook(failed, sign(failed))).json().outcome).toBe("failed");
    expect(await statusOf(payoutId)).toMatchObject({ status: "failed", failureReason: "Bank said no" });
    expect((await earnings(ctx, seller.token)).data).toMatchObject({ available: 4500, in_transit: 0 });
  });
});
