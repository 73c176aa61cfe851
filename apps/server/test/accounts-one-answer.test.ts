/**
 * No route but sign-up tells whether an account exists (ADR 0083): sign-in (throttle included),
 * the 2FA check and the password reset answer a real account exactly as an unknown one, and a
 * blocked account exactly as a wrong password.
 */
import { ACCOUNT_MESSAGES } from "@market/contract";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../src/db/seed/factories.js";
import { PER_SOURCE_LIMIT } from "../src/modules/auth/throttle.js";
import { freshIp, latestCode, registerVerified, signUpViaApi } from "./accounts-helpers.js";
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
