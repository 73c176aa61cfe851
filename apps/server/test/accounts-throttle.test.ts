/**
 * The sign-in throttle (ADR 0083; OWASP ASVS 5.0 V6, NIST SP 800-63B §5.2.2): tries are counted
 * atomically before the password is checked, per account and source with growing waits, plus an
 * account-wide ceiling for unknown sources that spares the addresses the owner signed in from.
 */
import { ACCOUNT_MESSAGES } from "@market/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { signInThrottle } from "../src/db/schema/index.js";
import { createUser, createUserWithToken } from "../src/db/seed/factories.js";
import { PER_ACCOUNT_LIMIT, PER_SOURCE_LIMIT } from "../src/modules/auth/throttle.js";
import { freshIp } from "./accounts-helpers.js";
import { createTestContext, errorBody, type TestContext } from "./helpers.js";

/** Every password check of the app goes through verifyPassword: the test counts them. */
const checks = vi.hoisted(() => ({ count: 0 }));
vi.mock("../src/modules/auth/passwords.js", async (importOriginal) => {
  const real = await importOriginal<typeof import("../src/modules/auth/passwords.js")>();
  return {
    ...real,
    verifyPassword: (phc: string, password: string) => {
      checks.count++;
      return real.verifyPassword(phc, password);
    },
  };
});

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const signIn = (email: string, password: string, ip: string) =>
  ctx.request({ method: "POST", url: "/api/signin", payload: { email, password }, headers: { "x-forwarded-for": ip } });

/** End the current wait of every row of `accountKey` (as if the Retry-After time had passed). */
const endWaits = (accountKey: string) =>
  ctx.db
    .update(signInThrottle)
    .set({ retryAt: new Date(Date.now() - 1000) })
    .where(eq(signInThrottle.accountKey, accountKey));

describe("parallel bursts", () => {
  it("checks at most 5 passwords of 58 guesses sent at once from one address", async () => {
    const u = await createUser(ctx.db, { password: "Right#2026" });
    const ip = freshIp();
    checks.count = 0;
    const answers = await Promise.all(Array.from({ length: 58 }, (_, i) => signIn(u.email, `Guess#${i}x`, ip)));
    expect(checks.count).toBe(PER_SOURCE_LIMIT);
    expect(answers.filter((r) => r.statusCode === 401)).toHaveLength(PER_SOURCE_LIMIT);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(58 - PER_SOURCE_LIMIT);
    // The right password right after the burst is not even checked.
    expect((await signIn(u.email, "Right#2026", ip)).statusCode).toBe(429);
    expect(checks.count).toBe(PER_SOURCE_LIMIT);
  });

  it("checks at most the account-wide ceiling of 58 guesses sent at once from 58 addresses", async () => {
    const u = await createUser(ctx.db, { password: "Right#2026" });
    checks.count = 0;
    const answers = await Promise.all(Array.from({ length: 58 }, (_, i) => signIn(u.email, `Guess#${i}x`, freshIp())));
    expect(checks.count).toBe(PER_ACCOUNT_LIMIT);
    expect(answers.filter((r) => r.statusCode === 401)).toHaveLength(PER_ACCOUNT_LIMIT);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(58 - PER_ACCOUNT_LIMIT);
  });
});

describe("per account and source, with growing waits", () => {
  it("refuses a 6th try from one address with 429 and a Retry-After that doubles with each further try", async () => {
    const u = await createUser(ctx.db, { password: "Right#2026" });
    const ip = freshIp();
    for (let i = 1; i <= PER_SOURCE_LIMIT; i++) expect((await signIn(u.email, `Wrong#${i}x`, ip)).statusCode).toBe(401);
    const waits: number[] = [];
    for (let round = 0; round < 3; round++) {
      const refused = await signIn(u.email, "Right#2026", ip);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual(errorBody(429, ACCOUNT_MESSAGES.throttled));
      waits.push(Number(refused.headers["retry-after"]));
      await endWaits(u.id);
      expect((await signIn(u.email, "Wrong#again", ip)).statusCode).toBe(401);
    }
    expect(waits[0]).toBeGreaterThan(0);
    expect(waits[0]).toBeLessThanOrEqual(60);
    expect(waits[1]).toBeGreaterThan(waits[0]!);
    expect(waits[1]).toBeLessThanOrEqual(120);
    expect(waits[2]).toBeGreaterThan(waits[1]!);
    expect(waits[2]).toBeLessThanOrEqual(240);
  });

  it("does not lock the admin out of an address they signed in from when a stranger fails from elsewhere", async () => {
    const admin = await createUser(ctx.db, { accType: "admin", password: "Admin#2026" });
    const home = freshIp();
    expect((await signIn(admin.email, "Admin#2026", home)).statusCode).toBe(200);
    const stranger = freshIp();
    const answers = [];
    for (let i = 0; i < 10; i++) answers.push((await signIn(admin.email, `Guess#${i}x`, stranger)).statusCode);
    expect(answers).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429]);
    const signedIn = await signIn(admin.email, "Admin#2026", home);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().accType).toBe("admin");
  });

  it("spares known addresses when guesses spread over many addresses reach the account-wide ceiling", async () => {
    const u = await createUser(ctx.db, { password: "Right#2026" });
    const home = freshIp();
    expect((await signIn(u.email, "Right#2026", home)).statusCode).toBe(200);
    // The owner's first sign-in, from an address not yet known, was the first try on the account-wide count.
    for (let i = 1; i < PER_ACCOUNT_LIMIT; i++) expect((await signIn(u.email, `Guess#${i}x`, freshIp())).statusCode).toBe(401);
    // A new address is held back, even with the right password...
    const fresh = await signIn(u.email, "Right#2026", freshIp());
    expect(fresh.statusCode).toBe(429);
    expect(Number(fresh.headers["retry-after"])).toBeGreaterThan(0);
    // ...but the owner's own address is not.
    expect((await signIn(u.email, "Right#2026", home)).statusCode).toBe(200);
  });
});

describe("PUT /api/me changePass", () => {
  it("counts wrong current passwords like sign-ins: the 6th try is refused (429) even with the right one", async () => {
    const { user, token } = await createUserWithToken(ctx.db, { password: "Mine#2026" });
    const ip = freshIp();
    const change = (old_password: string) =>
      ctx.request({
        method: "PUT",
        url: "/api/me",
        token,
        headers: { "x-forwarded-for": ip },
        payload: { request_type: "changePass", old_password, password: "Fresh#Pass2026", confirm_password: "Fresh#Pass2026" },
      });
    for (let i = 0; i < PER_SOURCE_LIMIT; i++) {
      const wrong = await change(`Guess#${i}x`);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().errors).toEqual({ old_password: ACCOUNT_MESSAGES.oldPassword });
    }
    const refused = await change("Mine#2026");
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(errorBody(429, ACCOUNT_MESSAGES.throttled));
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    // The same throttle as sign-in: that address cannot sign in to the account either.
    expect((await signIn(user.email, "Mine#2026", ip)).statusCode).toBe(429);
    // Once the wait is over the right current password works, and the old guesses are forgotten.
    await endWaits(user.id);
    expect((await change("Mine#2026")).statusCode).toBe(200);
    expect(await ctx.db.select().from(signInThrottle).where(eq(signInThrottle.accountKey, user.id))).toEqual([]);
  });
});
