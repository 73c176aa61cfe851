import { CONTACT_LIMITS } from "@market/contract";
import { desc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactMessages } from "../src/db/schema/index.js";
import { CONTACT_RATE_LIMIT } from "../src/modules/contact/routes.js";
import { createTestContext, type TestContext } from "./helpers.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** Each test sends from its own IP, so the per-IP limit of one test does not spill into another. */
let ipSeq = 1;
const send = (payload: Record<string, unknown>, ip = `10.0.0.${ipSeq}`) =>
  ctx.request({ method: "POST", url: "/api/contact", payload, remoteAddress: ip });

describe("POST /api/contact", () => {
  it("stores the message (trimmed, e-mail lower-cased) and answers 201 with the thank-you text", async () => {
    ipSeq++;
    const res = await send({
      name: "  Amaka Obi ",
      email: "Amaka@Example.NG",
      subject: "Delivery to Ikeja",
      message: "Do you deliver on Sundays?",
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      statusCode: 201,
      message: "Thank you! Your message has been sent. We will reply by e-mail within one working day.",
    });
    const [row] = await ctx.db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt)).limit(1);
    expect(row).toMatchObject({
      name: "Amaka Obi",
      email: "amaka@example.ng",
      subject: "Delivery to Ikeja",
      message: "Do you deliver on Sundays?",
    });
  });

  it("accepts a message with only the required name and e-mail", async () => {
    ipSeq++;
    const res = await send({ name: "Segun", email: "segun@example.ng" });
    expect(res.statusCode).toBe(201);
  });

  it("answers 400 with per-field messages for a missing name, a bad e-mail and an over-long message", async () => {
    ipSeq++;
    const before = (await ctx.db.select().from(contactMessages)).length;
    const noName = await send({ name: "   ", email: "a@b.ng" });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().errors).toEqual({ name: "Your name is required" });
    const badEmail = await send({ name: "Ada", email: "not-an-email" });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().errors).toHaveProperty("email", "Enter a valid email address");
    const noEmail = await send({ name: "Ada" });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().errors).toHaveProperty("email");
    const long = await send({ name: "Ada", email: "a@b.ng", message: "x".repeat(CONTACT_LIMITS.message + 1) });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toHaveProperty("message");
    expect((await ctx.db.select().from(contactMessages)).length).toBe(before);
  });

  it(`limits one IP to ${CONTACT_RATE_LIMIT.max} messages per window, and other IPs are not affected`, async () => {
    const ip = "10.9.9.9";
    for (let i = 0; i < CONTACT_RATE_LIMIT.max; i++) {
      expect((await send({ name: "Bot", email: "bot@example.ng", message: `spam ${i}` }, ip)).statusCode).toBe(201);
    }
    const blocked = await send({ name: "Bot", email: "bot@example.ng", message: "one more" }, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ statusCode: 429, message: expect.stringContaining("too many messages") });
    expect(blocked.headers["retry-after"]).toBeDefined();
    expect((await send({ name: "Ngozi", email: "ngozi@example.ng" }, "10.9.9.10")).statusCode).toBe(201);
  });
});
