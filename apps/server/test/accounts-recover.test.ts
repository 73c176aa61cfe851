/** POST /api/recover/{request_type}: send-mail and change-password (spec §3, §4 "Recovery", §7, §8). */
import { ACCOUNT_MESSAGES, TEXT } from "@market/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { oneTimeCodes, signInThrottle } from "../src/db/schema/index.js";
import { createUser, createUserWithToken } from "../src/db/seed/factories.js";
import { freshIp, latestCode, outboxFor, signInRequest } from "./accounts-helpers.js";
import { createTestContext, errorBody, type TestContext } from "./helpers.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const recover = (type: string, payload: object) =>
  ctx.request({ method: "POST", url: `/api/recover/${type}`, payload, headers: { "x-forwarded-for": freshIp() } });

async function resetCodeFor(email: string) {
  const res = await recover("send-mail", { email, request_type: "send-mail" });
  expect(res.statusCode).toBe(200);
  return latestCode(ctx, email);
}

describe("POST /api/recover/send-mail", () => {
  it("mails a code to a registered e-mail and answers the same for an unknown one", async () => {
    const u = await createUser(ctx.db);
    const known = await recover("send-mail", { email: u.email.toUpperCase() });
    const unknown = await recover("send-mail", { email: "ghost@example.ng" });
    expect(known.json()).toEqual({ statusCode: 200, message: ACCOUNT_MESSAGES.resetSent });
    expect(unknown.json()).toEqual(known.json());
    const mail = await outboxFor(ctx, u.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.body).toMatch(/reset code is \d{6}/);
    expect(await outboxFor(ctx, "ghost@example.ng")).toHaveLength(0);
  });

  it("sends nothing to a blocked account and at most one code a minute", async () => {
    const blocked = await createUser(ctx.db, { active: false });
    await recover("send-mail", { email: blocked.email });
    expect(await outboxFor(ctx, blocked.email)).toHaveLength(0);
    const u = await createUser(ctx.db);
    await recover("send-mail", { email: u.email });
    await recover("send-mail", { email: u.email });
    expect(await outboxFor(ctx, u.email)).toHaveLength(1);
  });

  it("answers 400 for a malformed e-mail and for an unknown request_type", async () => {
    const bad = await recover("send-mail", { email: "nope" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ email: ACCOUNT_MESSAGES.email });
    expect((await recover("hack", { email: "a@b.ng" })).statusCode).toBe(400);
  });
});

describe("POST /api/recover/change-password", () => {
  it("sets the new password with the code, ends every session and clears the sign-in throttle", async () => {
    const { user, token } = await createUserWithToken(ctx.db, { password: "Forgot#2026" });
    const waitUntil = new Date(Date.now() + 600_000);
    await ctx.db.insert(signInThrottle).values([
      { accountKey: user.id, source: "*", attempts: 40, retryAt: waitUntil },
      { accountKey: user.id, source: "another-source", attempts: 9, retryAt: waitUntil },
    ]);
    const code = await resetCodeFor(user.email);
    const res = await recover("change-password", { email: user.email, code, password: "Fresh#2026", confirm_password: "Fresh#2026" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ statusCode: 200, message: TEXT.success.passwordUpdated });
    expect((await ctx.request({ method: "GET", url: "/api/me", token })).statusCode).toBe(401);
    expect((await signInRequest(ctx, user.email, "Forgot#2026")).statusCode).toBe(401);
    expect((await signInRequest(ctx, user.email, "Fresh#2026")).statusCode).toBe(200);
    // The earlier tries are gone: only the two sign-ins just above are counted, and nothing waits.
    const rows = await ctx.db.select().from(signInThrottle).where(eq(signInThrottle.accountKey, user.id));
    expect(rows.every((r) => r.retryAt === null && r.attempts <= 2)).toBe(true);
  });

  it("refuses a reused code", async () => {
    const u = await createUser(ctx.db);
    const code = await resetCodeFor(u.email);
    const body = { email: u.email, code, password: "Fresh#2026", confirm_password: "Fresh#2026" };
    expect((await recover("change-password", body)).statusCode).toBe(200);
    const again = await recover("change-password", { ...body, password: "Again#2026", confirm_password: "Again#2026" });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(errorBody(400, ACCOUNT_MESSAGES.codeInvalid, { code: ACCOUNT_MESSAGES.codeInvalid }));
    expect((await signInRequest(ctx, u.email, "Fresh#2026")).statusCode).toBe(200);
  });

  it("refuses an expired code", async () => {
    const u = await createUser(ctx.db);
    const code = await resetCodeFor(u.email);
    await ctx.db
      .update(oneTimeCodes)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(oneTimeCodes.userId, u.id));
    const res = await recover("change-password", { email: u.email, code, password: "Fresh#2026", confirm_password: "Fresh#2026" });
    expect(res.json().errors).toEqual({ code: ACCOUNT_MESSAGES.codeInvalid });
  });

  it("kills the code after 5 wrong tries", async () => {
    const u = await createUser(ctx.db, { password: "Keep#2026" });
    const code = await resetCodeFor(u.email);
    const wrong = code === "111111" ? "222222" : "111111";
    const body = { email: u.email, password: "Fresh#2026", confirm_password: "Fresh#2026" };
    for (let i = 0; i < 5; i++)
      expect((await recover("change-password", { ...body, code: wrong })).json().errors).toEqual({ code: ACCOUNT_MESSAGES.codeInvalid });
    expect((await recover("change-password", { ...body, code })).json().errors).toEqual({ code: ACCOUNT_MESSAGES.codeInvalid });
    expect((await signInRequest(ctx, u.email, "Keep#2026")).statusCode).toBe(200);
  });

  it("answers field messages for the form and a code error for an unknown e-mail", async () => {
    const empty = await recover("change-password", {});
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().errors).sort()).toEqual(["code", "email", "password"]);
    const mismatch = await recover("change-password", { email: "a@b.ng", code: "123456", password: "Fresh#2026", confirm_password: "x" });
    expect(mismatch.json().errors).toEqual({ confirm_password: ACCOUNT_MESSAGES.confirmPassword });
    const unknown = await recover("change-password", {
      email: "ghost@b.ng",
      code: "123456",
      password: "Fresh#2026",
      confirm_password: "Fresh#2026",
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ code: ACCOUNT_MESSAGES.codeInvalid });
  });

  it("does not accept a 2FA code as a reset code", async () => {
    const u = await createUser(ctx.db);
    await resetCodeFor(u.email);
    // A verification code of the same user is a different purpose.
    const { issueCode } = await import("../src/modules/auth/codes.js");
    const verifyCode = (await issueCode(ctx.db, u.id, "verify_email"))!;
    const res = await recover("change-password", {
      email: u.email,
      code: verifyCode,
      password: "Fresh#2026",
      confirm_password: "Fresh#2026",
    });
    expect(res.statusCode).toBe(400);
  });
});
