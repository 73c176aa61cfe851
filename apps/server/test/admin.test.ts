/**
 * Back office API: GET/PUT /api/admin/users, POST /api/admin/user (spec §4, §6, §7). Real
 * PostgreSQL, real app; each test makes the rows it needs with the seed factories.
 */
import { TEXT } from "@market/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { posts, products, sessions, userCategories, users } from "../src/db/schema/index.js";
import {
  createAddress,
  createCategory,
  createFollow,
  createPost,
  createProduct,
  createUser,
  createUserWithToken,
} from "../src/db/seed/factories.js";
import { verifyPassword } from "../src/modules/auth/passwords.js";
import { createTestContext, type TestContext } from "./helpers.js";

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof createUserWithToken>>;
let seller: Awaited<ReturnType<typeof createUserWithToken>>;
let customer: Awaited<ReturnType<typeof createUserWithToken>>;
let marketCat: Awaited<ReturnType<typeof createCategory>>;
let serviceCat: Awaited<ReturnType<typeof createCategory>>;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createUserWithToken(ctx.db, { accType: "admin", names: "Admin One" });
  seller = await createUserWithToken(ctx.db, { accType: "business", names: "Seller One" });
  customer = await createUserWithToken(ctx.db, { accType: "customer", names: "Customer One" });
  marketCat = await createCategory(ctx.db, { type: "market-place" });
  serviceCat = await createCategory(ctx.db, { type: "services" });
});
afterAll(() => ctx.close());

const put = (token: string, payload: Record<string, unknown>) => ctx.request({ method: "PUT", url: "/api/admin/users", token, payload });

describe("GET /api/admin/users", () => {
  it("lists sellers with the table fields, including the follower count", async () => {
    const s = await createUser(ctx.db, { accType: "business", status: "pending", names: "Pending Seller", blueTick: false });
    const fans = [await createUser(ctx.db), await createUser(ctx.db)];
    for (const f of fans) await createFollow(ctx.db, { followerId: f.id, sellerId: s.id });
    const res = await ctx.request({ method: "GET", url: "/api/admin/users?account_type=business&limit=60", token: admin.token });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.statusCode).toBe(200);
    expect(body.data.every((u: { accType: string }) => u.accType === "business")).toBe(true);
    const row = body.data.find((u: { _id: string }) => u._id === s.id);
    expect(row).toEqual({
      _id: s.id,
      names: "Pending Seller",
      username: s.username,
      email: s.email,
      phone: s.phone,
      profile: null,
      accType: "business",
      status: "pending",
      active: true,
      verified: { blue_tick: false, email: true, phone: true },
      followers: 2,
      bank_code: null,
      bank_name: null,
      account_no: null,
      account_name: null,
      bank_account_verified: false,
      whatsapp: null,
      desc: "",
      category_ids: [],
      business: null,
      addresses: [],
      createdAt: s.createdAt.toISOString(),
    });
    expect(body.total).toBe(body.data.length);
    expect(body).not.toHaveProperty("data.0.passwordHash");
  });

  it("carries the rest of spec §3 'User': whatsapp, desc, category_ids (in the seller's order) and addresses", async () => {
    const s = await createUser(ctx.db, {
      accType: "business",
      names: "Full Seller",
      whatsapp: "+2348031234567",
      desc: "Original phones from Computer Village",
      categoryIds: [serviceCat.id, marketCat.id],
    });
    await createAddress(ctx.db, { userId: s.id, firstName: "Ada", city: "Ikeja", isDefault: true });
    await createAddress(ctx.db, { userId: s.id, firstName: "Ada", city: "Lekki" });
    const res = await ctx.request({ method: "GET", url: `/api/admin/users?account_type=business&q=${s.username}`, token: admin.token });
    const row = res.json().data.find((u: { _id: string }) => u._id === s.id);
    expect(row).toMatchObject({
      whatsapp: "+2348031234567",
      desc: "Original phones from Computer Village",
      category_ids: [serviceCat.id, marketCat.id],
      account_no: null,
      bank_code: null,
      account_name: null,
    });
    expect(row.addresses.map((a: { address_id: number; city: string; default: boolean }) => [a.address_id, a.city, a.default])).toEqual([
      [0, "Ikeja", true],
      [1, "Lekki", false],
    ]);
    // The action answer carries the same row.
    const blocked = await put(admin.token, { account_id: s.id, req_type: "blue_tick_verify" });
    expect(blocked.json().data).toMatchObject({
      category_ids: [serviceCat.id, marketCat.id],
      desc: "Original phones from Computer Village",
    });
    expect(blocked.json().data.addresses).toHaveLength(2);
  });

  it("lists customers only for account_type=customer", async () => {
    const res = await ctx.request({ method: "GET", url: "/api/admin/users?account_type=customer", token: admin.token });
    const ids = res.json().data.map((u: { _id: string }) => u._id);
    expect(ids).toContain(customer.user.id);
    expect(ids).not.toContain(seller.user.id);
    expect(ids).not.toContain(admin.user.id);
  });

  it("pages with a keyset cursor: pages do not overlap and cover every row, newest first", async () => {
    // Several users inserted in the same millisecond must still page correctly (microsecond cursor).
    await ctx.db.insert(users).values(
      Array.from({ length: 5 }, (_, i) => ({
        names: `Same Time ${i}`,
        username: `same_time_${i}`,
        email: `same${i}@example.ng`,
        phone: `+2348120000${String(i).padStart(3, "0")}`,
        passwordHash: "x",
        createdAt: new Date("2026-01-01T10:00:00.000Z"),
      })),
    );
    const all = (await ctx.request({ method: "GET", url: "/api/admin/users?account_type=customer&limit=60", token: admin.token })).json();
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/admin/users?account_type=customer&limit=2${cursor ? `&cursor=${cursor}` : ""}`;
      const page = (await ctx.request({ method: "GET", url, token: admin.token })).json();
      expect(page.data.length).toBeLessThanOrEqual(2);
      expect(page.total).toBe(all.total);
      seen.push(...page.data.map((u: { _id: string }) => u._id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all.data.map((u: { _id: string }) => u._id));
    expect(new Set(seen).size).toBe(seen.length);
    const times = all.data.map((u: { createdAt: string }) => Date.parse(u.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it("searches names, username, email and phone (LIKE wildcards are literal)", async () => {
    const u = await createUser(ctx.db, { names: "Zainab Wildcard_Test" });
    const res = await ctx.request({ method: "GET", url: "/api/admin/users?account_type=customer&q=wildcard_test", token: admin.token });
    expect(res.json().data.map((r: { _id: string }) => r._id)).toEqual([u.id]);
    const none = await ctx.request({ method: "GET", url: "/api/admin/users?account_type=customer&q=%25%25%25", token: admin.token });
    expect(none.json().data).toEqual([]);
  });

  it("answers 400 for a bad account_type or cursor", async () => {
    const bad = await ctx.request({ method: "GET", url: "/api/admin/users?account_type=admin", token: admin.token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty("account_type");
    const missing = await ctx.request({ method: "GET", url: "/api/admin/users", token: admin.token });
    expect(missing.statusCode).toBe(400);
    const cursor = await ctx.request({ method: "GET", url: "/api/admin/users?account_type=customer&cursor=nonsense", token: admin.token });
    expect(cursor.statusCode).toBe(400);
  });

  it("is for admins only: 401 signed out, 403 for a seller and a customer", async () => {
    const url = "/api/admin/users?account_type=customer";
    expect((await ctx.request({ method: "GET", url })).statusCode).toBe(401);
    expect((await ctx.request({ method: "GET", url, token: seller.token })).statusCode).toBe(403);
    expect((await ctx.request({ method: "GET", url, token: customer.token })).statusCode).toBe(403);
  });
});

describe("PUT /api/admin/users (admin action helper)", () => {
  it("approves a pending seller and makes their listings public in the same step", async () => {
    const s = await createUser(ctx.db, { accType: "business", status: "pending" });
    const p = await createProduct(ctx.db, { userId: s.id, categoryId: marketCat.id });
    const post = await createPost(ctx.db, { userId: s.id, categoryId: serviceCat.id });
    expect(p.listed).toBe(false);
    const res = await put(admin.token, { account_id: s.id, req_type: "status_approved" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ statusCode: 200, message: TEXT.success.updated, data: { _id: s.id, status: "approved" } });
    const [prod] = await ctx.db.select().from(products).where(eq(products.id, p.id));
    const [pst] = await ctx.db.select().from(posts).where(eq(posts.id, post.id));
    expect(prod!.listed).toBe(true);
    expect(pst!.listed).toBe(true);
    // Other statuses are not approvable again (spec §4: only pending shows Approve).
    const again = await put(admin.token, { account_id: s.id, req_type: "status_approved" });
    expect(again.statusCode).toBe(409);
  });

  it("approves only sellers", async () => {
    const c = await createUser(ctx.db, { accType: "customer" });
    const res = await put(admin.token, { account_id: c.id, req_type: "status_approved" });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/seller/i);
  });

  it("block ends the account's sessions and hides its listings; unblock restores them", async () => {
    const s = await createUserWithToken(ctx.db, { accType: "business" });
    const p = await createProduct(ctx.db, { userId: s.user.id, categoryId: marketCat.id });
    expect(p.listed).toBe(true);
    const res = await put(admin.token, { account_id: s.user.id, req_type: "block" });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.active).toBe(false);
    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, s.user.id))).toHaveLength(0);
    expect((await ctx.request({ method: "GET", url: "/api/dashboard", token: s.token })).statusCode).toBe(401);
    expect((await ctx.db.select().from(products).where(eq(products.id, p.id)))[0]!.listed).toBe(false);

    const un = await put(admin.token, { account_id: s.user.id, req_type: "unblock" });
    expect(un.json()).toMatchObject({ message: TEXT.success.updated, data: { active: true } });
    expect((await ctx.db.select().from(products).where(eq(products.id, p.id)))[0]!.listed).toBe(true);
    // The old token stays revoked: the user signs in again.
    expect((await ctx.request({ method: "GET", url: "/api/dashboard", token: s.token })).statusCode).toBe(401);
  });

  it("toggles the blue tick", async () => {
    const s = await createUser(ctx.db, { accType: "business" });
    const on = await put(admin.token, { account_id: s.id, req_type: "blue_tick_verify" });
    expect(on.json().data.verified.blue_tick).toBe(true);
    const off = await put(admin.token, { account_id: s.id, req_type: "blue_tick_remove" });
    expect(off.json().data.verified.blue_tick).toBe(false);
  });

  it("an admin cannot block themselves", async () => {
    const res = await put(admin.token, { account_id: admin.user.id, req_type: "block" });
    expect(res.statusCode).toBe(400);
    const [me] = await ctx.db.select().from(users).where(eq(users.id, admin.user.id));
    expect(me!.active).toBe(true);
  });

  it("answers 404 for an unknown account and 400 for bad input", async () => {
    const missing = await put(admin.token, { account_id: "00000000-0000-4000-8000-000000000000", req_type: "block" });
    expect(missing.statusCode).toBe(404);
    const badType = await put(admin.token, { account_id: customer.user.id, req_type: "delete" });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().errors).toHaveProperty("req_type");
    const badId = await put(admin.token, { account_id: "42", req_type: "block" });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().errors).toHaveProperty("account_id");
  });

  it("is for admins only: a seller cannot block a rival, a customer cannot approve anyone", async () => {
    const rival = await createUser(ctx.db, { accType: "business", status: "pending" });
    expect((await put(seller.token, { account_id: rival.id, req_type: "block" })).statusCode).toBe(403);
    expect((await put(seller.token, { account_id: seller.user.id, req_type: "blue_tick_verify" })).statusCode).toBe(403);
    expect((await put(customer.token, { account_id: rival.id, req_type: "status_approved" })).statusCode).toBe(403);
    expect(
      (await ctx.request({ method: "PUT", url: "/api/admin/users", payload: { account_id: rival.id, req_type: "block" } })).statusCode,
    ).toBe(401);
    const [r] = await ctx.db.select().from(users).where(eq(users.id, rival.id));
    expect(r).toMatchObject({ active: true, status: "pending", blueTick: false });
  });
});

describe("POST /api/admin/user", () => {
  const valid = () => ({
    names: "Amaka Eze",
    username: `amaka_${Math.random().toString(36).slice(2, 8)}`,
    email: `amaka.${Math.random().toString(36).slice(2, 8)}@example.ng`,
    phone: `0803${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`,
    password: "Secret#2026",
  });

  it("creates a customer with a hashed password and an E.164 phone", async () => {
    const body = { ...valid(), email: "  Amaka.NEW@Example.ng " };
    const res = await ctx.request({ method: "POST", url: "/api/admin/user/", token: admin.token, payload: body });
    expect(res.statusCode).toBe(201);
    const json = res.json();
    expect(json).toMatchObject({
      statusCode: 201,
      message: TEXT.success.userCreated,
      data: { accType: "customer", email: "amaka.new@example.ng" },
    });
    const [row] = await ctx.db.select().from(users).where(eq(users.id, json.data._id));
    expect(row!.phone).toBe(`+234${body.phone.slice(1)}`);
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(row!.passwordHash, "Secret#2026")).toBe(true);
  });

  it("creates an approved seller with categories, or a pending one on request", async () => {
    const res = await ctx.request({
      method: "POST",
      url: "/api/admin/user",
      token: admin.token,
      payload: { ...valid(), accType: "business", category_ids: [marketCat.id, serviceCat.id], desc: "Shoes" },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ accType: "business", status: "approved" });
    const cats = await ctx.db.select().from(userCategories).where(eq(userCategories.userId, res.json().data._id));
    expect(cats.map((c) => c.categoryId).sort()).toEqual([marketCat.id, serviceCat.id].sort());
    const pending = await ctx.request({
      method: "POST",
      url: "/api/admin/user",
      token: admin.token,
      payload: { ...valid(), accType: "business", status: "pending", category_ids: [marketCat.id] },
    });
    expect(pending.json().data.status).toBe("pending");
  });

  it("answers field messages for taken email, username and phone", async () => {
    const first = valid();
    expect((await ctx.request({ method: "POST", url: "/api/admin/user", token: admin.token, payload: first })).statusCode).toBe(201);
    const dup = await ctx.request({
      method: "POST",
      url: "/api/admin/user",
      token: admin.token,
      payload: { ...first, username: first.username.toUpperCase(), phone: `+234${first.phone.slice(1)}` },
    });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().errors).toEqual({
      email: "Email is already registered",
      username: "Username is already taken",
      phone: "Phone number is already registered",
    });
  });

  it("answers field messages for bad input", async () => {
    const res = await ctx.request({
      method: "POST",
      url: "/api/admin/user",
      token: admin.token,
      payload: { names: "A", username: "a b", email: "nope", phone: "12", password: "x" },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(["email", "names", "password", "phone", "username"]);
    const phone = await ctx.request({
      method: "POST",
      url: "/api/admin/user",
      token: admin.token,
      payload: { ...valid(), phone: "0000000000" },
    });
    expect(phone.statusCode).toBe(400);
    expect(phone.json().errors).toEqual({ phone: "Enter a valid phone number" });
    // Sign-up's rule: a valid number of another country is refused too (signing in by phone reads Nigerian numbers).
    const foreign = await ctx.request({
      method: "POST",
      url: "/api/admin/user",
      token: admin.token,
      payload: { ...valid(), phone: "+233 24 123 4567" },
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toEqual({ phone: "Enter a valid phone number" });
    const noCats = await ctx.request({
      method: "POST",
      url: "/api/admin/user",
      token: admin.token,
      payload: { ...valid(), accType: "business" },
    });
    expect(noCats.json().errors).toHaveProperty("category_ids");
    const unknownCat = await ctx.request({
      method: "POST",
      url: "/api/admin/user",
      token: admin.token,
      payload: { ...valid(), accType: "business", category_ids: ["00000000-0000-4000-8000-000000000000"] },
    });
    expect(unknownCat.json().errors).toEqual({ category_ids: "Unknown category" });
    const extra = await ctx.request({ method: "POST", url: "/api/admin/user", token: admin.token, payload: { ...valid(), active: false } });
    expect(extra.statusCode).toBe(400);
  });

  it("is for admins only", async () => {
    for (const token of [seller.token, customer.token]) {
      const res = await ctx.request({ method: "POST", url: "/api/admin/user", token, payload: { ...valid(), accType: "admin" } });
      expect(res.statusCode).toBe(403);
    }
    expect((await ctx.request({ method: "POST", url: "/api/admin/user", payload: valid() })).statusCode).toBe(401);
  });
});
