/**
 * Buying a variant (ADR 0215): POST /api/cart with `variant_id` (required when the product has
 * options), cart lines answer their variant at its price and stock, checkout reserves and a
 * cancellation gives back that variant's stock only, the buyer's and seller's order lines name the
 * variant, and the per-buyer daily limit counts the product's units whatever their variant.
 */
import { SHIPPING_FEE_NAIRA } from "@market/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productVariants } from "../src/db/schema/index.js";
import { createUserWithToken } from "../src/db/seed/factories.js";
import { decide } from "./finance-helpers.js";
import { checkoutBody } from "./fixtures.js";
import { createShopContext, type ShopContext } from "./helpers.js";

let ctx: ShopContext;
let admin: Awaited<ReturnType<typeof createUserWithToken>>;
type Variant = { _id: string; sku: string; options: Record<string, string>; price: number; count_in_stock: number };

beforeAll(async () => {
  ctx = await createShopContext({ MAX_UNITS_PER_PRODUCT_PER_DAY: "3" });
  admin = await createUserWithToken(ctx.db, { accType: "admin" });
});
afterAll(() => ctx.close());

/** A new dress of the shop's seller in 2 sizes x 2 colours, 5 of each, M dearer. */
async function dress(): Promise<{ _id: string; variants: Variant[] }> {
  const combos = [
    ["S", "Red"],
    ["S", "Blue"],
    ["M", "Red"],
    ["M", "Blue"],
  ] as const;
  const sku = `D${Math.random().toString(36).slice(2, 8)}`;
  const res = await ctx.request({
    method: "POST",
    url: "/api/product",
    token: ctx.shop.seller.token,
    payload: {
      name: "Ankara Wrap Dress",
      category_id: ctx.shop.categoryId,
      options: [
        { name: "Size", values: ["S", "M"] },
        { name: "Colour", values: ["Red", "Blue"] },
      ],
      variants: combos.map(([Size, Colour]) => ({
        sku: `${sku}-${Size}-${Colour}`,
        options: { Size, Colour },
        price: Size === "M" ? 16000 : 15000,
        count_in_stock: 5,
      })),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}
const blueM = (d: { variants: Variant[] }) => d.variants.find((v) => v.options.Size === "M" && v.options.Colour === "Blue")!;

/** The shopper checks out their cart for `amount` naira; the order must be placed. */
async function placeOrder(token: string, amount: number) {
  const session = await ctx.request({ method: "POST", url: "/api/transactions/createSession", token, payload: checkoutBody(amount) });
  expect(session.statusCode, session.body).toBe(200);
  return session.json().data.Form as { order_id: string };
}

const addLine = (token: string, payload: object) => ctx.request({ method: "POST", url: "/api/cart", token, payload });
const stockOf = async (id: string) =>
  (await ctx.db.select({ n: productVariants.countInStock }).from(productVariants).where(eq(productVariants.id, id)))[0]!.n;

describe("the cart", () => {
  it("needs a variant for a product with options and answers which options to choose", async () => {
    const d = await dress();
    const s = await createUserWithToken(ctx.db);
    const res = await addLine(s.token, { product_id: d._id, count: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.variant_id).toBe("Choose Size and Colour first");
  });

  it("refuses a variant of another product with 404", async () => {
    const [a, b] = [await dress(), await dress()];
    const s = await createUserWithToken(ctx.db);
    expect((await addLine(s.token, { product_id: a._id, variant_id: b.variants[0]!._id, count: 1 })).statusCode).toBe(404);
  });

  it("answers the variant, at its price, clamped to its stock, one line per variant", async () => {
    const d = await dress();
    const v = blueM(d);
    const s = await createUserWithToken(ctx.db);
    const res = await addLine(s.token, { product_id: d._id, variant_id: v._id, count: 9 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      count: 5,
      productId: { _id: d._id, name: "Ankara Wrap Dress, Size M, Blue", price: 16000, count_in_stock: 5 },
      variant: { _id: v._id, sku: v.sku, options: { Size: "M", Colour: "Blue" } },
    });
    expect(Object.keys(res.json().data.variant.options)).toEqual(["Size", "Colour"]);
    const red = d.variants.find((x) => x.options.Size === "S" && x.options.Colour === "Red")!;
    expect((await addLine(s.token, { product_id: d._id, variant_id: red._id, count: 1 })).statusCode).toBe(200);
    const cart = (await ctx.request({ method: "GET", url: "/api/cart", token: s.token })).json().data;
    expect(cart.map((l: { variant: Variant; productId: { price: number } }) => [l.variant.options, l.productId.price])).toEqual([
      [{ Size: "M", Colour: "Blue" }, 16000],
      [{ Size: "S", Colour: "Red" }, 15000],
    ]);
  });

  it("an out-of-stock variant is refused by name while its sibling still sells", async () => {
    const d = await dress();
    await ctx.db
      .update(productVariants)
      .set({ countInStock: 0 })
      .where(eq(productVariants.id, blueM(d)._id));
    const s = await createUserWithToken(ctx.db);
    const res = await addLine(s.token, { product_id: d._id, variant_id: blueM(d)._id, count: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("Ankara Wrap Dress, Size M, Blue is out of stock");
    expect((await addLine(s.token, { product_id: d._id, variant_id: d.variants[0]!._id, count: 1 })).statusCode).toBe(200);
  });
});

describe("checkout and the order lines", () => {
  it("reserves the chosen variant's stock, names it on the buyer's and seller's lines, and a cancel gives it back", async () => {
    const d = await dress();
    const v = blueM(d);
    const others = d.variants.filter((x) => x._id !== v._id);
    const s = await createUserWithToken(ctx.db);
    expect((await addLine(s.token, { product_id: d._id, variant_id: v._id, count: 2 })).statusCode).toBe(200);
    const form = await placeOrder(s.token, 2 * 16000 + SHIPPING_FEE_NAIRA);
    expect(await stockOf(v._id)).toBe(3);
    for (const o of others) expect(await stockOf(o._id)).toBe(5);

    const mine = (await ctx.request({ method: "GET", url: "/api/orders", token: s.token })).json().data;
    expect(mine[0].lines[0]).toMatchObject({
      name: "Ankara Wrap Dress, Size M, Blue",
      variant: { _id: v._id, sku: v.sku, options: { Size: "M", Colour: "Blue" } },
      unit_price: 16000,
      quantity: 2,
    });

    const paid = await ctx.request({ method: "PUT", url: "/api/transactions", token: s.token, payload: form });
    expect(paid.statusCode, paid.body).toBe(200);
    await decide(ctx, admin.token, paid.json().data.transaction_id, "confirm");
    const lines = (await ctx.request({ method: "GET", url: "/api/orders/lines", token: ctx.shop.seller.token })).json().data;
    expect(lines.find((l: { order_id: string }) => l.order_id === form.order_id)).toMatchObject({
      name: "Ankara Wrap Dress, Size M, Blue",
      variant: { _id: v._id, options: { Size: "M", Colour: "Blue" } },
    });
    const view = (await ctx.request({ method: "GET", url: `/api/orders/${form.order_id}`, token: s.token })).json().data;
    expect(view.lines[0]).toMatchObject({ name: "Ankara Wrap Dress, Size M, Blue", variant: { sku: v.sku } });
  });

  it("a cancelled order gives the units back to its own variant", async () => {
    const d = await dress();
    const v = blueM(d);
    const s = await createUserWithToken(ctx.db);
    expect((await addLine(s.token, { product_id: d._id, variant_id: v._id, count: 3 })).statusCode).toBe(200);
    const form = await placeOrder(s.token, 3 * 16000 + SHIPPING_FEE_NAIRA);
    expect(await stockOf(v._id)).toBe(2);
    const cancel = await ctx.request({
      method: "DELETE",
      url: `/api/transactions?order_id=${form.order_id}`,
      token: s.token,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await stockOf(v._id)).toBe(5);
    const total = await ctx.request({ method: "GET", url: `/api/product?id=${d._id}` });
    expect(total.json().products.count_in_stock).toBe(20);
  });

  it("the daily limit counts the product's units whatever their variant", async () => {
    const d = await dress();
    const s = await createUserWithToken(ctx.db);
    const [a, b] = d.variants;
    expect((await addLine(s.token, { product_id: d._id, variant_id: a!._id, count: 2 })).statusCode).toBe(200);
    expect((await addLine(s.token, { product_id: d._id, variant_id: b!._id, count: 2 })).statusCode).toBe(200);
    const res = await ctx.request({
      method: "POST",
      url: "/api/transactions/createSession",
      token: s.token,
      // Over the free-shipping threshold: the total is the goods alone.
      payload: checkoutBody(4 * 15000),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/at most 3 of Ankara Wrap Dress in 24 hours/);
    expect(await stockOf(a!._id)).toBe(5);
  });
});
