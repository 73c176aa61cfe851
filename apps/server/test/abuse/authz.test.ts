/**
 * Who may call what (the abuse suite, ADR 0054): every admin route refuses customers and sellers with
 * 403 (and anonymous callers with 401), every route that takes an id refuses the wrong seller or
 * customer with 403 or 404 and leaves the row as it was, and fields a caller may not set (account
 * type, status, verified flags, owner, stock through the cart, the price through the checkout) are
 * refused or ignored.
 */
import { SHIPPING_FEE_NAIRA } from "@market/contract";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderLines, orders, posts, products, transactions, users } from "../../src/db/schema/index.js";
import { createAddress, createCategory, createPost, createProduct, createUserWithToken } from "../../src/db/seed/factories.js";
import { checkoutBody } from "../fixtures.js";
import { createTestContext, type TestContext } from "../helpers.js";
import { changedTables, expectErrorShape, fingerprint, listRoutes, type RouteInfo, wellTypedBody, wellTypedValue } from "./kit.js";

let ctx: TestContext;
let routes: RouteInfo[];
type Caller = Awaited<ReturnType<typeof createUserWithToken>>;
let customerA: Caller;
let customerB: Caller;
let sellerA: Caller;
let sellerB: Caller;
let admin: Caller;
let productA: { id: string };
let postA: { id: string };
let orderA: string;
let lineA: string;
let transactionA: string;
let cartLineA: string;

const req = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, token?: string, payload?: object) =>
  ctx.request({ method, url, token, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  ctx = await createTestContext();
  routes = await listRoutes(ctx);
  customerA = await createUserWithToken(ctx.db, { accType: "customer" });
  customerB = await createUserWithToken(ctx.db, { accType: "customer" });
  sellerA = await createUserWithToken(ctx.db, { accType: "business", status: "approved" });
  sellerB = await createUserWithToken(ctx.db, { accType: "business", status: "approved" });
  admin = await createUserWithToken(ctx.db, { accType: "admin" });
  const market = await createCategory(ctx.db, { type: "market-place" });
  const services = await createCategory(ctx.db, { type: "services" });
  productA = await createProduct(ctx.db, {
    userId: sellerA.user.id,
    categoryId: market.id,
    price: 10_000,
    countInStock: 5,
    name: "Seller A kettle",
  });
  postA = await createPost(ctx.db, { userId: sellerA.user.id, categoryId: services.id, body: "Seller A tailoring" });
  await createAddress(ctx.db, { userId: customerA.user.id, isDefault: true });

  // Customer A: a cart line, an order paid by transfer and confirmed by the admin (so seller A has a line).
  const added = await req("POST", "/api/cart", customerA.token, { product_id: productA.id, count: 1 });
  expect(added.statusCode, added.body).toBe(200);
  cartLineA = added.json().data._id;
  const session = await req("POST", "/api/transactions/createSession", customerA.token, checkoutBody(10_000 + SHIPPING_FEE_NAIRA));
  expect(session.statusCode, session.body).toBe(200);
  orderA = session.json().data.Form.order_id;
  const paid = await req("PUT", "/api/transactions", customerA.token, { order_id: orderA, account_no: "0123456789" });
  expect(paid.statusCode, paid.body).toBe(200);
  transactionA = paid.json().data.transaction_id;
  const confirmed = await req("PUT", "/api/admin/transactions", admin.token, { transaction_id: transactionA, action: "confirm" });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const [line] = await ctx.db.select({ id: orderLines.id }).from(orderLines).where(eq(orderLines.orderId, orderA));
  lineA = line!.id;
  // The cart line was emptied by the payment: put one back for the cart tests.
  const again = await req("POST", "/api/cart", customerA.token, { product_id: productA.id, count: 1 });
  cartLineA = again.json().data._id;
});
afterAll(() => ctx?.close());

/** Admin-only routes: everything under /api/admin, and the category writes. */
function adminRoutes(): RouteInfo[] {
  return routes.filter((r) => r.path.startsWith("/api/admin") || (r.path === "/api/category" && r.method !== "GET"));
}

describe("admin routes", () => {
  it("are listed in the OpenAPI document", () => {
    const list = adminRoutes().map((r) => `${r.method} ${r.path}`);
    expect(list).toEqual(
      expect.arrayContaining([
        "GET /api/admin/users",
        "PUT /api/admin/users",
        "POST /api/admin/user",
        "GET /api/admin/transactions",
        "PUT /api/admin/transactions",
      ]),
    );
  });

  it("answer 403 to customers and sellers and 401 to anonymous callers, changing nothing", async () => {
    const before = await fingerprint(ctx.db);
    const ids = [customerA.user.id, sellerA.user.id, productA.id, orderA, transactionA];
    for (const route of adminRoutes()) {
      const params = route.params.filter((p) => p.in === "query");
      // Well-typed input (schema validation runs before the role check, so bad input would answer 400).
      const samples = fc.sample(
        fc.record({
          body: route.body ? wellTypedBody(route.body, ids) : fc.constant(undefined),
          query: fc.record(Object.fromEntries(params.map((p) => [p.name, wellTypedValue(p.schema, ids)])), {
            requiredKeys: params.filter((p) => p.required).map((p) => p.name),
          }),
        }),
        { numRuns: 15, seed: 7 },
      );
      let forbiddenSeen = 0;
      for (const { body, query } of samples) {
        const url = `${route.path}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)] as [string, string])).toString()}`;
        for (const [who, token, expected] of [
          ["customer", customerB.token, 403],
          ["seller", sellerB.token, 403],
          ["anonymous", undefined, 401],
        ] as const) {
          const res = await ctx.request({ method: route.method, url, token, ...(body ? { payload: body } : {}) });
          const what = `${route.method} ${url} as ${who} ${JSON.stringify(body ?? null).slice(0, 200)}: ${res.body.slice(0, 200)}`;
          // 400 only when the generated sample itself is invalid; never a success, never another error.
          expect([expected, 400], what).toContain(res.statusCode);
          expectErrorShape(res, what);
          if (res.statusCode === expected) forbiddenSeen++;
        }
      }
      expect(forbiddenSeen, `${route.method} ${route.path}: no sample got past validation`).toBeGreaterThan(0);
    }
    expect(changedTables(before, await fingerprint(ctx.db))).toEqual([]);
  });
});

describe("another seller's or customer's objects", () => {
  async function expectRefusedAndUnchanged(
    label: string,
    call: () => Promise<{ statusCode: number; body: string; json: () => unknown; headers: Record<string, unknown> }>,
    rows: () => Promise<unknown>,
  ) {
    const before = JSON.stringify(await rows());
    const tablesBefore = await fingerprint(ctx.db);
    const res = await call();
    expect([403, 404], `${label}: ${res.statusCode} ${res.body.slice(0, 200)}`).toContain(res.statusCode);
    expectErrorShape(res as never, label);
    expect(JSON.stringify(await rows()), label).toBe(before);
    expect(changedTables(tablesBefore, await fingerprint(ctx.db)), label).toEqual([]);
  }
  const productRow = () => ctx.db.select().from(products).where(eq(products.id, productA.id));
  const postRow = () => ctx.db.select().from(posts).where(eq(posts.id, postA.id));

  it("products: edit and delete by another seller or a customer", async () => {
    for (const who of [sellerB, customerB]) {
      await expectRefusedAndUnchanged(
        "PUT /api/product",
        () => req("PUT", "/api/product", who.token, { _id: productA.id, name: "Hacked kettle", price: 1, count_in_stock: 0 }),
        productRow,
      );
      await expectRefusedAndUnchanged("DELETE /api/product", () => req("DELETE", `/api/product?id=${productA.id}`, who.token), productRow);
    }
  });

  it("services: edit and delete by another seller or a customer", async () => {
    for (const who of [sellerB, customerB]) {
      await expectRefusedAndUnchanged(
        "PUT /api/posts",
        () => req("PUT", "/api/posts", who.token, { _id: postA.id, body: "Hacked service" }),
        postRow,
      );
      await expectRefusedAndUnchanged("DELETE /api/posts", () => req("DELETE", `/api/posts?id=${postA.id}`, who.token), postRow);
    }
  });

  it("cart lines: another customer cannot remove them", async () => {
    await expectRefusedAndUnchanged(
      "DELETE /api/cart",
      () => req("DELETE", `/api/cart?cart_id=${cartLineA}`, customerB.token),
      () => req("GET", "/api/cart", customerA.token).then((r) => r.json().data),
    );
  });

  it("orders: another customer cannot submit, cancel or read them", async () => {
    const orderRow = () => ctx.db.select().from(orders).where(eq(orders.id, orderA));
    await expectRefusedAndUnchanged(
      "PUT /api/transactions",
      () => req("PUT", "/api/transactions", customerB.token, { order_id: orderA, account_no: "0123456789" }),
      orderRow,
    );
    await expectRefusedAndUnchanged(
      "DELETE /api/transactions",
      () => req("DELETE", `/api/transactions?order_id=${orderA}`, customerB.token),
      orderRow,
    );
    const mine = await req("GET", "/api/orders", customerB.token);
    expect(mine.statusCode).toBe(200);
    expect(JSON.stringify(mine.json())).not.toContain(orderA);
  });

  it("order lines: only the line's seller moves them on", async () => {
    const lineRow = () => ctx.db.select().from(orderLines).where(eq(orderLines.id, lineA));
    for (const who of [sellerB, customerA, customerB]) {
      await expectRefusedAndUnchanged(
        "PUT /api/orders/lines",
        () => req("PUT", "/api/orders/lines", who.token, { line_id: lineA, fulfilment: "shipped" }),
        lineRow,
      );
    }
    const others = await req("GET", "/api/orders/lines", sellerB.token);
    expect(JSON.stringify(others.json())).not.toContain(lineA);
    // The right seller can (the refusals above were about ownership, not a broken route).
    const ok = await req("PUT", "/api/orders/lines", sellerA.token, { line_id: lineA, fulfilment: "shipped" });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it("a seller's own list shows only their own items", async () => {
    const res = await req("GET", "/api/product?mine=true", sellerB.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().products.every((p: { user_id: string }) => p.user_id === sellerB.user.id)).toBe(true);
  });

  it("an unlisted product is not shown to anyone but its owner", async () => {
    const pending = await createUserWithToken(ctx.db, { accType: "business", status: "pending" });
    const market = await createCategory(ctx.db, { type: "market-place" });
    const hidden = await createProduct(ctx.db, { userId: pending.user.id, categoryId: market.id });
    for (const token of [sellerB.token, customerB.token, undefined]) {
      const res = await req("GET", `/api/product?id=${hidden.id}`, token);
      expect(res.statusCode).toBe(404);
    }
    expect((await req("GET", `/api/product?id=${hidden.id}`, pending.token)).statusCode).toBe(200);
  });
});

describe("fields a caller may not set", () => {
  const userRow = (id: string) =>
    ctx.db
      .select({
        accType: users.accType,
        status: users.status,
        active: users.active,
        blueTick: users.blueTick,
        emailVerified: users.emailVerified,
        phoneVerified: users.phoneVerified,
        email: users.email,
        phone: users.phone,
      })
      .from(users)
      .where(eq(users.id, id));

  it("PUT /api/me ignores or refuses account type, status, verified flags, e-mail and phone", async () => {
    const pending = await createUserWithToken(ctx.db, {
      accType: "business",
      status: "pending",
      emailVerified: false,
      phoneVerified: false,
    });
    for (const who of [customerB, pending]) {
      const before = await userRow(who.user.id);
      const res = await req("PUT", "/api/me", who.token, {
        accType: "admin",
        acc_type: "admin",
        status: "approved",
        active: true,
        blue_tick: true,
        verified: { blue_tick: true, email: true, phone: true },
        email_verified: true,
        phone_verified: true,
        email: "owned@example.ng",
        phone: "+2348099999999",
        names: "Still Me",
      });
      expect(res.statusCode, res.body).toBeLessThan(500);
      if (res.statusCode >= 400) expectErrorShape(res, "PUT /api/me");
      expect(await userRow(who.user.id)).toEqual(before);
    }
  });

  it("sign-up cannot create an admin or an approved seller", async () => {
    for (const accType of ["admin", "superuser"]) {
      const res = await ctx.request({
        method: "POST",
        url: "/api/signup",
        remoteAddress: `10.7.0.${accType.length}`,
        payload: {
          accType,
          names: "Mallory Admin",
          username: `mallory${accType}`,
          email: `mallory-${accType}@example.ng`,
          phone: "+2348031110000",
          password: "Password1!",
          confirm_password: "Password1!",
          status: "approved",
          blue_tick: true,
        },
      });
      expect(res.statusCode, res.body).toBeLessThan(500);
      const [created] = await ctx.db
        .select()
        .from(users)
        .where(eq(users.email, `mallory-${accType}@example.ng`));
      if (created) {
        expect(created.accType).not.toBe("admin");
        expect(created.blueTick).toBe(false);
      } else expectErrorShape(res, "POST /api/signup");
    }
  });

  it("a product's owner is the caller, whatever user_id says", async () => {
    const market = await createCategory(ctx.db, { type: "market-place" });
    const res = await req("POST", "/api/product", sellerB.token, {
      name: "Owner test blender",
      category_id: market.id,
      price: 5000,
      count_in_stock: 3,
      description: "",
      user_id: sellerA.user.id,
      listed: true,
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    const id = res.json().data._id;
    const [row] = await ctx.db.select().from(products).where(eq(products.id, id));
    expect(row!.userId).toBe(sellerB.user.id);
    const moved = await req("PUT", "/api/product", sellerB.token, { _id: id, user_id: sellerA.user.id });
    expect(moved.statusCode).toBeLessThan(500);
    const [after] = await ctx.db.select().from(products).where(eq(products.id, id));
    expect(after!.userId).toBe(sellerB.user.id);
  });

  it("the cart never changes stock or price, and clamps the quantity to the stock", async () => {
    const [before] = await ctx.db.select().from(products).where(eq(products.id, productA.id));
    const res = await req("POST", "/api/cart", customerB.token, {
      product_id: productA.id,
      count: 99,
      count_in_stock: 0,
      price: 1,
      price_kobo: 1,
      user_id: customerA.user.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.count).toBe(before!.countInStock);
    const [after] = await ctx.db.select().from(products).where(eq(products.id, productA.id));
    expect(after).toEqual(before);
    const cartA = await req("GET", "/api/cart", customerA.token);
    expect(cartA.json().data).toHaveLength(1);
  });

  it("the checkout refuses a total lower than the server's own", async () => {
    await createAddress(ctx.db, { userId: customerB.user.id, isDefault: true });
    const ordersBefore = await ctx.db.select().from(orders).where(eq(orders.buyerId, customerB.user.id));
    const res = await req("POST", "/api/transactions/createSession", customerB.token, {
      first_name: "Ada",
      last_name: "Obi",
      address1: "1 Broad Street",
      city: "Lagos Island",
      state: "Lagos",
      country: "Nigeria",
      phone: "+2348031234567",
      account_no: "0123456789",
      amount: 1,
      subtotal: 1,
      shippingFees: 0,
    });
    expect(res.statusCode).toBe(409);
    expectErrorShape(res, "createSession with a low amount");
    expect(await ctx.db.select().from(orders).where(eq(orders.buyerId, customerB.user.id))).toEqual(ordersBefore);
  });

  it("a transfer record cannot be confirmed by its own buyer", async () => {
    const res = await req("PUT", "/api/admin/transactions", customerA.token, { transaction_id: transactionA, action: "confirm" });
    expect(res.statusCode).toBe(403);
    const [tx] = await ctx.db.select().from(transactions).where(eq(transactions.id, transactionA));
    expect(tx!.status).toBe("confirmed");
  });
});
