/**
 * A seller's details after sign-up (ADR 0184): the seller changes their categories (1 to 3) and
 * business details; an admin changes a seller's categories and sees the business details in the
 * sellers list. Bad input answers 400 and changes nothing; other accounts are refused.
 */
import { randomUUID } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifications, sellerBusinesses, userCategories } from "../src/db/schema/index.js";
import { createCategory, createUserWithToken } from "../src/db/seed/factories.js";
import { createTestContext, type TestContext } from "./helpers.js";

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof createUserWithToken>>;
let customer: Awaited<ReturnType<typeof createUserWithToken>>;
let cats: string[] = [];
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createUserWithToken(ctx.db, { accType: "admin" });
  customer = await createUserWithToken(ctx.db);
  cats = [];
  for (const [i, type] of (["market-place", "services", "services", "market-place"] as const).entries())
    cats.push((await createCategory(ctx.db, { type, name: `Seller cat ${i}` })).id);
});
afterAll(() => ctx.close());

/** A new pending seller in the first category. */
async function newSeller() {
  const s = await createUserWithToken(ctx.db, { accType: "business", status: "pending" });
  await ctx.db.insert(userCategories).values({ userId: s.user.id, categoryId: cats[0]!, position: 1 });
  return s;
}
const categoriesOf = async (userId: string) =>
  (await ctx.db.select().from(userCategories).where(eq(userCategories.userId, userId)).orderBy(asc(userCategories.position))).map(
    (r) => r.categoryId,
  );
const put = (url: string, token: string | undefined, payload: unknown) =>
  ctx.request({ method: "PUT", url, token, payload: payload as Record<string, unknown> });

const BUSINESS = {
  business_name: "Amaka Tailoring Ltd",
  cac_number: "rc 123456",
  address: "12 Aminu Kano Crescent, Wuse 2",
  state: "FCT",
  city: "Abuja",
};

describe("PUT /api/me/categories", () => {
  it("replaces the seller's categories in the given order and answers the fresh /api/me", async () => {
    const s = await newSeller();
    const res = await put("/api/me/categories", s.token, { category_ids: [cats[2], cats[0], cats[1]] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: "Categories saved", data: { category_ids: [cats[2], cats[0], cats[1]] } });
    expect(await categoriesOf(s.user.id)).toEqual([cats[2], cats[0], cats[1]]);
    // The seller's service categories (what the service form offers) follow at once.
    const offered = await ctx.request({ method: "GET", url: `/api/category?user_id=${s.user.id}&type=services`, token: s.token });
    expect(
      offered
        .json()
        .data.map((c: { _id: string }) => c._id)
        .sort(),
    ).toEqual([cats[1], cats[2]].sort());
  });

  it("refuses more than 3, none, twice the same, an unknown category or a malformed id with 400, and changes nothing", async () => {
    const s = await newSeller();
    for (const category_ids of [[cats[0], cats[1], cats[2], cats[3]], [], [cats[1], cats[1]], [cats[1], randomUUID()], ["not-an-id"]]) {
      const res = await put("/api/me/categories", s.token, { category_ids });
      expect(res.statusCode, JSON.stringify(category_ids)).toBe(400);
      expect(Object.keys(res.json().errors ?? {}).join(), JSON.stringify(category_ids)).toMatch(/^category_ids/);
    }
    expect((await put("/api/me/categories", s.token, {})).statusCode).toBe(400);
    expect(await categoriesOf(s.user.id)).toEqual([cats[0]]);
  });

  it("is for sellers: 401 signed out, 403 for a customer and an admin", async () => {
    expect((await put("/api/me/categories", undefined, { category_ids: [cats[0]] })).statusCode).toBe(401);
    expect((await put("/api/me/categories", customer.token, { category_ids: [cats[0]] })).statusCode).toBe(403);
    expect((await put("/api/me/categories", admin.token, { category_ids: [cats[0]] })).statusCode).toBe(403);
    expect(await categoriesOf(customer.user.id)).toEqual([]);
  });
});

describe("PUT /api/me/business", () => {
  it("stores the business details (CAC number normalised) and shows them in /api/me and the admin's sellers list", async () => {
    const s = await newSeller();
    const res = await put("/api/me/business", s.token, BUSINESS);
    expect(res.statusCode).toBe(200);
    const business = {
      business_name: "Amaka Tailoring Ltd",
      cac_number: "RC123456",
      address: BUSINESS.address,
      state: "FCT",
      city: "Abuja",
    };
    expect(res.json().data.business).toMatchObject(business);
    const me = await ctx.request({ method: "GET", url: "/api/me", token: s.token });
    expect(me.json().data.business).toMatchObject(business);
    // Changed again, without a CAC number: one row, updated.
    const again = await put("/api/me/business", s.token, { ...BUSINESS, cac_number: "", city: "Gwarinpa" });
    expect(again.json().data.business).toMatchObject({ cac_number: null, city: "Gwarinpa" });
    expect(await ctx.db.select().from(sellerBusinesses).where(eq(sellerBusinesses.userId, s.user.id))).toHaveLength(1);
    const sellers = await ctx.request({
      method: "GET",
      url: `/api/admin/users?account_type=business&q=${s.user.username}`,
      token: admin.token,
    });
    expect(sellers.json().data[0].business).toMatchObject({ business_name: "Amaka Tailoring Ltd", state: "FCT", city: "Gwarinpa" });
  });

  it("answers 400 with field messages for a bad CAC number, an unknown state, a missing name or address, and changes nothing", async () => {
    const s = await newSeller();
    await put("/api/me/business", s.token, BUSINESS);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...BUSINESS, cac_number: "123456" }, "cac_number"],
      [{ ...BUSINESS, cac_number: "XX123" }, "cac_number"],
      [{ ...BUSINESS, state: "Abuja" }, "state"],
      [{ ...BUSINESS, business_name: " " }, "business_name"],
      [{ ...BUSINESS, address: undefined }, "address"],
      [{ ...BUSINESS, city: "x".repeat(61) }, "city"],
    ];
    for (const [payload, field] of cases) {
      const res = await put("/api/me/business", s.token, payload);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().errors, field).toHaveProperty(field);
    }
    const [row] = await ctx.db.select().from(sellerBusinesses).where(eq(sellerBusinesses.userId, s.user.id));
    expect(row).toMatchObject({ businessName: "Amaka Tailoring Ltd", cacNumber: "RC123456", state: "FCT", city: "Abuja" });
  });

  it("is for sellers: 401 signed out, 403 for a customer and an admin", async () => {
    expect((await put("/api/me/business", undefined, BUSINESS)).statusCode).toBe(401);
    expect((await put("/api/me/business", customer.token, BUSINESS)).statusCode).toBe(403);
    expect((await put("/api/me/business", admin.token, BUSINESS)).statusCode).toBe(403);
    expect(await ctx.db.select().from(sellerBusinesses).where(eq(sellerBusinesses.userId, customer.user.id))).toHaveLength(0);
  });
});

describe("PUT /api/admin/users/{id}/categories", () => {
  it("sets a seller's categories and answers the seller's row", async () => {
    const s = await newSeller();
    const res = await put(`/api/admin/users/${s.user.id}/categories`, admin.token, { category_ids: [cats[1], cats[3]] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ _id: s.user.id, category_ids: [cats[1], cats[3]] });
    expect(await categoriesOf(s.user.id)).toEqual([cats[1], cats[3]]);
  });

  it("answers 400 for over 3 or an unknown category, 404 for an unknown account, 409 for a customer, and changes nothing", async () => {
    const s = await newSeller();
    expect((await put(`/api/admin/users/${s.user.id}/categories`, admin.token, { category_ids: cats })).statusCode).toBe(400);
    const unknown = await put(`/api/admin/users/${s.user.id}/categories`, admin.token, { category_ids: [randomUUID()] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ category_ids: "One of the chosen categories does not exist" });
    expect((await put(`/api/admin/users/${randomUUID()}/categories`, admin.token, { category_ids: [cats[1]] })).statusCode).toBe(404);
    expect((await put(`/api/admin/users/${customer.user.id}/categories`, admin.token, { category_ids: [cats[1]] })).statusCode).toBe(409);
    expect(await categoriesOf(s.user.id)).toEqual([cats[0]]);
    expect(await categoriesOf(customer.user.id)).toEqual([]);
  });

  it("is for admins: a seller (even for their own account) and a customer get 403", async () => {
    const s = await newSeller();
    expect((await put(`/api/admin/users/${s.user.id}/categories`, s.token, { category_ids: [cats[1]] })).statusCode).toBe(403);
    expect((await put(`/api/admin/users/${s.user.id}/categories`, customer.token, { category_ids: [cats[1]] })).statusCode).toBe(403);
    expect(await categoriesOf(s.user.id)).toEqual([cats[0]]);
  });
});

describe("POST /api/admin/users/{id}/decline", () => {
  const decline = (id: string, token: string | undefined, payload: unknown) =>
    ctx.request({ method: "POST", url: `/api/admin/users/${id}/decline`, token, payload: payload as Record<string, unknown> });
  const told = async (userId: string) =>
    (await ctx.db.select().from(notifications).where(eq(notifications.userId, userId))).filter((n) => n.kind === "seller_review");

  it("keeps the seller pending and tells them the reason, as text", async () => {
    const s = await newSeller();
    const reason = "Your CAC number <b>RC1</b> does not match the business name";
    const res = await decline(s.user.id, admin.token, { reason });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ _id: s.user.id, status: "pending" });
    const [note, ...more] = await told(s.user.id);
    expect(more).toEqual([]);
    expect(note!.text).toBe(`Your seller account was not approved: ${reason}`);
  });

  it("answers 400 without a reason, 404 for an unknown account, 409 for a customer or an approved seller, and tells nobody", async () => {
    const s = await newSeller();
    expect((await decline(s.user.id, admin.token, { reason: "" })).statusCode).toBe(400);
    expect((await decline(s.user.id, admin.token, {})).statusCode).toBe(400);
    expect((await decline(randomUUID(), admin.token, { reason: "Missing details" })).statusCode).toBe(404);
    expect((await decline(customer.user.id, admin.token, { reason: "Missing details" })).statusCode).toBe(409);
    const approved = await createUserWithToken(ctx.db, { accType: "business", status: "approved" });
    expect((await decline(approved.user.id, admin.token, { reason: "Missing details" })).statusCode).toBe(409);
    expect(await told(s.user.id)).toEqual([]);
    expect(await told(approved.user.id)).toEqual([]);
  });

  it("is for admins: 401 signed out, 403 for a seller and a customer", async () => {
    const s = await newSeller();
    expect((await decline(s.user.id, undefined, { reason: "Missing details" })).statusCode).toBe(401);
    expect((await decline(s.user.id, s.token, { reason: "Missing details" })).statusCode).toBe(403);
    expect((await decline(s.user.id, customer.token, { reason: "Missing details" })).statusCode).toBe(403);
    expect(await told(s.user.id)).toEqual([]);
  });
});
