/**
 * The auth plugin's session cache (ADR 0070): a token's user is kept in memory for 5 s,
 * yet a logout, a block, or any account write through the API takes effect at once in this process.
 * A probe route answers `request.user` as the guards see it. Real PostgreSQL, real app.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { sessions, users } from "../src/db/schema/index.js";
import { createUserWithToken } from "../src/db/seed/factories.js";
import { createSession, revokeUserSessions, sha256 } from "../src/modules/auth/sessions.js";
import { requireUser } from "../src/plugins/auth.js";
import { createTestContext, type TestContext } from "./helpers.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, (app) => {
    app.get("/api/test/whoami", { preHandler: requireUser }, async (request) => ({ statusCode: 200, user: request.user }));
  });
});
afterAll(() => ctx.close());
afterEach(() => {
  vi.useRealTimers();
});

const whoami = (token: string) => ctx.request({ method: "GET", url: "/api/test/whoami", token });
const rename = (id: string, names: string) => ctx.db.update(users).set({ names }).where(eq(users.id, id));

describe("session cache", () => {
  it("serves a token's user from memory for 5 s, then reads it again", async () => {
    const u = await createUserWithToken(ctx.db, { names: "Ada Obi" });
    expect((await whoami(u.token)).json().user.names).toBe("Ada Obi");
    // A change made straight in the database (no API write) is not seen while cached...
    await rename(u.user.id, "Ada Eze");
    expect((await whoami(u.token)).json().user.names).toBe("Ada Obi");
    // ...and is once the entry is older than 5 s.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 5_100);
    expect((await whoami(u.token)).json().user.names).toBe("Ada Eze");
  });

  it("re-reads a busy token in the background near the end of the 5 s, never answering from a read older than 5 s (ADR 0071)", async () => {
    const u = await createUserWithToken(ctx.db, { names: "Bola Ade" });
    const start = Date.now();
    expect((await whoami(u.token)).json().user.names).toBe("Bola Ade");
    await rename(u.user.id, "Bola Ade-Cole");
    vi.useFakeTimers({ toFake: ["Date"] });
    // 4.6 s after the read (past 90%): still the cached user, and a background re-read starts.
    vi.setSystemTime(start + 4_600);
    expect((await whoami(u.token)).json().user.names).toBe("Bola Ade");
    await ctx.app.sessionCache.settled();
    // The re-read is the cached user now: 5.1 s after the first read it is served from memory
    // (a later direct change is not seen yet)...
    await rename(u.user.id, "Bola Cole");
    vi.setSystemTime(start + 5_100);
    expect((await whoami(u.token)).json().user.names).toBe("Bola Ade-Cole");
    // ...until 5 s after the re-read, when it is read again.
    vi.setSystemTime(start + 4_600 + 5_100);
    expect((await whoami(u.token)).json().user.names).toBe("Bola Cole");
  });

  it("a sign-out during a background re-read still ends the token at once", async () => {
    const u = await createUserWithToken(ctx.db);
    const start = Date.now();
    expect((await whoami(u.token)).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(start + 4_600);
    const [during, signout] = await Promise.all([whoami(u.token), ctx.request({ method: "POST", url: "/api/signout", token: u.token })]);
    expect([during.statusCode, signout.statusCode]).toEqual([200, 200]);
    await ctx.app.sessionCache.settled();
    expect((await whoami(u.token)).statusCode).toBe(401);
  });

  it("a signed-out token stops working at once", async () => {
    const u = await createUserWithToken(ctx.db);
    expect((await whoami(u.token)).statusCode).toBe(200);
    expect((await ctx.request({ method: "POST", url: "/api/signout", token: u.token })).statusCode).toBe(200);
    expect((await whoami(u.token)).statusCode).toBe(401);
  });

  it("a blocked user's tokens stop working at once", async () => {
    const admin = await createUserWithToken(ctx.db, { accType: "admin" });
    const u = await createUserWithToken(ctx.db);
    const second = await createSession(ctx.db, u.user.id, 1);
    expect((await whoami(u.token)).statusCode).toBe(200);
    expect((await whoami(second.token)).statusCode).toBe(200);
    const block = await ctx.request({
      method: "PUT",
      url: "/api/admin/users",
      token: admin.token,
      payload: { account_id: u.user.id, req_type: "block" },
    });
    expect(block.statusCode).toBe(200);
    expect((await whoami(u.token)).statusCode).toBe(401);
    expect((await whoami(second.token)).statusCode).toBe(401);
  });

  it("revokeUserSessions outside a route is honoured at once too", async () => {
    const u = await createUserWithToken(ctx.db);
    expect((await whoami(u.token)).statusCode).toBe(200);
    await revokeUserSessions(ctx.db, ctx.app.cache, u.user.id);
    expect((await whoami(u.token)).statusCode).toBe(401);
  });

  it("an account write through the API (seller approval) shows at once; a cart write keeps the cache", async () => {
    const admin = await createUserWithToken(ctx.db, { accType: "admin" });
    const seller = await createUserWithToken(ctx.db, { accType: "business", status: "pending", names: "Kemi Stores" });
    expect((await whoami(seller.token)).json().user.status).toBe("pending");
    // A cart write (refused or not) does not clear the cache: the direct rename stays unseen.
    await rename(seller.user.id, "Kemi Stores Ltd");
    await ctx.request({ method: "DELETE", url: "/api/cart?cart_id=all", token: seller.token });
    expect((await whoami(seller.token)).json().user.names).toBe("Kemi Stores");
    const approve = await ctx.request({
      method: "PUT",
      url: "/api/admin/users",
      token: admin.token,
      payload: { account_id: seller.user.id, req_type: "status_approved" },
    });
    expect(approve.statusCode).toBe(200);
    expect((await whoami(seller.token)).json().user).toMatchObject({ status: "approved", names: "Kemi Stores Ltd" });
  });

  it("never caches an unknown token: a session created right after a refusal works", async () => {
    const u = await createUserWithToken(ctx.db);
    const token = randomBytes(32).toString("base64url");
    expect((await whoami(token)).statusCode).toBe(401);
    await ctx.db.insert(sessions).values({ userId: u.user.id, tokenHash: sha256(token), expiresAt: new Date(Date.now() + 86_400_000) });
    expect((await whoami(token)).statusCode).toBe(200);
  });
});
