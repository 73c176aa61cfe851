/** Helpers of the accounts tests: a sign-up body, a PNG data URL, reading codes from the dev outbox. */
import { randomInt } from "node:crypto";
import sharp from "sharp";
import { expect } from "vitest";
import type { TestContext } from "./helpers.js";

let n = 0;
/** A distinct client IP per call, so the per-IP rate limits do not mix tests up (trustProxy is on). */
export const freshIp = () => `10.${randomInt(0, 255)}.${randomInt(0, 255)}.${randomInt(1, 254)}`;

/** A valid Nigerian mobile number in local form, unique per call. */
function localPhone(): string {
  return `0803${String(randomInt(0, 1e7)).padStart(7, "0")}`;
}

/** A valid customer sign-up body; override any field. */
export function signUpBody(overrides: Record<string, unknown> = {}) {
  const id = `${Date.now().toString(36)}${(n++).toString(36)}`;
  return {
    accType: "",
    names: "Ngozi Adeyemi",
    username: `ngozi_${id}`,
    email: `ngozi.${id}@example.ng`,
    phone: localPhone(),
    password: "Secret#123",
    confirm_password: "Secret#123",
    profile: "",
    category_ids: [] as string[],
    desc: "",
    request_type: "register",
    ...overrides,
  };
}

/** A small real PNG as a data URL. */
export async function pngDataUrl(): Promise<string> {
  const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: { r: 0, g: 120, b: 60 } } })
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString("base64")}`;
}

type OutboxRow = { channel: string; recipient: string; subject: string; body: string };

/** The newest outbox messages to `recipient`, via GET /api/dev/outbox. */
export async function outboxFor(ctx: TestContext, recipient: string): Promise<OutboxRow[]> {
  const res = await ctx.request({ method: "GET", url: `/api/dev/outbox?to=${encodeURIComponent(recipient)}` });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

/** The newest 6-digit code sent to `recipient`. */
export async function latestCode(ctx: TestContext, recipient: string): Promise<string> {
  const [msg] = await outboxFor(ctx, recipient);
  const code = /\b(\d{6})\b/.exec(msg?.body ?? "")?.[1];
  expect(code, `no code sent to ${recipient}`).toBeDefined();
  return code!;
}

/** Sign up through the API (from a fresh IP) and answer the body used and the normalised phone. */
export async function signUpViaApi(ctx: TestContext, overrides: Record<string, unknown> = {}) {
  const body = signUpBody(overrides);
  const res = await ctx.request({ method: "POST", url: "/api/signup", payload: body, headers: { "x-forwarded-for": freshIp() } });
  expect(res.statusCode, res.body).toBe(201);
  return { body, phone: res.json().data.phone as string, email: res.json().data.email as string };
}

/** Sign up and verify both codes; answers the credentials. */
export async function registerVerified(ctx: TestContext, overrides: Record<string, unknown> = {}) {
  const s = await signUpViaApi(ctx, overrides);
  const res = await ctx.request({
    method: "POST",
    url: "/api/verify",
    payload: { email: s.email, code_email: await latestCode(ctx, s.email), code_phone: await latestCode(ctx, s.phone) },
    headers: { "x-forwarded-for": freshIp() },
  });
  expect(res.statusCode, res.body).toBe(200);
  return s;
}

/** POST /api/signin from a fresh IP. */
export function signInRequest(ctx: TestContext, email: string, password: string) {
  return ctx.request({ method: "POST", url: "/api/signin", payload: { email, password }, headers: { "x-forwarded-for": freshIp() } });
}
