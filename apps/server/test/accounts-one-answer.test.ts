/**
 * No route tells whether an account exists (ADR 0083, 0151): sign-in (throttle included), the 2FA
 * check and the password reset answer a real account exactly as an unknown one, and a blocked
 * account exactly as a wrong password; sign-up answers a registered e-mail or phone exactly as a
 * new one and tells the owner by e-mail.
 */
import { ACCOUNT_MESSAGES } from "@market/contract";
import { eq, like, or } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../src/db/schema/index.js";
import { createUser } from "../src/db/seed/factories.js";
import { PER_SOURCE_LIMIT } from "../src/modules/auth/throttle.js";
import { freshIp, latestCode, outboxFor, registerVerified, signUpBody, signUpViaApi } from "./accounts-helpers.js";
import { createTestContext, errorBody, type TestContext } from "./helpers.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const post = (url: string, payload: object) => ctx.request({ method: "POST", url, payload, headers: { "x-forwarded-for": freshIp() } });
/** What a caller can see of an answer: status, body and whether it says when to come back. */
const seen = (res: LightMyRequestResponse) => ({ status: res.statusCode, body: res.json(), retryAfter: "retry-after" in res.headers });
/** A 6-digit code that is not `code`. */
const other = (code: string) => (code === "123456" ? "654321" : "123456");

describe("POST /api/signin", () => {
  it("answers a wrong password, an unknown e-mail or phone and a blocked account (right password) alike, 429 included", async () => {
    const real = await createUser(ctx.db, { password: "Right#2026" });
    const blocked = await createUser(ctx.db, { active: false, password: "Right#2026" });
    /** PER_SOURCE_LIMIT + 2 tries from one address. */
    const tries = async (email: string, password: string) => {
      const ip = freshIp();
      const out = [];
      for (let i = 0; i < PER_SOURCE_LIMIT + 2; i++)
        out.push(
          seen(await ctx.request({ method: "POST", url: "/api/signin", payload: { email, password }, headers: { "x-forwarded-for": ip } })),
        );
      return out;
    };
    const wrongPassword = await tries(real.email, "Wrong#2026");
    expect(wrongPassword.map((a) => a.status)).toEqual([401, 401, 401, 401, 401, 429, 429]);
    expect(await tries("nobody.here@example.ng", "Wrong#2026")).toEqual(wrongPassword);
    expect(await tries("0803 000 0001", "Wrong#2026")).toEqual(wrongPassword);
    expect(await tries(blocked.email, "Right#2026")).toEqual(wrongPassword);
  });
});

describe("POST /api/verify", () => {
  it("answers a verified, an unverified and an unknown account alike when the codes are not theirs", async () => {
    const verified = await registerVerified(ctx);
    const unverified = await signUpViaApi(ctx);
    const codes = [await latestCode(ctx, unverified.email), await latestCode(ctx, unverified.phone)];
    const wrong = ["111111", "222222", "333333"].find((c) => !codes.includes(c))!;
    for (const attempt of [
      { code_email: "", code_phone: "" },
      { code_email: wrong, code_phone: wrong },
      { code_email: wrong, code_phone: "" },
    ]) {
      const answers = [];
      for (const email of [verified.email, unverified.email, "nobody.here@example.ng"])
        answers.push(seen(await post("/api/verify", { email, ...attempt })));
      expect(answers[0]!.status, JSON.stringify(attempt)).toBe(400);
      expect(answers[1], JSON.stringify(attempt)).toEqual(answers[0]);
      expect(answers[2], JSON.stringify(attempt)).toEqual(answers[0]);
    }
  });
});

describe("POST /api/recover/change-password", () => {
  it("answers a wrong code for an account with a live reset code as for an unknown e-mail", async () => {
    const u = await createUser(ctx.db);
    expect((await post("/api/recover/send-mail", { email: u.email })).statusCode).toBe(200);
    const code = await latestCode(ctx, u.email);
    const body = { code: other(code), password: "Fresh#Pass2026", confirm_password: "Fresh#Pass2026" };
    const real = seen(await post("/api/recover/change-password", { ...body, email: u.email }));
    const unknown = seen(await post("/api/recover/change-password", { ...body, email: "nobody.here@example.ng" }));
    expect(real).toEqual({
      status: 400,
      body: errorBody(400, ACCOUNT_MESSAGES.codeInvalid, { code: ACCOUNT_MESSAGES.codeInvalid }),
      retryAfter: false,
    });
    expect(unknown).toEqual(real);
  });
});

describe("POST /api/signup", () => {
  /** The phone of a sign-up body as the store keeps it (+234...). */
  const stored = (local: string) => `+234${local.slice(1)}`;

  it("answers a registered e-mail or phone exactly as a new sign-up, makes no account and e-mails the owner", async () => {
    const owner = await createUser(ctx.db, { phone: "+2348039990001" });
    const fresh = signUpBody();
    const sameEmail = signUpBody({ email: owner.email.toUpperCase() });
    const samePhone = signUpBody({ phone: "0803 999 0001" });
    const answers = [];
    for (const body of [fresh, sameEmail, samePhone]) answers.push(seen(await post("/api/signup", body)));
    const expected = (email: string, phone: string) => ({
      status: 201,
      body: { statusCode: 201, message: ACCOUNT_MESSAGES.registered, data: { email, phone, accType: "customer" } },
      retryAfter: false,
    });
    expect(answers).toEqual([
      expected(fresh.email, stored(fresh.phone)),
      expected(owner.email, stored(sameEmail.phone)),
      expected(samePhone.email, "+2348039990001"),
    ]);
    // Only the new sign-up made an account; the owner's account is untouched.
    const made = await ctx.db
      .select({ email: users.email })
      .from(users)
      .where(or(eq(users.phone, stored(sameEmail.phone)), eq(users.email, samePhone.email)));
    expect(made).toEqual([]);
    const standIns = await ctx.db.select({ id: users.id }).from(users).where(like(users.email, "%@invalid"));
    expect(standIns).toEqual([]);
    const [kept] = await ctx.db.select().from(users).where(eq(users.id, owner.id));
    expect(kept).toEqual(owner);
    // The owner hears of both tries, with the way back into their account.
    const mails = (await outboxFor(ctx, owner.email)).filter((m) => /tried to register/.test(m.subject));
    expect(mails).toHaveLength(2);
    expect(mails[0]!.body).toContain("/signin");
    expect(mails[0]!.body).toContain("Lost your password?");

    // The caller's next step (the codes) answers alike too.
    const next = [];
    for (const email of [fresh.email, owner.email]) next.push(seen(await post("/api/verify", { email, code_email: "", code_phone: "" })));
    expect(next[1]).toEqual(next[0]);
  });

  it("refuses a broken picture alike for a registered and a new e-mail", async () => {
    const owner = await createUser(ctx.db);
    // PNG's signature, then no image: found out only when the picture is decoded.
    const broken = `data:image/png;base64,${Buffer.concat([Buffer.from("89504e470d0a1a0a", "hex"), Buffer.alloc(64, 7)]).toString("base64")}`;
    const fresh = seen(await post("/api/signup", signUpBody({ profile: broken })));
    const registered = seen(await post("/api/signup", signUpBody({ profile: broken, email: owner.email })));
    expect(fresh.status).toBe(400);
    expect(fresh.body.errors).toHaveProperty("profile");
    expect(registered).toEqual(fresh);
  });
});
