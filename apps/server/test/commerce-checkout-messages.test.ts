/**
 * Checkout form messages (audit of spec §8 "Checkout failure: an alert titled Oops with the server
 * message"): a field failure answers a shopper's sentence as `message` (not "account_no: ..."),
 * the per-field messages under `errors`, and a signed-out caller gets 401 before any field check.
 */
import { ACCOUNT_MESSAGES, SHIPPING_FEE_NAIRA } from "@market/contract";
import { desc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "../src/db/schema/index.js";
import { createCategory, createProduct, createUserWithToken } from "../src/db/seed/factories.js";
import { SHIPPING_ADDRESS } from "./fixtures.js";
import { createTestContext, type TestContext } from "./helpers.js";

let ctx: TestContext;
let token: string;

const form = {
  ...SHIPPING_ADDRESS,
  shippingFees: SHIPPING_FEE_NAIRA,
  payment_type: "bank_transfer",
  product_type: "market-place",
  account_no: "0123456789",
  amount: 2100,
};

beforeAll(async () => {
  ctx = await createTestContext();
  const categoryId = (await createCategory(ctx.db)).id;
  const seller = await createUserWithToken(ctx.db, { accType: "business", status: "approved" });
  const p = await createProduct(ctx.db, { userId: seller.user.id, categoryId, price: 100, countInStock: 5 });
  token = (await createUserWithToken(ctx.db)).token;
  expect((await ctx.request({ method: "POST", url: "/api/cart", token, payload: { product_id: p.id, count: 1 } })).statusCode).toBe(200);
});
afterAll(() => ctx.close());

const checkout = (payload: Record<string, unknown>, withToken = true) =>
  ctx.request({ method: "POST", url: "/api/transactions/createSession", token: withToken ? token : undefined, payload });

describe("POST /api/transactions/createSession field messages", () => {
  it("one bad field: its own message, without the field name in front", async () => {
    const res = await checkout({ ...form, account_no: "12" });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.errors).toHaveProperty("account_no");
    expect(body.message).toBe(body.errors.account_no);
    expect(body.message).not.toMatch(/^account_no:/);
  });

  it("several bad fields: 'Please correct the highlighted fields' and every field's message", async () => {
    const res = await checkout({ ...form, account_no: "", first_name: "" });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(ACCOUNT_MESSAGES.fixFields);
    expect(Object.keys(res.json().errors)).toEqual(expect.arrayContaining(["account_no", "first_name"]));
  });

  it("signed out: 401 even when the form is invalid", async () => {
    expect((await checkout({ ...form, account_no: "" }, false)).statusCode).toBe(401);
    expect((await checkout({}, false)).statusCode).toBe(401);
  });

  it("a valid form still opens the session, the address's phone kept in E.164 however it was typed", async () => {
    const res = await checkout({ ...form, phone: "0803 123 4567" });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.data).toBe("session");
    const [order] = await ctx.db.select({ address: orders.shippingAddress }).from(orders).orderBy(desc(orders.createdAt)).limit(1);
    expect(order!.address.phone).toBe("+2348031234567");
  });

  it("a phone that is no number is refused under its field", async () => {
    const res = await checkout({ ...form, phone: "0123456789" });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty("phone");
  });
});
