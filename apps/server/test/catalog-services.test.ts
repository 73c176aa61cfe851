/** /api/posts (services), reviews and star reactions, follows, followers and category writes. */
import { LIST_REVIEWS_MAX } from "@market/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCategory, createFollow, createPost, createUserWithToken } from "../src/db/seed/factories.js";
import { createTestContext, type TestContext } from "./helpers.js";

let ctx: TestContext;
type Post = { _id: string; stars: number; reactions: number[]; reviews_count: number; category_id: string; category_name: string };

let salons: { id: string };
let events: { id: string };
let phones: { id: string };
let seller: Awaited<ReturnType<typeof createUserWithToken>>;
let other: Awaited<ReturnType<typeof createUserWithToken>>;
let customer: Awaited<ReturnType<typeof createUserWithToken>>;
let customer2: Awaited<ReturnType<typeof createUserWithToken>>;
let admin: Awaited<ReturnType<typeof createUserWithToken>>;

beforeAll(async () => {
  ctx = await createTestContext();
  salons = await createCategory(ctx.db, { name: "Salons", type: "services" });
  events = await createCategory(ctx.db, { name: "Events", type: "services" });
  phones = await createCategory(ctx.db, { name: "Phones", type: "market-place" });
  seller = await createUserWithToken(ctx.db, {
    accType: "business",
    status: "approved",
    categoryIds: [salons.id, phones.id],
    whatsapp: "+2348031110001",
    desc: "Braids and makeup",
    blueTick: true,
  });
  other = await createUserWithToken(ctx.db, { accType: "business", status: "approved", categoryIds: [events.id] });
  customer = await createUserWithToken(ctx.db);
  customer2 = await createUserWithToken(ctx.db);
  admin = await createUserWithToken(ctx.db, { accType: "admin" });
});
afterAll(() => ctx.close());

const get = async (url: string, token?: string) => {
  const res = await ctx.request({ method: "GET", url, token });
  return { status: res.statusCode, body: res.json() };
};
const send = async (method: "POST" | "PUT" | "DELETE", url: string, payload: unknown, token?: string) => {
  const res = await ctx.request({ method, url, payload: payload as object, token });
  return { status: res.statusCode, body: res.json() };
};

describe("/api/posts writes", () => {
  it("creates a service in one of the seller's own service categories", async () => {
    const r = await send("POST", "/api/posts", { category_id: salons.id, body: "Knotless braids at home in Lekki." }, seller.token);
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      message: "Service Successfully Created",
      data: { category_id: salons.id, category_name: "Salons", stars: 0, reactions: [], reviews_count: 0, listed: true },
    });
  });

  it("refuses another seller's category, a market-place category, customers and anonymous", async () => {
    const notMine = await send("POST", "/api/posts", { category_id: events.id, body: "Wedding planning all over Lagos." }, seller.token);
    expect(notMine.status).toBe(400);
    expect(notMine.body.errors.category_id).toBe("Choose one of your service categories");
    const market = await send("POST", "/api/posts", { category_id: phones.id, body: "Wedding planning all over Lagos." }, seller.token);
    expect(market.status).toBe(400);
    expect((await send("POST", "/api/posts", { category_id: salons.id, body: "Customer trying to post" }, customer.token)).status).toBe(
      403,
    );
    expect((await send("POST", "/api/posts", { category_id: salons.id, body: "Anonymous trying to post" })).status).toBe(401);
    const short = await send("POST", "/api/posts", { category_id: salons.id, body: "short" }, seller.token);
    expect(short.status).toBe(400);
    expect(short.body.errors).toHaveProperty("body");
  });

  it("lets only the owner update and delete (404 for others, nothing changes)", async () => {
    const created = (await send("POST", "/api/posts", { category_id: salons.id, body: "Gele tying for weddings." }, seller.token)).body
      .data;
    const theirs = await send("PUT", "/api/posts", { _id: created._id, body: "Hijacked description here" }, other.token);
    expect(theirs.status).toBe(404);
    expect((await send("DELETE", `/api/posts?id=${created._id}`, undefined, other.token)).status).toBe(404);
    expect((await get(`/api/posts?id=${created._id}`)).body.products.body).toBe("Gele tying for weddings.");

    const upd = await send("PUT", "/api/posts", { id: created._id, body: "Gele tying and makeup for weddings." }, seller.token);
    expect(upd.status).toBe(200);
    expect(upd.body).toMatchObject({
      message: "Service Successfully Updated",
      data: { body: "Gele tying and makeup for weddings.", category_id: salons.id },
    });
    expect((await send("PUT", "/api/posts", { body: "No id given at all here" }, seller.token)).status).toBe(400);

    const del = await send("DELETE", `/api/posts?id=${created._id}`, undefined, seller.token);
    expect(del.body).toEqual({ statusCode: 200, message: "Deleted Successfully" });
    expect((await get(`/api/posts?id=${created._id}`)).status).toBe(404);
  });
});

describe("GET /api/posts", () => {
  it("lists services with stars, filters by category, sorts by rating and pages without duplicates", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 7; i++)
      ids.push((await createPost(ctx.db, { userId: other.user.id, categoryId: events.id, body: `Event package ${i}` })).id);
    // Rate some of them: post 3 gets 5 stars, post 5 gets 4 and 2 (avg 3).
    await send("POST", "/api/posts/reactions", { post_id: ids[3], stars: 5 }, customer.token);
    await send("POST", "/api/posts/reactions", { post_id: ids[5], stars: 4 }, customer.token);
    await send("POST", "/api/posts/reactions", { post_id: ids[5], stars: 2 }, customer2.token);

    const list = await get(`/api/posts?category_id=${events.id}&sort=rating&limit=3`);
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(7);
    expect(list.body.products.map((p: Post) => p._id).slice(0, 2)).toEqual([ids[3], ids[5]]);
    expect(list.body.products[1]).toMatchObject({ stars: 3, reactions: [2, 4] });
    const seen = new Set<string>();
    let cursor: string | null = null;
    do {
      const page: { products: Post[]; nextCursor: string | null } = (
        await get(`/api/posts?category_id=${events.id}&sort=rating&limit=3${cursor ? `&cursor=${cursor}` : ""}`)
      ).body;
      for (const p of page.products) seen.add(p._id);
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.size).toBe(7);
    expect((await get("/api/posts?sort=price_asc")).status).toBe(400);
    expect((await get("/api/posts?search=package%206")).body.total).toBe(1);
  });

  it("answers one service with its seller profile", async () => {
    const post = await createPost(ctx.db, { userId: seller.user.id, categoryId: salons.id });
    await createFollow(ctx.db, { followerId: customer.user.id, sellerId: seller.user.id });
    const anon = await get(`/api/posts?id=${post.id}`);
    expect(anon.status).toBe(200);
    expect(anon.body.user).toMatchObject({
      _id: seller.user.id,
      username: seller.user.username,
      desc: "Braids and makeup",
      whatsapp: "+2348031110001",
      verified: { blue_tick: true, email: true, phone: true },
      followers: [customer.user.id],
      followers_count: 1,
      following: false,
    });
    expect(anon.body.user.categories.map((c: { name: string }) => c.name)).toEqual(["Salons", "Phones"]);
    const asFollower = await get(`/api/posts?id=${post.id}`, customer.token);
    expect(asFollower.body.user.following).toBe(true);
    await send("DELETE", `/api/posts?id=${post.id}`, undefined, seller.token);
  });
});

describe("reviews and star reactions", () => {
  let postId: string;
  beforeAll(async () => {
    postId = (await createPost(ctx.db, { userId: seller.user.id, categoryId: salons.id, body: "Braids" })).id;
  });

  it("keeps one reaction per user and the average in step", async () => {
    let r = await send("POST", "/api/posts/reactions", { post_id: postId, stars: 4 }, customer.token);
    expect(r.body).toMatchObject({ statusCode: 200, stars: 4, reactions_count: 1 });
    r = await send("POST", "/api/posts/reactions", { post_id: postId, stars: 2 }, customer.token);
    expect(r.body).toMatchObject({ stars: 2, reactions_count: 1 });
    r = await send("POST", "/api/posts/reactions", { post_id: postId, stars: 5 }, customer2.token);
    expect(r.body).toMatchObject({ stars: 3.5, reactions_count: 2 });
    const detail = (await get(`/api/posts?id=${postId}`)).body.products;
    expect(detail.stars).toBe(3.5);
    expect(detail.reactions.sort()).toEqual([2, 5]);
    // What the stars count and what the Reviews tab counts, each said: 2 ratings, none written.
    expect(detail).toMatchObject({ reactions_count: 2, reviews_count: 0 });
    const listed = (await get(`/api/posts?category_id=${salons.id}&limit=50`)).body.products.find((p: Post) => p._id === postId);
    expect(listed).toMatchObject({ reactions_count: 2, reviews_count: 0 });
  });

  it("keeps the totals right under concurrent ratings", async () => {
    const p = (await createPost(ctx.db, { userId: seller.user.id, categoryId: salons.id })).id;
    const raters = await Promise.all(Array.from({ length: 8 }, () => createUserWithToken(ctx.db)));
    await Promise.all(raters.map((u, i) => send("POST", "/api/posts/reactions", { post_id: p, stars: (i % 5) + 1 }, u.token)));
    await Promise.all(raters.map((u) => send("POST", "/api/posts/reactions", { post_id: p, stars: 5 }, u.token)));
    const detail = (await get(`/api/posts?id=${p}`)).body.products;
    expect(detail.reactions).toHaveLength(8);
    expect(detail.stars).toBe(5);
  });

  it("saves a review (rating + comment), replaces it on a second one, and lists reviews", async () => {
    const r = await send("POST", "/api/posts/reviews", { post_id: postId, rating: 5, comment: "Neat braids, on time." }, customer.token);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      reviews_count: 1,
      stars: 5,
      review: { rating: 5, comment: "Neat braids, on time.", user: { _id: customer.user.id } },
    });
    const again = await send("POST", "/api/posts/reviews", { post_id: postId, rating: 4, comment: "Still good." }, customer.token);
    expect(again.body).toMatchObject({ reviews_count: 1, stars: 4.5 });
    await send("POST", "/api/posts/reviews", { post_id: postId, rating: 3, comment: "Okay." }, customer2.token);
    const list = await get(`/api/posts/reviews?post_id=${postId}&limit=1`);
    expect(list.body.total).toBe(2);
    expect(list.body.data).toHaveLength(1);
    const next = await get(`/api/posts/reviews?post_id=${postId}&limit=1&cursor=${list.body.nextCursor}`);
    expect(next.body.data).toHaveLength(1);
    expect(next.body.data[0]._id).not.toBe(list.body.data[0]._id);
    expect(next.body.nextCursor).toBeNull();
    const detail = (await get(`/api/posts?id=${postId}`)).body.products;
    expect(detail.reviews_count).toBe(2);
    // The service itself carries its reviews as a list (spec §3), newest first.
    expect(detail.reviews.map((r: { comment: string }) => r.comment)).toEqual(["Okay.", "Still good."]);
  });

  it("a services list carries each service's newest reviews (spec §3 'Service (post)': reviews), at most LIST_REVIEWS_MAX", async () => {
    const p = (await createPost(ctx.db, { userId: seller.user.id, categoryId: salons.id, body: "Gele tying" })).id;
    const raters = await Promise.all(Array.from({ length: LIST_REVIEWS_MAX + 1 }, () => createUserWithToken(ctx.db)));
    for (const [i, u] of raters.entries())
      await send("POST", "/api/posts/reviews", { post_id: p, rating: 4, comment: `Review ${i}` }, u.token);
    const list = await get(`/api/posts?user_id=${seller.user.id}&limit=60`);
    const items = list.body.products as Array<{
      _id: string;
      reviews: Array<{ comment: string; user: { _id: string } }>;
      reviews_count: number;
    }>;
    const item = items.find((x) => x._id === p)!;
    expect(item.reviews_count).toBe(LIST_REVIEWS_MAX + 1);
    expect(item.reviews.map((r) => r.comment)).toEqual(
      Array.from({ length: LIST_REVIEWS_MAX }, (_, i) => `Review ${LIST_REVIEWS_MAX - i}`),
    );
    expect(item.reviews[0]!.user._id).toBe(raters[LIST_REVIEWS_MAX]!.user.id);
    // A service nobody reviewed carries an empty list.
    expect(items.every((x) => Array.isArray(x.reviews))).toBe(true);
  });

  it("refuses bad ratings, missing comments, own services, unknown services and anonymous users", async () => {
    for (const rating of [0, 6, 2.5]) {
      const r = await send("POST", "/api/posts/reviews", { post_id: postId, rating, comment: "x y z" }, customer.token);
      expect(r.status).toBe(400);
      expect(r.body.errors).toHaveProperty("rating");
    }
    const noComment = await send("POST", "/api/posts/reviews", { post_id: postId, rating: 3, comment: " " }, customer.token);
    expect(noComment.body.errors).toHaveProperty("comment");
    expect((await send("POST", "/api/posts/reactions", { post_id: postId, stars: 5 }, seller.token)).status).toBe(403);
    expect(
      (
        await send(
          "POST",
          "/api/posts/reviews",
          { post_id: "00000000-0000-4000-8000-000000000000", rating: 3, comment: "hey" },
          customer.token,
        )
      ).status,
    ).toBe(404);
    expect((await send("POST", "/api/posts/reactions", { post_id: postId, stars: 5 })).status).toBe(401);
    expect((await get("/api/posts/reviews?post_id=00000000-0000-4000-8000-000000000000")).status).toBe(404);
  });
});

describe("GET /api/user/follow and /api/user/followers", () => {
  it("follows and unfollows, answering the follower list", async () => {
    let r = await get(`/api/user/follow?id=${other.user.id}&state=follow`, customer.token);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ followers: [customer.user.id], followers_count: 1, following: true });
    r = await get(`/api/user/follow?id=${other.user.id}&state=follow`, customer.token);
    expect(r.body.followers_count).toBe(1);
    r = await get(`/api/user/follow?id=${other.user.id}&state=follow`, customer2.token);
    expect(r.body.followers_count).toBe(2);
    expect(r.body.followers[0]).toBe(customer2.user.id);
    r = await get(`/api/user/follow?id=${other.user.id}&state=unfollow`, customer.token);
    expect(r.body).toMatchObject({ followers: [customer2.user.id], followers_count: 1, following: false });
  });

  it("refuses following yourself with the spec's text", async () => {
    const r = await get(`/api/user/follow?id=${seller.user.id}&state=follow`, seller.token);
    expect(r.status).toBe(400);
    expect(r.body.message).toBe("You are not allowed to follow yourself");
  });

  it("refuses anonymous users, unknown sellers, non-sellers and bad states", async () => {
    expect((await get(`/api/user/follow?id=${other.user.id}&state=follow`)).status).toBe(401);
    expect((await get("/api/user/follow?id=00000000-0000-4000-8000-000000000000&state=follow", customer.token)).status).toBe(404);
    expect((await get(`/api/user/follow?id=${customer2.user.id}&state=follow`, customer.token)).status).toBe(404);
    expect((await get(`/api/user/follow?id=${other.user.id}&state=like`, customer.token)).status).toBe(400);
  });

  it("lists the signed-in seller's followers with their details, paged", async () => {
    await get(`/api/user/follow?id=${other.user.id}&state=follow`, customer.token);
    const r = await get("/api/user/followers?limit=1", other.token);
    expect(r.status).toBe(200);
    expect(r.body.total).toBe(2);
    expect(r.body.data).toHaveLength(1);
    expect(Object.keys(r.body.data[0]).sort()).toEqual(["_id", "createdAt", "followedAt", "names", "profile", "username"]);
    expect(r.body.data[0]._id).toBe(customer.user.id);
    const page2 = await get("/api/user/followers?limit=1&page=2", other.token);
    expect(page2.body.data[0]._id).toBe(customer2.user.id);
    expect((await get("/api/user/followers")).status).toBe(401);
    expect((await get("/api/user/followers", customer.token)).body.total).toBe(0);
  });
});

describe("POST/PUT /api/category (admin)", () => {
  it("creates and updates categories with the spec's texts", async () => {
    const c = await send("POST", "/api/category", { name: "Plumbing", type: "services" }, admin.token);
    expect(c.status).toBe(201);
    expect(c.body).toMatchObject({
      message: "Category Successfully Created",
      data: { name: "Plumbing", type: "services", is_default: false },
    });
    const u = await send("PUT", "/api/category", { id: c.body.data._id, name: "Plumbing & Repairs", type: "services" }, admin.token);
    expect(u.body).toMatchObject({ statusCode: 200, message: "Category Successfully Updated", data: { name: "Plumbing & Repairs" } });
    const list = await get("/api/category?type=services");
    expect(list.body.data.map((x: { name: string }) => x.name)).toContain("Plumbing & Repairs");
  });

  it("refuses duplicate names (any case) with a clear message", async () => {
    const dup = await send("POST", "/api/category", { name: "salons", type: "services" }, admin.token);
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('A services category named "salons" already exists');
    expect(dup.body.errors).toHaveProperty("name");
    // The same name of the other type is a different category.
    expect((await send("POST", "/api/category", { name: "Salons", type: "market-place" }, admin.token)).status).toBe(201);
    const rename = await send("PUT", "/api/category", { id: events.id, name: "SALONS", type: "services" }, admin.token);
    expect(rename.status).toBe(409);
  });

  it("refuses non-admins, bad types, short names and unknown ids", async () => {
    expect((await send("POST", "/api/category", { name: "Cakes", type: "services" })).status).toBe(401);
    expect((await send("POST", "/api/category", { name: "Cakes", type: "services" }, seller.token)).status).toBe(403);
    expect((await send("PUT", "/api/category", { id: salons.id, name: "Cakes", type: "services" }, customer.token)).status).toBe(403);
    const badType = await send("POST", "/api/category", { name: "Cakes", type: "food" }, admin.token);
    expect(badType.status).toBe(400);
    expect(badType.body.errors.type).toBe("Type must be market-place or services");
    expect((await send("POST", "/api/category", { name: "C", type: "services" }, admin.token)).body.errors).toHaveProperty("name");
    expect(
      (await send("PUT", "/api/category", { id: "00000000-0000-4000-8000-000000000000", name: "Cakes", type: "services" }, admin.token))
        .status,
    ).toBe(404);
    expect((await send("PUT", "/api/category", { name: "Cakes", type: "services" }, admin.token)).status).toBe(400);
  });
});
