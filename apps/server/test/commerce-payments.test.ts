/**
 * Payment providers and the /api/v1 wallet plugin (ADR 0031, 0033). No network is reachable here, so the
 * Paystack adapters run against a fake HTTP client that records the calls and answers with canned
 * Paystack-shaped bodies; webhooks are signed by the test with the configured secret.
 */
import { createHmac } from "node:crypto";
import { SHIPPING_FEE_NAIRA } from "@market/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartLines, orders, paymentEvents, transactions } from "../src/db/schema/index.js";
import { createCategory, createProduct, createUserWithToken } from "../src/db/seed/factories.js";
import { createCheckoutSession } from "../src/modules/commerce/checkout.service.js";
import { type HttpClient, handlePaystackEvent, verifyPaystackSignature } from "../src/modules/commerce/payments/paystack.js";
import { createPaymentProvider, ManualTransferProvider, PaystackProvider } from "../src/modules/commerce/payments/provider.js";
import { protectionSettings } from "../src/modules/commerce/protection.service.js";
import { NIGERIAN_BANKS } from "../src/modules/wallet/banks.js";
import { type LookupHttpClient, PaystackNameLookup } from "../src/modules/wallet/name-lookup.js";
import { checkoutBody } from "./fixtures.js";
import { createTestContext, errorBody, type TestContext } from "./helpers.js";

const SECRET = "sk_test_fake_secret_for_signatures";
const sign = (body: string, secret = SECRET) => createHmac("sha512", secret).update(body).digest("hex");

/** A fake HTTP client: answers from `reply`, records every call. */
function fakeHttp(reply: (url: string, body: unknown) => { status: number; body: unknown }) {
  const calls: { url: string; headers: Record<string, string>; body: unknown }[] = [];
  const http: HttpClient = async (url, init) => {
    const body = init.body ? JSON.parse(init.body) : undefined;
    calls.push({ url, headers: init.headers, body });
    const r = reply(url, body);
    return { status: r.status, json: async () => r.body };
  };
  return { http, calls };
}

let ctx: TestContext; // manual provider, no Paystack
let pay: TestContext; // PAYSTACK_SECRET_KEY set

beforeAll(async () => {
  [ctx, pay] = await Promise.all([createTestContext(), createTestContext({ PAYSTACK_SECRET_KEY: SECRET })]);
});
afterAll(async () => {
  await Promise.all([ctx.close(), pay.close()]);
});

describe("provider choice", () => {
  it("is manual transfer by default and Paystack when the secret key is set", () => {
    expect(createPaymentProvider(ctx.config)).toBeInstanceOf(ManualTransferProvider);
    expect(createPaymentProvider(pay.config)).toBeInstanceOf(PaystackProvider);
  });
});

describe("Paystack webhook signature", () => {
  const body = JSON.stringify({ event: "charge.success", data: { id: 1, reference: "x" } });
  it("accepts the HMAC-SHA512 of the raw body and nothing else", () => {
    expect(verifyPaystackSignature(body, sign(body), SECRET)).toBe(true);
    expect(verifyPaystackSignature(`${body} `, sign(body), SECRET)).toBe(false);
    expect(verifyPaystackSignature(body, sign(body, "sk_other"), SECRET)).toBe(false);
    expect(verifyPaystackSignature(body, undefined, SECRET)).toBe(false);
    expect(verifyPaystackSignature(body, "abc", SECRET)).toBe(false);
    expect(verifyPaystackSignature(body, sign(body).toUpperCase(), SECRET)).toBe(true);
  });
});

describe("Paystack transfer charge (fake HTTP client)", () => {
  it("sends the order as a Pay-with-Transfer charge and answers Paystack's account", async () => {
    const { http, calls } = fakeHttp(() => ({
      status: 200,
      body: {
        status: true,
        message: "Charge attempted",
        data: {
          status: "pending_bank_transfer",
          reference: "ord-1",
          account_name: "PAYSTACK CHECKOUT",
          account_number: "1231084927",
          bank: { name: "Test Bank" },
        },
      },
    }));
    const provider = new PaystackProvider(SECRET, http);
    const expiresAt = new Date("2030-01-01T10:15:00Z");
    const account = await provider.openTransfer({ id: "ord-1", totalKobo: 870000, buyerEmail: "a@b.ng", expiresAt });
    expect(account).toEqual({
      client_account_no: "1231084927",
      client_bank: "Test Bank",
      client_account_name: "PAYSTACK CHECKOUT",
      provider: "paystack",
      reference: "ord-1",
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe("https://api.paystack.co/charge");
    expect(calls[0]!.headers.authorization).toBe(`Bearer ${SECRET}`);
    expect(calls[0]!.body).toEqual({
      email: "a@b.ng",
      amount: "870000",
      reference: "ord-1",
      bank_transfer: { account_expires_at: expiresAt.toISOString() },
    });
  });

  it("answers 503 on a Paystack failure or an unreachable network, never made-up details", async () => {
    const failing = new PaystackProvider(SECRET, fakeHttp(() => ({ status: 400, body: { status: false, message: "Invalid key" } })).http);
    await expect(failing.openTransfer({ id: "o", totalKobo: 1, buyerEmail: "a@b.ng", expiresAt: new Date() })).rejects.toMatchObject({
      statusCode: 503,
    });
    const offline = new PaystackProvider(SECRET, async () => {
      throw new TypeError("fetch failed");
    });
    await expect(offline.openTransfer({ id: "o", totalKobo: 1, buyerEmail: "a@b.ng", expiresAt: new Date() })).rejects.toMatchObject({
      statusCode: 503,
    });
  });

  it("a failed provider call cancels the order at once and gives the stock back", async () => {
    const cat = await createCategory(pay.db);
    const seller = await createUserWithToken(pay.db, { accType: "business", status: "approved" });
    const p = await createProduct(pay.db, { userId: seller.user.id, categoryId: cat.id, price: 1000, countInStock: 3 });
    const s = await createUserWithToken(pay.db);
    await pay.request({ method: "POST", url: "/api/cart", token: s.token, payload: { product_id: p.id, count: 2 } });
    const broken = new PaystackProvider(SECRET, fakeHttp(() => ({ status: 500, body: {} })).http);
    // 2 x 1,000 and shipping.
    await expect(createCheckoutSession(pay.db, broken, { id: s.user.id }, checkoutBody(2000 + SHIPPING_FEE_NAIRA))).rejects.toMatchObject({
      statusCode: 503,
    });
    const [o] = await pay.db.select().from(orders).where(eq(orders.buyerId, s.user.id));
    expect(o!.status).toBe("cancelled");
    const stock = await pay.db.execute<{ n: number }>(`select count_in_stock as n from products where id = '${p.id}'`);
    expect(stock.rows[0]!.n).toBe(3);
  });
});

describe("Paystack webhook (route and idempotency)", () => {
  async function awaitingOrder() {
    const cat = await createCategory(pay.db);
    const seller = await createUserWithToken(pay.db, { accType: "business", status: "approved" });
    const p = await createProduct(pay.db, { userId: seller.user.id, categoryId: cat.id, price: 2500, countInStock: 5 });
    const s = await createUserWithToken(pay.db);
    await pay.request({ method: "POST", url: "/api/cart", token: s.token, payload: { product_id: p.id, count: 2 } });
    const { http } = fakeHttp(() => ({
      status: 200,
      body: {
        status: true,
        data: { reference: "r", account_name: "PAYSTACK CHECKOUT", account_number: "9990001112", bank: { name: "Wema Bank" } },
      },
    }));
    // 2 x 2,500 and shipping.
    const form = await createCheckoutSession(
      pay.db,
      new PaystackProvider(SECRET, http),
      { id: s.user.id },
      checkoutBody(5000 + SHIPPING_FEE_NAIRA),
    );
    return { s, form };
  }
  const post = (body: string, signature?: string) =>
    pay.request({
      method: "POST",
      url: "/api/payments/paystack/webhook",
      headers: { "content-type": "application/json", ...(signature ? { "x-paystack-signature": signature } : {}) },
      payload: body,
    });

  it("is not mounted without a Paystack key", async () => {
    const body = "{}";
    expect(
      (
        await ctx.request({
          method: "POST",
          url: "/api/payments/paystack/webhook",
          headers: { "content-type": "application/json", "x-paystack-signature": sign(body) },
          payload: body,
        })
      ).statusCode,
    ).toBe(404);
  });

  it("refuses a missing or wrong signature with 401 and changes nothing", async () => {
    const { form } = await awaitingOrder();
    const body = JSON.stringify({
      event: "charge.success",
      data: { id: 77, reference: form.order_id, amount: 700000, currency: "NGN", status: "success" },
    });
    expect((await post(body)).statusCode).toBe(401);
    expect((await post(body, sign(body, "sk_wrong"))).statusCode).toBe(401);
    const [o] = await pay.db.select().from(orders).where(eq(orders.id, form.order_id));
    expect(o!.status).toBe("awaiting_payment");
  });

  it("marks the order paid once; a redelivered event is a no-op", async () => {
    const { s, form } = await awaitingOrder();
    expect(form).toMatchObject({ client_account_no: "9990001112", client_bank: "Wema Bank", provider: "paystack" });
    const body = JSON.stringify({
      event: "charge.success",
      data: {
        id: 4242,
        reference: form.order_id,
        amount: 700000,
        currency: "NGN",
        status: "success",
        authorization: { sender_bank_account_number: "0123456789" },
      },
    });
    const first = await post(body, sign(body));
    expect(first.json()).toEqual({ statusCode: 200, outcome: "paid" });
    const again = await post(body, sign(body));
    expect(again.json()).toEqual({ statusCode: 200, outcome: "duplicate" });
    const [o] = await pay.db.select().from(orders).where(eq(orders.id, form.order_id));
    expect(o!.status).toBe("paid");
    const ts = await pay.db.select().from(transactions).where(eq(transactions.orderId, form.order_id));
    expect(ts).toHaveLength(1);
    expect(ts[0]).toMatchObject({
      status: "confirmed",
      provider: "paystack",
      providerRef: "4242",
      clientAccountNo: "9990001112",
      amountKobo: 700000,
    });
    expect(await pay.db.select().from(cartLines).where(eq(cartLines.userId, s.user.id))).toEqual([]);
    // the shopper's late "I have made payment" answers the same record
    const put = await pay.request({ method: "PUT", url: "/api/transactions", token: s.token, payload: form });
    expect(put.json().data.transaction_id).toBe(ts[0]!.id);
  });

  it("does not pay an order when the amount differs, and records the event once", async () => {
    const { form } = await awaitingOrder();
    const event = {
      event: "charge.success",
      data: { id: 5151, reference: form.order_id, amount: 100, currency: "NGN", status: "success" },
    };
    expect(await handlePaystackEvent(pay.db, event, protectionSettings(pay.config))).toBe("amount_mismatch");
    expect(await handlePaystackEvent(pay.db, event, protectionSettings(pay.config))).toBe("duplicate");
    const [o] = await pay.db.select().from(orders).where(eq(orders.id, form.order_id));
    expect(o!.status).toBe("awaiting_payment");
    expect(await pay.db.select().from(paymentEvents).where(eq(paymentEvents.id, "paystack:charge.success:5151"))).toHaveLength(1);
  });

  it("ignores other events and unknown references", async () => {
    expect(await handlePaystackEvent(pay.db, { event: "transfer.success", data: { id: 1 } }, protectionSettings(pay.config))).toBe(
      "ignored",
    );
    expect(
      await handlePaystackEvent(
        pay.db,
        { event: "charge.success", data: { id: 2, reference: "not-ours", status: "success", amount: 1 } },
        protectionSettings(pay.config),
      ),
    ).toBe("unknown_order");
  });
});

describe("/api/v1 wallet", () => {
  it("GET /banks lists the Nigerian banks with unique codes, sorted by name", async () => {
    const res = await ctx.request({ method: "GET", url: "/api/v1/banks" });
    expect(res.statusCode).toBe(200);
    const banks: { bank_name: string; bank_code: string }[] = res.json().data;
    expect(banks.length).toBe(NIGERIAN_BANKS.length);
    expect(banks.length).toBeGreaterThan(100);
    expect(new Set(banks.map((b) => b.bank_code)).size).toBe(banks.length);
    expect(new Set(banks.map((b) => b.bank_name)).size).toBe(banks.length);
    const names = banks.map((b) => b.bank_name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
    const code = (name: string) => banks.find((b) => b.bank_name === name)?.bank_code;
    expect(code("Access Bank")).toBe("044");
    expect(code("Guaranty Trust Bank (GTBank)")).toBe("058");
    expect(code("Zenith Bank")).toBe("057");
    expect(code("United Bank for Africa (UBA)")).toBe("033");
    expect(code("First Bank of Nigeria")).toBe("011");
    expect(code("Kuda Microfinance Bank")).toBe("50211");
    expect(code("OPay Digital Services (OPay)")).toBe("999992");
    expect(code("PalmPay")).toBe("999991");
    expect(code("Moniepoint Microfinance Bank")).toBe("50515");
    expect(code("VFD Microfinance Bank")).toBe("566");
  });

  it("the name finder answers 503 'unavailable' without a provider, never a name", async () => {
    const res = await ctx.request({
      method: "POST",
      url: "/api/v1/client_bank_account_namefinder",
      payload: { bank_id: "058", account_no: "0123456789" },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual(errorBody(503, "Account name lookup is unavailable right now. Please try again later."));
  });

  it("validates the bank and the 10-digit account number", async () => {
    const bad = await ctx.request({
      method: "POST",
      url: "/api/v1/client_bank_account_namefinder",
      payload: { bank_id: "058", account_no: "12345" },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty("account_no");
    const unknown = await ctx.request({
      method: "POST",
      url: "/api/v1/client_bank_account_namefinder",
      payload: { bank_id: "999", account_no: "0123456789" },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toHaveProperty("bank_id");
  });

  it("is rate-limited per client (429 after 10 lookups a minute)", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await ctx.request({
        method: "POST",
        url: "/api/v1/client_bank_account_namefinder",
        remoteAddress: "10.9.8.7",
        payload: { bank_id: "044", account_no: "0123456789" },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 503)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it("the Paystack lookup asks /bank/resolve and answers the bank's name (fake HTTP client)", async () => {
    const calls: string[] = [];
    const http: LookupHttpClient = async (url) => {
      calls.push(url);
      if (url.includes("account_number=0000000000"))
        return { status: 422, json: async () => ({ status: false, message: "Could not resolve account name" }) };
      return {
        status: 200,
        json: async () => ({ status: true, data: { account_number: "0123456789", account_name: "ADAEZE OKAFOR", bank_id: 9 } }),
      };
    };
    const lookup = new PaystackNameLookup(SECRET, http);
    expect(await lookup.resolve("058", "0123456789")).toBe("ADAEZE OKAFOR");
    expect(calls[0]).toBe("https://api.paystack.co/bank/resolve?account_number=0123456789&bank_code=058");
    await expect(lookup.resolve("058", "0000000000")).rejects.toMatchObject({ statusCode: 400 });
    const down = new PaystackNameLookup(SECRET, async () => ({ status: 500, json: async () => ({}) }));
    await expect(down.resolve("058", "0123456789")).rejects.toMatchObject({ statusCode: 503 });
  });
});
