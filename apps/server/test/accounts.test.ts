/** POST /api/signup, /api/verify, /api/signin, /api/signout and the dev outbox (spec §3, §4, §5, §7, §8). */
import { ACCOUNT_MESSAGES } from "@market/contract";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { oneTimeCodes, signInThrottle, userCategories, users } from "../src/db/schema/index.js";
import { createCategory, createUser, createUserWithToken } from "../src/db/seed/factories.js";
import {
  freshIp,
  latestCode,
  outboxFor,
  pngDataUrl,
  registerVerified,
  signInRequest,
  signUpBody,
  signUpViaApi,
} from "./accounts-helpers.js";
import { createTestContext, errorBody, type TestContext } from "./helpers.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const signup = (payload: unknown) =>
  ctx.request({ method: "POST", url: "/api/signup", payload: payload as object, headers: { "x-forwarded-for": freshIp() } });
const verify = (payload: unknown) =>
  ctx.request({ method: "POST", url: "/api/verify", payload: payload as object, headers: { "x-forwarded-for": freshIp() } });
const userByEmail = async (email: string) => (await ctx.db.select().from(users).where(eq(users.email, email)))[0]!;

describe("POST /api/signup", () => {
  it("registers a customer, normalises the phone to +234 and sends one code by e-mail and one by SMS", async () => {
    const body = signUpBody({ email: "Mixed.Case@Example.NG", phone: "0803 555 0101" });
    const res = await signup(body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      statusCode: 201,
      message: ACCOUNT_MESSAGES.registered,
      data: { email: "mixed.case@example.ng", phone: "+2348035550101", accType: "customer" },
    });
    const user = await userByEmail("mixed.case@example.ng");
    expect(user).toMatchObject({ accType: "customer", status: "approved", emailVerified: false, phoneVerified: false, profile: null });
    expect(user.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const mail = await outboxFor(ctx, "mixed.case@example.ng");
    const sms = await outboxFor(ctx, "+2348035550101");
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ channel: "email" });
    expect(sms).toHaveLength(1);
    expect(sms[0]).toMatchObject({ channel: "sms" });
    const emailCode = await latestCode(ctx, "mixed.case@example.ng");
    const phoneCode = await latestCode(ctx, "+2348035550101");
    // Codes are stored hashed only.
    const stored = await ctx.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.userId, user.id));
    expect(stored.map((c) => c.purpose).sort()).toEqual(["verify_email", "verify_phone"]);
    for (const c of stored) {
      expect(c.codeHash).toMatch(/^[0-9a-f]{64}$/);
      expect(c.codeHash).not.toContain(emailCode);
      expect(c.codeHash).not.toContain(phoneCode);
      expect(c.expiresAt.getTime() - c.createdAt.getTime()).toBeGreaterThan(9 * 60_000);
      expect(c.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(10 * 60_000 + 1000);
    }
  });

  it.each([
    ["Brand", "business"],
    ["Seller", "business"],
    ["business", "business"],
    ["", "customer"],
    ["Customer", "customer"],
  ])("maps accType %j to %s", async (accType, expected) => {
    const cat = await createCategory(ctx.db);
    const extra = expected === "business" ? { category_ids: [cat.id], desc: "Phones and accessories" } : {};
    const { email } = await signUpViaApi(ctx, { accType, ...extra });
    const user = await userByEmail(email);
    expect(user.accType).toBe(expected);
    expect(user.status).toBe(expected === "business" ? "pending" : "approved");
  });

  it("registers a seller as pending with up to 3 categories in order, a description and a re-encoded picture", async () => {
    const [a, b, c] = [await createCategory(ctx.db), await createCategory(ctx.db, { type: "services" }), await createCategory(ctx.db)];
    const { email } = await signUpViaApi(ctx, {
      accType: "Brand",
      category_ids: [b.id, a.id, c.id],
      desc: "Hair and beauty services in Yaba",
      profile: await pngDataUrl(),
    });
    const user = await userByEmail(email);
    expect(user).toMatchObject({ accType: "business", status: "pending", desc: "Hair and beauty services in Yaba" });
    expect(user.profile).toMatch(/^\/uploads\/[0-9a-f-]{36}\.webp$/);
    const picture = await ctx.request({ method: "GET", url: user.profile! });
    expect(picture.statusCode).toBe(200);
    expect(picture.rawPayload.subarray(8, 12).toString("ascii")).toBe("WEBP");
    const cats = await ctx.db.select().from(userCategories).where(eq(userCategories.userId, user.id));
    expect(cats.sort((x, y) => x.position - y.position).map((r) => [r.categoryId, r.position])).toEqual([
      [b.id, 1],
      [a.id, 2],
      [c.id, 3],
    ]);
  });

  it("answers every field message at once for an empty form", async () => {
    const res = await signup({});
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).toBe(ACCOUNT_MESSAGES.fixFields);
    expect(body.errors).toMatchObject({
      names: ACCOUNT_MESSAGES.names,
      username: ACCOUNT_MESSAGES.username,
      email: ACCOUNT_MESSAGES.email,
      phone: ACCOUNT_MESSAGES.phone,
      password: ACCOUNT_MESSAGES.password,
    });
  });

  it("asks sellers for 1-3 known categories and a description", async () => {
    const none = await signup(signUpBody({ accType: "Brand" }));
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual({ category_ids: ACCOUNT_MESSAGES.categoryIds, desc: ACCOUNT_MESSAGES.desc });
    const cats = await Promise.all([1, 2, 3, 4].map(() => createCategory(ctx.db)));
    const four = await signup(signUpBody({ accType: "Brand", desc: "Shoes", category_ids: cats.map((c) => c.id) }));
    expect(four.json().errors).toEqual({ category_ids: ACCOUNT_MESSAGES.categoryIds });
    const dup = await signup(signUpBody({ accType: "Brand", desc: "Shoes", category_ids: [cats[0]!.id, cats[0]!.id] }));
    expect(dup.json().errors).toEqual({ category_ids: ACCOUNT_MESSAGES.categoryIds });
    const unknown = await signup(signUpBody({ accType: "Brand", desc: "Shoes", category_ids: ["7d3f4c1e-0000-4000-8000-000000000000"] }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ category_ids: ACCOUNT_MESSAGES.categoryUnknown });
    // A customer's categories and description are ignored, not refused.
    const customer = await signup(signUpBody({ accType: "", category_ids: ["junk"], desc: "x" }));
    expect(customer.statusCode).toBe(201);
  });

  it("answers one message for one bad field", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ names: "A" }, "names", ACCOUNT_MESSAGES.names],
      [{ username: "a b" }, "username", ACCOUNT_MESSAGES.username],
      [{ email: "not-an-email" }, "email", ACCOUNT_MESSAGES.email],
      [{ phone: "12345" }, "phone", ACCOUNT_MESSAGES.phone],
      [{ phone: "+447911123456" }, "phone", ACCOUNT_MESSAGES.phone],
      [{ password: "abc", confirm_password: "abc" }, "password", ACCOUNT_MESSAGES.password],
      [{ password: "Kz7#".repeat(33), confirm_password: "Kz7#".repeat(33) }, "password", ACCOUNT_MESSAGES.password],
      [{ confirm_password: "Other#123" }, "confirm_password", ACCOUNT_MESSAGES.confirmPassword],
      [{ profile: "data:text/plain;base64,aGVsbG8=" }, "profile", ACCOUNT_MESSAGES.profile],
      [
        { profile: `data:image/png;base64,${Buffer.from("<script>alert(1)</script>").toString("base64")}` },
        "profile",
        ACCOUNT_MESSAGES.profile,
      ],
    ];
    for (const [override, field, message] of cases) {
      const res = await signup(signUpBody(override));
      expect(res.statusCode, JSON.stringify(override)).toBe(400);
      expect(res.json()).toEqual(errorBody(400, message, { [field]: message }));
    }
  });

  it("refuses a username that is taken, in any case (a registered e-mail or phone is no error: accounts-one-answer.test.ts)", async () => {
    const first = await signUpViaApi(ctx);
    const res = await signup(
      signUpBody({ email: first.body.email.toUpperCase(), username: first.body.username.toUpperCase(), phone: first.phone }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ username: ACCOUNT_MESSAGES.usernameTaken });
  });

  it("refuses a wrongly typed body with a 400, never a 500", async () => {
    const res = await signup({ names: 12, category_ids: "x" });
    expect(res.statusCode).toBe(400);
  });
});

describe("POST /api/verify", () => {
  it("verifies both codes; the codes are then used up", async () => {
    const s = await signUpViaApi(ctx);
    const codeEmail = await latestCode(ctx, s.email);
    const codePhone = await latestCode(ctx, s.phone);
    const res = await verify({ email: s.email, code_email: codeEmail, code_phone: codePhone });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ statusCode: 200, message: ACCOUNT_MESSAGES.verified, data: { email: true, phone: true } });
    const user = await userByEmail(s.email);
    expect(user.emailVerified && user.phoneVerified).toBe(true);
    const live = await ctx.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.userId, user.id));
    expect(live.every((c) => c.usedAt !== null)).toBe(true);
  });

  it("keeps a correct code when the other one is wrong, and only asks again for the wrong one", async () => {
    const s = await signUpViaApi(ctx);
    const codeEmail = await latestCode(ctx, s.email);
    const codePhone = await latestCode(ctx, s.phone);
    const wrongPhone = codePhone === "000000" ? "111111" : "000000";
    const res = await verify({ email: s.email, code_email: codeEmail, code_phone: wrongPhone });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(errorBody(400, ACCOUNT_MESSAGES.codeInvalid, { code_phone: ACCOUNT_MESSAGES.codeInvalid }));
    expect(await userByEmail(s.email)).toMatchObject({ emailVerified: true, phoneVerified: false });
    // The e-mail code is used up, but no longer asked for.
    const again = await verify({ email: s.email, code_email: "", code_phone: codePhone });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual({ email: true, phone: true });
  });

  it("refuses a reused code", async () => {
    const s = await signUpViaApi(ctx);
    const codeEmail = await latestCode(ctx, s.email);
    await verify({ email: s.email, code_email: codeEmail, code_phone: "999999x".slice(0, 6) });
    // The phone is still unverified; the e-mail code was used once already and cannot serve as the phone code.
    const user = await userByEmail(s.email);
    await ctx.db.update(users).set({ emailVerified: false }).where(eq(users.id, user.id));
    const reuse = await verify({ email: s.email, code_email: codeEmail, code_phone: await latestCode(ctx, s.phone) });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().errors).toEqual({ code_email: ACCOUNT_MESSAGES.codeInvalid });
  });

  it("refuses an expired code", async () => {
    const s = await signUpViaApi(ctx);
    const user = await userByEmail(s.email);
    await ctx.db
      .update(oneTimeCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeCodes.userId, user.id));
    const res = await verify({ email: s.email, code_email: await latestCode(ctx, s.email), code_phone: await latestCode(ctx, s.phone) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ code_email: ACCOUNT_MESSAGES.codeInvalid, code_phone: ACCOUNT_MESSAGES.codeInvalid });
    expect(await userByEmail(s.email)).toMatchObject({ emailVerified: false, phoneVerified: false });
  });

  it("kills a code after 5 wrong tries, even if the right one comes next", async () => {
    const s = await signUpViaApi(ctx);
    const codeEmail = await latestCode(ctx, s.email);
    const wrong = codeEmail === "123456" ? "654321" : "123456";
    for (let i = 0; i < 5; i++) {
      const res = await verify({ email: s.email, code_email: wrong, code_phone: "" });
      expect(res.json().errors.code_email).toBe(ACCOUNT_MESSAGES.codeInvalid);
    }
    const user = await userByEmail(s.email);
    const [row] = await ctx.db
      .select()
      .from(oneTimeCodes)
      .where(and(eq(oneTimeCodes.userId, user.id), eq(oneTimeCodes.purpose, "verify_email")));
    expect(row!.attempts).toBe(5);
    const right = await verify({ email: s.email, code_email: codeEmail, code_phone: "" });
    expect(right.json().errors.code_email).toBe(ACCOUNT_MESSAGES.codeInvalid);
    expect((await userByEmail(s.email)).emailVerified).toBe(false);
  });

  it("does not count a code of the wrong length as a try", async () => {
    const s = await signUpViaApi(ctx);
    const res = await verify({ email: s.email, code_email: "12", code_phone: "" });
    expect(res.json().errors).toEqual({ code_email: ACCOUNT_MESSAGES.code, code_phone: ACCOUNT_MESSAGES.code });
    const user = await userByEmail(s.email);
    const rows = await ctx.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.userId, user.id));
    expect(rows.every((r) => r.attempts === 0)).toBe(true);
  });

  it("answers 400 for an unknown account", async () => {
    const res = await verify({ email: "nobody@example.ng", code_email: "123456", code_phone: "123456" });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ code_email: ACCOUNT_MESSAGES.codeInvalid, code_phone: ACCOUNT_MESSAGES.codeInvalid });
  });

  it("resends new codes (old ones stop working) at most once a minute, with the same answer for unknown e-mails", async () => {
    const s = await signUpViaApi(ctx);
    const oldCode = await latestCode(ctx, s.email);
    const user = await userByEmail(s.email);
    // Pretend the first codes are two minutes old, past the cool-down.
    await ctx.db
      .update(oneTimeCodes)
      .set({ createdAt: new Date(Date.now() - 120_000) })
      .where(eq(oneTimeCodes.userId, user.id));
    const res = await verify({ email: s.email, request_type: "resend" });
    expect(res.json()).toEqual({ statusCode: 200, message: ACCOUNT_MESSAGES.codesResent });
    expect(await outboxFor(ctx, s.email)).toHaveLength(2);
    expect(await outboxFor(ctx, s.phone)).toHaveLength(2);
    // Within the cool-down nothing new is sent.
    await verify({ email: s.email, request_type: "resend" });
    expect(await outboxFor(ctx, s.email)).toHaveLength(2);
    const unknown = await verify({ email: "ghost@example.ng", request_type: "resend" });
    expect(unknown.json()).toEqual(res.json());
    const newCode = await latestCode(ctx, s.email);
    if (newCode !== oldCode) {
      const stale = await verify({ email: s.email, code_email: oldCode, code_phone: "" });
      expect(stale.json().errors.code_email).toBe(ACCOUNT_MESSAGES.codeInvalid);
    }
    const ok = await verify({ email: s.email, code_email: newCode, code_phone: await latestCode(ctx, s.phone) });
    expect(ok.statusCode).toBe(200);
  });
});

describe("POST /api/signin", () => {
  it("signs in with the e-mail (any case) or the phone in local or +234 form", async () => {
    const s = await registerVerified(ctx);
    for (const login of [s.email, s.email.toUpperCase(), s.phone, `0${s.phone.slice(4)}`, s.phone.slice(1)]) {
      const res = await signInRequest(ctx, login, s.body.password);
      expect(res.statusCode, login).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ statusCode: 200, accType: "customer", message: ACCOUNT_MESSAGES.signedIn });
      expect(Buffer.from(body.token, "base64url").length).toBeGreaterThanOrEqual(16);
      const me = await ctx.request({ method: "GET", url: "/api/me", token: body.token });
      expect(me.json().data.email).toBe(s.email);
    }
  });

  it("answers business for a seller and admin for an admin", async () => {
    const seller = await createUser(ctx.db, { accType: "business", password: "Seller#2026" });
    const admin = await createUser(ctx.db, { accType: "admin", password: "Admin#2026" });
    expect((await signInRequest(ctx, seller.email, "Seller#2026")).json().accType).toBe("business");
    expect((await signInRequest(ctx, admin.email, "Admin#2026")).json().accType).toBe("admin");
  });

  it("answers the same 401 for a wrong password and an unknown account", async () => {
    const u = await createUser(ctx.db);
    const wrong = await signInRequest(ctx, u.email, "Nope#1234");
    const unknown = await signInRequest(ctx, "ghost@example.ng", "Nope#1234");
    const badPhone = await signInRequest(ctx, "12345", "Nope#1234");
    for (const res of [wrong, unknown, badPhone]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(errorBody(401, ACCOUNT_MESSAGES.signInFailed));
    }
  });

  it("answers 400 for a missing field", async () => {
    const res = await ctx.request({ method: "POST", url: "/api/signin", payload: { email: "a@b.ng" } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty("password");
  });

  it("refuses a 6th try from one address for a while (429, Retry-After), then checks again; the right password clears it", async () => {
    const u = await createUser(ctx.db, { password: "Right#2026" });
    const from = { "x-forwarded-for": freshIp() };
    const attempt = (password: string) =>
      ctx.request({ method: "POST", url: "/api/signin", payload: { email: u.email, password }, headers: from });
    for (let i = 1; i <= 5; i++) expect((await attempt(`Wrong#${i}`)).statusCode).toBe(401);
    const sixth = await attempt("Right#2026");
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual(errorBody(429, ACCOUNT_MESSAGES.throttled));
    expect(Number(sixth.headers["retry-after"])).toBeGreaterThan(0);
    // When the wait is over, the right password works and this address's tries are forgotten.
    await ctx.db
      .update(signInThrottle)
      .set({ retryAt: new Date(Date.now() - 1000) })
      .where(eq(signInThrottle.accountKey, u.id));
    expect((await attempt("Right#2026")).statusCode).toBe(200);
    const left = await ctx.db.select().from(signInThrottle).where(eq(signInThrottle.accountKey, u.id));
    expect(left.map((r) => r.source)).toEqual(["*"]);
  });

  it("refuses a blocked account with the answer of a wrong password, even for the right one", async () => {
    const u = await createUser(ctx.db, { active: false, password: "Right#2026" });
    const right = await signInRequest(ctx, u.email, "Right#2026");
    const wrong = await signInRequest(ctx, u.email, "Wrong#2026");
    for (const res of [right, wrong]) expect(res.json()).toEqual(errorBody(401, ACCOUNT_MESSAGES.signInFailed));
  });

  it("refuses an unverified account and sends it new codes", async () => {
    const s = await signUpViaApi(ctx);
    const user = await userByEmail(s.email);
    await ctx.db
      .update(oneTimeCodes)
      .set({ createdAt: new Date(Date.now() - 120_000) })
      .where(eq(oneTimeCodes.userId, user.id));
    const res = await signInRequest(ctx, s.email, s.body.password);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(errorBody(403, ACCOUNT_MESSAGES.unverified, { verify: s.email }));
    expect(await outboxFor(ctx, s.email)).toHaveLength(2);
    // Wrong password: no codes, just 401.
    expect((await signInRequest(ctx, s.email, "Wrong#2026")).statusCode).toBe(401);
    expect(await outboxFor(ctx, s.email)).toHaveLength(2);
  });

  it("signing in again at once sends no codes and says to use the ones already sent, which still work", async () => {
    const s = await signUpViaApi(ctx);
    const code = { email: await latestCode(ctx, s.email), phone: await latestCode(ctx, s.phone) };
    const res = await signInRequest(ctx, s.email, s.body.password);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(errorBody(403, ACCOUNT_MESSAGES.unverifiedUseSent, { verify: s.email }));
    expect(await outboxFor(ctx, s.email)).toHaveLength(1);
    const verify = await ctx.request({
      method: "POST",
      url: "/api/verify",
      payload: { email: s.email, code_email: code.email, code_phone: code.phone },
      headers: { "x-forwarded-for": freshIp() },
    });
    expect(verify.statusCode, verify.body).toBe(200);
  });
});

describe("POST /api/signout", () => {
  it("revokes the token: it no longer opens /api/me", async () => {
    const { token } = await createUserWithToken(ctx.db);
    const other = await ctx.request({ method: "GET", url: "/api/me", token });
    expect(other.statusCode).toBe(200);
    const res = await ctx.request({ method: "POST", url: "/api/signout", token });
    expect(res.json()).toEqual({ statusCode: 200, message: ACCOUNT_MESSAGES.signedOut });
    expect((await ctx.request({ method: "GET", url: "/api/me", token })).statusCode).toBe(401);
    expect((await ctx.request({ method: "POST", url: "/api/signout", token })).statusCode).toBe(401);
  });

  it("answers 401 without a token", async () => {
    expect((await ctx.request({ method: "POST", url: "/api/signout" })).json()).toMatchObject({ statusCode: 401 });
  });
});

describe("dev outbox", () => {
  it("shows the messages as JSON and as an HTML page with the codes escaped", async () => {
    const s = await signUpViaApi(ctx, { names: "Ada <b>Bold</b>" });
    const json = await ctx.request({ method: "GET", url: "/api/dev/outbox?limit=5" });
    expect(json.json().data.length).toBeGreaterThan(0);
    const page = await ctx.request({ method: "GET", url: `/dev/outbox?to=${encodeURIComponent(s.email)}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/text\/html/);
    expect(page.body).toContain("Dev outbox");
    expect(page.body).toContain(await latestCode(ctx, s.email));
  });
});
