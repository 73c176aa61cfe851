/** Per-IP limits on the accounts routes (@fastify/rate-limit, ADR 0005, 0012) and the outbox delivery. */
import { eq } from "drizzle-orm";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outbox } from "../src/db/schema/index.js";
import { RATE_LIMITS } from "../src/modules/accounts/routes.js";
import { createMessenger } from "../src/modules/messages/service.js";
import { createTestContext, type TestContext } from "./helpers.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe("per-IP rate limits", () => {
  it("answers 429 once one IP has sent too many sign-ins, while another IP still gets through", async () => {
    const ip = { "x-forwarded-for": "203.0.113.7" };
    // A different login each time, so the sign-in throttle per login and source (ADR 0083) stays out of the way.
    const payload = (i: number) => ({ email: `ghost${i}@example.ng`, password: "Nope#1234" });
    for (let i = 0; i < RATE_LIMITS.signin.max; i++) {
      expect((await ctx.request({ method: "POST", url: "/api/signin", payload: payload(i), headers: ip })).statusCode).toBe(401);
    }
    const limited = await ctx.request({ method: "POST", url: "/api/signin", payload: payload(-1), headers: ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ statusCode: 429, message: expect.any(String) });
    const other = await ctx.request({
      method: "POST",
      url: "/api/signin",
      payload: payload(-1),
      headers: { "x-forwarded-for": "203.0.113.8" },
    });
    expect(other.statusCode).toBe(401);
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
