/**
 * The one password rule (packages/contract schemas/password.ts; NIST SP 800-63B; ADR 0083) on every
 * route that sets a password: sign-up, reset, change, and an admin's new user. 8 to 128
 * characters, not a common or breached password, and a new password differs from the current one.
 */
import { ACCOUNT_MESSAGES, PASSWORD_MAX } from "@market/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, createUserWithToken } from "../src/db/seed/factories.js";
import { freshIp, latestCode, signInRequest, signUpBody } from "./accounts-helpers.js";
import { createTestContext, type TestContext } from "./helpers.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const post = (url: string, payload: object, token?: string) =>
  ctx.request({ method: "POST", url, payload, token, headers: { "x-forwarded-for": freshIp() } });

/** Passwords the rule refuses, with the message the field gets. */
const REFUSED: [string, string][] = [
  ["123456", ACCOUNT_MESSAGES.password],
  ["aaaaaa", ACCOUNT_MESSAGES.password],
  ["Kz7#abc", ACCOUNT_MESSAGES.password],
  ["password1", ACCOUNT_MESSAGES.passwordCommon],
  ["Password123", ACCOUNT_MESSAGES.passwordCommon],
  ["iloveyou", ACCOUNT_MESSAGES.passwordCommon],
  ["qwertyuiop", ACCOUNT_MESSAGES.passwordCommon],
  ["aaaaaaaa", ACCOUNT_MESSAGES.passwordCommon],
  ["abcdefgh", ACCOUNT_MESSAGES.passwordCommon],
  ["Kz7#".repeat(32).concat("x"), ACCOUNT_MESSAGES.password],
];
/** A long pass-phrase of exactly PASSWORD_MAX characters. */
const LONGEST = "correct horse battery staple ".repeat(5).slice(0, PASSWORD_MAX);

describe("sign-up", () => {
  it("refuses short, common, repetitive and over-long passwords, and accepts a 128-character pass-phrase", async () => {
    for (const [password, message] of REFUSED) {
      const res = await post("/api/signup", signUpBody({ password, confirm_password: password }));
      expect(res.statusCode, password).toBe(400);
      expect(res.json().errors, password).toEqual({ password: message });
    }
    expect(LONGEST).toHaveLength(128);
    const ok = await post("/api/signup", signUpBody({ password: LONGEST, confirm_password: LONGEST }));
    expect(ok.statusCode, ok.body).toBe(201);
  });
});

describe("reset with a code", () => {
  it("refuses a common password and the current password; the code still works for a good one", async () => {
    const u = await createUser(ctx.db, { password: "Current#2026" });
    await post("/api/recover/send-mail", { email: u.email });
    const code = await latestCode(ctx, u.email);
    const reset = (password: string) =>
      post("/api/recover/change-password", { email: u.email, code, password, confirm_password: password });
    const common = await reset("iloveyou1");
    expect(common.json().errors).toEqual({ password: ACCOUNT_MESSAGES.passwordCommon });
    const same = await reset("Current#2026");
    expect(same.statusCode).toBe(400);
    expect(same.json().errors).toEqual({ password: ACCOUNT_MESSAGES.passwordSame });
    expect((await reset(LONGEST)).statusCode).toBe(200);
    expect((await signInRequest(ctx, u.email, LONGEST)).statusCode).toBe(200);
  });
});

describe("change (PUT /api/me changePass)", () => {
  it("refuses common passwords and accepts a 128-character pass-phrase", async () => {
    const { token } = await createUserWithToken(ctx.db, { password: "Current#2026" });
    const change = (password: string) =>
      ctx.request({
        method: "PUT",
        url: "/api/me",
        token,
        payload: { request_type: "changePass", old_password: "Current#2026", password, confirm_password: password },
      });
    for (const [password, message] of REFUSED) expect((await change(password)).json().errors, password).toEqual({ password: message });
    expect((await change(LONGEST)).statusCode).toBe(200);
  });
});

describe("an admin's new user (POST /api/admin/user)", () => {
  it("follows the same rule", async () => {
    const admin = await createUserWithToken(ctx.db, { accType: "admin" });
    const body = (password: string) => ({
      names: "Amaka Eze",
      username: `amaka_${Math.random().toString(36).slice(2, 8)}`,
      email: `amaka.${Math.random().toString(36).slice(2, 8)}@example.ng`,
      phone: `0803${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`,
      password,
    });
    const common = await post("/api/admin/user", body("password1"), admin.token);
    expect(common.statusCode).toBe(400);
    expect(common.json().errors).toEqual({ password: ACCOUNT_MESSAGES.passwordCommon });
    expect((await post("/api/admin/user", body(LONGEST), admin.token)).statusCode).toBe(201);
  });
});
