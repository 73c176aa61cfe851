/**
 * The admins' inbox of contact messages (ADR 0183): a message sent from the contact page is listed
 * for admins (newest first, with the sender and the unread count), opening it marks it read, and a
 * reply is stored under it and queued as a plain-text e-mail to the sender in the outbox. Sellers
 * and customers are refused; bad input changes nothing.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactMessages, contactReplies, outbox } from "../src/db/schema/index.js";
import { createUserWithToken } from "../src/db/seed/factories.js";
import { createTestContext, type TestContext } from "./helpers.js";

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof createUserWithToken>>;
let seller: Awaited<ReturnType<typeof createUserWithToken>>;
let customer: Awaited<ReturnType<typeof createUserWithToken>>;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createUserWithToken(ctx.db, { accType: "admin", names: "Ngozi Admin" });
  seller = await createUserWithToken(ctx.db, { accType: "business" });
  customer = await createUserWithToken(ctx.db);
});
afterAll(() => ctx.close());

let ip = 1;
async function contact(payload: Record<string, unknown>): Promise<string> {
  const res = await ctx.request({ method: "POST", url: "/api/contact", payload, remoteAddress: `10.9.0.${ip++}` });
  expect(res.statusCode).toBe(201);
  const [row] = await ctx.db
    .select()
    .from(contactMessages)
    .where(eq(contactMessages.email, String(payload.email).toLowerCase()));
  return row!.id;
}
const list = (token: string | undefined, query = "") => ctx.request({ method: "GET", url: `/api/admin/messages${query}`, token });
const reply = (token: string | undefined, id: string, payload: unknown) =>
  ctx.request({ method: "POST", url: `/api/admin/messages/${id}/reply`, token, payload: payload as Record<string, unknown> });
const read = (token: string | undefined, id: string) => ctx.request({ method: "POST", url: `/api/admin/messages/${id}/read`, token });

describe("GET /api/admin/messages", () => {
  it("lists the messages newest first with their sender, phone and unread state, and counts the unread", async () => {
    const older = await contact({ name: "Emeka Obi", email: "emeka@example.ng", subject: "Older", message: "First" });
    const newer = await contact({
      name: "Amaka Eze",
      email: "Amaka@Example.ng",
      phone: "0803 123 4567",
      subject: "Delivery to Abuja",
      message: "Do you deliver to Wuse?",
    });
    const res = await list(admin.token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const ids = body.data.map((m: { _id: string }) => m._id);
    expect(ids.indexOf(newer)).toBeLessThan(ids.indexOf(older));
    expect(body.data.find((m: { _id: string }) => m._id === newer)).toMatchObject({
      name: "Amaka Eze",
      email: "amaka@example.ng",
      phone: "+2348031234567",
      subject: "Delivery to Abuja",
      message: "Do you deliver to Wuse?",
      read: false,
      readAt: null,
      replies: [],
    });
    expect(body.unread).toBeGreaterThanOrEqual(2);
    const unreadOnly = (await list(admin.token, "?unread=true")).json();
    expect(unreadOnly.data.every((m: { read: boolean }) => !m.read)).toBe(true);
  });

  it("is for admins only: 401 signed out, 403 for a seller and a customer", async () => {
    expect((await list(undefined)).statusCode).toBe(401);
    expect((await list(seller.token)).statusCode).toBe(403);
    expect((await list(customer.token)).statusCode).toBe(403);
  });

  it("answers 400 for a bad limit or a forged cursor", async () => {
    expect((await list(admin.token, "?limit=0")).statusCode).toBe(400);
    expect((await list(admin.token, "?cursor=not-a-cursor")).statusCode).toBe(400);
  });
});

describe("POST /api/admin/messages/{id}/read", () => {
  it("marks the message read once (the first reader and time stay) and lowers the unread count", async () => {
    const id = await contact({ name: "Tolu", email: "tolu@example.ng", message: "Hello" });
    const before = (await list(admin.token)).json().unread;
    const res = await read(admin.token, id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ _id: id, read: true });
    const firstAt = res.json().data.readAt;
    expect((await list(admin.token)).json().unread).toBe(before - 1);
    const again = await read(admin.token, id);
    expect(again.json().data.readAt).toBe(firstAt);
    const [row] = await ctx.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(row!.readBy).toBe(admin.user.id);
  });

  it("answers 404 for an unknown message, 400 for a malformed id, 403 for a seller or customer (nothing marked)", async () => {
    const id = await contact({ name: "Bisi", email: "bisi@example.ng" });
    expect((await read(admin.token, randomUUID())).statusCode).toBe(404);
    expect((await read(admin.token, "nope")).statusCode).toBe(400);
    expect((await read(seller.token, id)).statusCode).toBe(403);
    expect((await read(customer.token, id)).statusCode).toBe(403);
    const [row] = await ctx.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(row!.readAt).toBeNull();
  });
});

describe("POST /api/admin/messages/{id}/reply", () => {
  it("stores the reply (who, when, text), marks the message read and queues one plain-text e-mail to the sender", async () => {
    const id = await contact({
      name: "Chioma",
      email: "chioma@example.ng",
      subject: "Refund",
      message: "Where is my refund?\nOrder from Monday.",
    });
    const text = "We sent it today. <script>alert(1)</script> stays text.";
    const res = await reply(admin.token, id, { body: `  ${text}  ` });
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data.read).toBe(true);
    expect(data.replies).toHaveLength(1);
    expect(data.replies[0]).toMatchObject({ body: text, by: { _id: admin.user.id, names: "Ngozi Admin" } });
    const mails = await ctx.db.select().from(outbox).where(eq(outbox.recipient, "chioma@example.ng"));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ channel: "email", subject: "Re: Refund" });
    expect(mails[0]!.body).toContain(text);
    expect(mails[0]!.body).toContain("Hello Chioma,");
    expect(mails[0]!.body).toContain("> Where is my refund?\n> Order from Monday.");
    const [stored] = await ctx.db.select().from(contactReplies).where(eq(contactReplies.messageId, id));
    expect(stored).toMatchObject({ adminId: admin.user.id, body: text, outboxId: mails[0]!.id });
    // The list shows it under the message.
    const listed = (await list(admin.token)).json().data.find((m: { _id: string }) => m._id === id);
    expect(listed.replies.map((r: { body: string }) => r.body)).toEqual([text]);
  });

  it("answers 400 for an empty or over-long reply, 404 for an unknown message, and sends nothing", async () => {
    const id = await contact({ name: "Kunle", email: "kunle@example.ng" });
    const empty = await reply(admin.token, id, { body: "   " });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toHaveProperty("body", "Write your reply");
    expect((await reply(admin.token, id, { body: "x".repeat(5001) })).statusCode).toBe(400);
    expect((await reply(admin.token, id, {})).statusCode).toBe(400);
    expect((await reply(admin.token, randomUUID(), { body: "Hi" })).statusCode).toBe(404);
    expect(await ctx.db.select().from(outbox).where(eq(outbox.recipient, "kunle@example.ng"))).toHaveLength(0);
    expect(await ctx.db.select().from(contactReplies).where(eq(contactReplies.messageId, id))).toHaveLength(0);
    const [row] = await ctx.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(row!.readAt).toBeNull();
  });

  it("refuses a seller and a customer (403) and sends nothing", async () => {
    const id = await contact({ name: "Femi", email: "femi@example.ng" });
    expect((await reply(seller.token, id, { body: "Hi" })).statusCode).toBe(403);
    expect((await reply(customer.token, id, { body: "Hi" })).statusCode).toBe(403);
    expect((await reply(undefined, id, { body: "Hi" })).statusCode).toBe(401);
    expect(await ctx.db.select().from(outbox).where(eq(outbox.recipient, "femi@example.ng"))).toHaveLength(0);
  });
});
