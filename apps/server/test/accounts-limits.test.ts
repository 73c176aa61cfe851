/** Per-IP limits on the accounts routes (@fastify/rate-limit, ADR 0005, 0012, 0153) and the outbox delivery. */
import { ACCOUNT_MESSAGES } from "@market/contract";
import { eq } from "drizzle-orm";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outbox } from "../src/db/schema/index.js";
import { createUser } from "../src/db/seed/factories.js";
import { RATE_LIMITS } from "../src/modules/accounts/routes.js";
import { createMessenger } from "../src/modules/messages/service.js";
import { createTestContext, type TestContext } from "./helpers.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe("per-IP rate limits", () => {
  const signIn = (ip: string, email: string, password = "Nope#1234") =>
    ctx.request({ method: "POST", url: "/api/signin", payload: { email, password }, headers: { "x-forwarded-for": ip } });

  it("counts sign-ins per address and login: one login's tries do not block the others behind that address (ADR 0153)", async () => {
    // One carrier address shared by many people: someone mistypes, or a guesser hammers one login.
    const ip = "203.0.113.7";
    const answers = [];
    for (let i = 0; i < RATE_LIMITS.signin.max; i++) answers.push(await signIn(ip, "ghost@example.ng"));
    // Within the limit the sign-in throttle answers (401, then its own 429 without checking the password).
    expect(answers.every((r) => r.statusCode === 401 || r.json().message === ACCOUNT_MESSAGES.throttled)).toBe(true);
    const limited = await signIn(ip, "GHOST@example.ng");
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ statusCode: 429, message: expect.stringMatching(/rate limit/i) });
    expect(limited.headers["retry-after"]).toBeDefined();
    // Another person behind the same address signs in, and another login is still checked.
    const neighbour = await createUser(ctx.db, { password: "Right#2026" });
    expect((await signIn(ip, neighbour.email, "Right#2026")).statusCode).toBe(200);
    expect((await signIn(ip, "someone.else@example.ng")).statusCode).toBe(401);
    // The same login from another address is not held by this address's count.
    expect((await signIn("203.0.113.8", "ghost@example.ng")).statusCode).toBe(401);
  });

  it("still holds one address spraying many logins to a per-address ceiling", async () => {
    const ip = "203.0.113.17";
    // Every sign-in request from the address counts, a malformed one included (it is counted before the body is read).
    for (let i = 0; i < RATE_LIMITS.signinPerAddress.max; i++) {
      const res = await ctx.request({ method: "POST", url: "/api/signin", payload: {}, headers: { "x-forwarded-for": ip } });
      expect(res.statusCode).toBe(400);
    }
    const limited = await signIn(ip, "fresh.login@example.ng");
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(ACCOUNT_MESSAGES.throttled);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(RATE_LIMITS.signinPerAddress.max).toBeGreaterThan(RATE_LIMITS.signin.max);
    expect((await signIn("203.0.113.18", "fresh.login@example.ng")).statusCode).toBe(401);
  });

  it("limits password-reset mails per IP", async () => {
    const ip = { "x-forwarded-for": "203.0.113.9" };
    for (let i = 0; i < RATE_LIMITS.recover.max; i++) {
      await ctx.request({ method: "POST", url: "/api/recover/send-mail", payload: { email: "ghost@example.ng" }, headers: ip });
    }
    const limited = await ctx.request({
      method: "POST",
      url: "/api/recover/send-mail",
      payload: { email: "ghost@example.ng" },
      headers: ip,
    });
    expect(limited.statusCode).toBe(429);
  });
});

describe("outbox delivery", () => {
  it("marks a mail sent through nodemailer and records an SMS provider's failure", async () => {
    const messenger = createMessenger(ctx.db, {
      mail: nodemailer.createTransport({ jsonTransport: true }),
      sms: {
        name: "failing",
        send: async () => {
          throw new Error("gateway down");
        },
      },
    });
    const mailId = await messenger.queue(ctx.db, { channel: "email", recipient: "ada@example.ng", subject: "Hi", body: "Code 123456" });
    const smsId = await messenger.queue(ctx.db, { channel: "sms", recipient: "+2348031234567", body: "Code 654321" });
    await messenger.deliver([mailId, smsId]);
    const [mail] = await ctx.db.select().from(outbox).where(eq(outbox.id, mailId));
    const [sms] = await ctx.db.select().from(outbox).where(eq(outbox.id, smsId));
    expect(mail!.sentAt).toBeInstanceOf(Date);
    expect(mail!.error).toBeNull();
    expect(sms!.sentAt).toBeNull();
    expect(sms!.error).toBe("gateway down");
  });

  it("leaves messages unsent (for the dev outbox) without transports", async () => {
    const messenger = createMessenger(ctx.db, {});
    const id = await messenger.queue(ctx.db, { channel: "email", recipient: "b@example.ng", body: "x" });
    await messenger.deliver([id]);
    const [row] = await ctx.db.select().from(outbox).where(eq(outbox.id, id));
    expect(row!.sentAt).toBeNull();
    expect(messenger.hasTransport("email")).toBe(false);
  });
});

describe("dev outbox off", () => {
  it("is not served when DEV_OUTBOX is false", async () => {
    const off = await createTestContext({ DEV_OUTBOX: "false" });
    try {
      expect((await off.request({ method: "GET", url: "/api/dev/outbox" })).statusCode).toBe(404);
      const page = await off.request({ method: "GET", url: "/dev/outbox" });
      expect(page.body).not.toContain("Dev outbox");
    } finally {
      await off.close();
    }
  });

  it("is forced off in production", async () => {
    // Production requires its public address and the receiving bank account (config.ts).
    const prod = await createTestContext({
      NODE_ENV: "production",
      DEV_OUTBOX: "true",
      PUBLIC_URL: "https://shop.example.ng",
      STORE_ACCOUNT_NO: "9876543210",
      STORE_BANK: "Test Bank",
      STORE_ACCOUNT_NAME: "Test Store Ltd",
    });
    try {
      expect(prod.config.devOutbox).toBe(false);
      expect((await prod.request({ method: "GET", url: "/api/dev/outbox" })).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
