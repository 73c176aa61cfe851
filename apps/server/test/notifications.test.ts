/**
 * Notifications at every step (ADRs 0180-0182): each event makes exactly one message per channel
 * its recipient chose (in-app, e-mail, SMS), recorded in the event's transaction (a rolled-back
 * event makes none) and delivered after commit; a message is sent once whatever processes deliver
 * it and whenever they stop; a failing provider delays it and loses nothing; security messages
 * cannot be turned off; texts are plain text. Real PostgreSQL, real app, fake SMTP and SMS.
 */
import { and, eq, like, sql } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifications, orderLines, outbox } from "../src/db/schema/index.js";
import { createProduct, createUserWithToken } from "../src/db/seed/factories.js";
import { protectionSettings } from "../src/modules/commerce/protection.service.js";
import { runExpirySweep } from "../src/modules/jobs/expiry-sweep.js";
import { ledgerClock } from "../src/modules/ledger/earnings.service.js";
import { createMessenger } from "../src/modules/messages/service.js";
import { paymentDecided, sellerReviewed } from "../src/modules/notifications/events.js";
import { lagosTime } from "../src/modules/notifications/lagos-time.js";
import { buyAndSubmit, days, decide, deliverAndReceive } from "./finance-helpers.js";
import { createShopContext, type ShopContext } from "./helpers.js";

let ctx: ShopContext;
let admin: Awaited<ReturnType<typeof createUserWithToken>>;

beforeAll(async () => {
  ctx = await createShopContext();
  admin = await createUserWithToken(ctx.db, { accType: "admin" });
  ledgerClock.now = () => new Date(Date.now() + days(8));
});
afterAll(() => ctx.close());

/** What one account was sent for one kind: in-app rows, e-mails and SMS (by the dedupe key). */
async function sent(userId: string, kind: string) {
  const inApp = await ctx.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)));
  const rows = await ctx.db
    .select()
    .from(outbox)
    .where(like(outbox.dedupeKey, `${kind}:%:${userId}:%`));
  return {
    inApp,
    email: rows.filter((r) => r.channel === "email"),
    sms: rows.filter((r) => r.channel === "sms"),
  };
}
const counts = async (userId: string, kind: string) => {
  const s = await sent(userId, kind);
  return [s.inApp.length, s.email.length, s.sms.length];
};

const linesOf = (orderId: string) => ctx.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
const moveLine = (token: string, lineId: string, fulfilment: "shipped" | "delivered") =>
  ctx.request({ method: "PUT", url: "/api/orders/lines", token, payload: { line_id: lineId, fulfilment } });

async function paidOrder(name = "Ankara fabric") {
  const p = await ctx.shop.product({ price: 5000, countInStock: 20, name });
  const o = await buyAndSubmit(ctx, [{ productId: p.id, count: 2, price: 5000 }]);
  await decide(ctx, admin.token, o.transactionId, "confirm");
  const [line] = await linesOf(o.orderId);
  return { ...o, line: line! };
}

describe("each kind makes one message per chosen channel, after commit", () => {
  it("order placed, payment confirmed and new order to ship (with the ship-by time)", async () => {
    const o = await paidOrder();
    const buyer = o.shopper.user.id;
    const placed = await sent(buyer, "order_placed");
    expect([placed.inApp.length, placed.email.length, placed.sms.length]).toEqual([1, 1, 1]);
    const [order] = await ctx.db
      .execute<{ number: string; payment_reference: string }>(sql`select number, payment_reference from orders where id = ${o.orderId}`)
      .then((r) => r.rows);
    expect(placed.inApp[0]!.text).toContain(order!.number);
    // The reference to put in the transfer's narration, in every channel.
    for (const m of [placed.inApp[0]!.text, placed.email[0]!.body, placed.sms[0]!.body]) expect(m).toContain(order!.payment_reference);
    expect(placed.inApp[0]!.text).toMatch(/transfer ₦12,000 to .+ by /);
    expect(placed.inApp[0]!.url).toBe(`/account/orders/${o.orderId}`);
    expect(placed.email[0]!.recipient).toBe(o.shopper.user.email);
    expect(placed.email[0]!.body).toContain(`/account/orders/${o.orderId}`);
    expect(placed.sms[0]!.recipient).toBe(o.shopper.user.phone);
    // Plain GSM characters: the naira sign would make it a Unicode SMS of 70 characters a part.
    expect(placed.sms[0]!.body).toMatch(/^Naija Market: Order NM-\d\d-\d{6}: transfer NGN 12,000 to .+ by .+ http\S+\/account\/orders\//);

    expect(await counts(buyer, "payment_confirmed")).toEqual([1, 1, 1]);
    const seller = await sent(ctx.shop.seller.user.id, "new_order");
    const mine = seller.inApp.filter((n) => n.url === `/admin_real/dashboard/orders/${o.orderId}`);
    expect(mine).toHaveLength(1);
    // The deadline told is the one Ordered Products shows (and after which the timer cancels the line).
    const ordered = (await ctx.request({ method: "GET", url: "/api/orders/lines", token: ctx.shop.seller.token }))
      .json()
      .data.filter((l: { order_id: string }) => l.order_id === o.orderId);
    expect(ordered).toHaveLength(1);
    const by = lagosTime(new Date(ordered[0].ship_by));
    expect(mine[0]!.text).toBe(`New order ${order!.number} to ship (2 items): ship by ${by}.`);
    const email = seller.email.filter((m) => m.body.includes(order!.number));
    expect(email).toHaveLength(1);
    expect(email[0]!.body).toContain(`ship by ${by} (Lagos time)`);
    expect(email[0]!.body).toContain("not shipped by then is cancelled and its price refunded to the buyer");
    const sms = seller.sms.filter((m) => m.body.includes(order!.number));
    expect(sms).toHaveLength(1);
    expect(sms[0]!.body).toContain(`ship by ${by}, or it is cancelled and refunded`);
  });

  it("payment rejected", async () => {
    const p = await ctx.shop.product({ price: 1000, countInStock: 5 });
    const o = await buyAndSubmit(ctx, [{ productId: p.id, count: 1, price: 1000 }]);
    await decide(ctx, admin.token, o.transactionId, "reject");
    expect(await counts(o.shopper.user.id, "payment_rejected")).toEqual([1, 1, 1]);
    expect(await counts(o.shopper.user.id, "payment_confirmed")).toEqual([0, 0, 0]);
  });

  it("line shipped and delivered; a refused move makes none", async () => {
    const o = await paidOrder();
    const buyer = o.shopper.user.id;
    expect((await moveLine(ctx.shop.seller.token, o.line.id, "shipped")).statusCode).toBe(200);
    expect(await counts(buyer, "line_shipped")).toEqual([1, 1, 1]);
    expect((await sent(buyer, "line_shipped")).inApp[0]!.text).toMatch(
      /^Shipped: Ankara fabric x2 \(order NM-\d\d-\d{6}\) is on its way\.$/,
    );
    // Refused (already shipped): nothing more.
    expect((await moveLine(ctx.shop.seller.token, o.line.id, "shipped")).statusCode).toBe(409);
    expect(await counts(buyer, "line_shipped")).toEqual([1, 1, 1]);
    await deliverAndReceive(ctx, ctx.shop.seller.token, o.line.id);
    // Delivered: no SMS by default.
    expect(await counts(buyer, "line_delivered")).toEqual([1, 1, 0]);
  });

  it("refund made: the buyer and the seller", async () => {
    const o = await paidOrder();
    const res = await ctx.request({
      method: "POST",
      url: "/api/admin/refunds",
      token: admin.token,
      payload: { order_id: o.orderId, line_id: o.line.id, amount: 2000, reason: "One piece torn" },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await counts(o.shopper.user.id, "refund_made")).toEqual([1, 1, 0]);
    const seller = await sent(ctx.shop.seller.user.id, "refund_made");
    expect(seller.inApp.filter((n) => n.url.endsWith(o.orderId))).toHaveLength(1);
    expect(seller.email.filter((m) => m.body.includes("One piece torn"))).toHaveLength(1);
  });

  it("payout requested (admins), paid and failed (seller)", async () => {
    const seller = await createUserWithToken(ctx.db, {
      accType: "business",
      status: "approved",
      bankCode: "058",
      accountNo: "0123456789",
      accountName: "Ada Okafor",
      bankAccountVerified: true,
    });
    const p = await createProduct(ctx.db, { userId: seller.user.id, categoryId: ctx.shop.categoryId, price: 20000, countInStock: 5 });
    for (let i = 0; i < 2; i++) {
      const o = await buyAndSubmit(ctx, [{ productId: p.id, count: 1, price: 20000 }]);
      await decide(ctx, admin.token, o.transactionId, "confirm");
      const [line] = await linesOf(o.orderId);
      await deliverAndReceive(ctx, seller.token, line!.id);
    }
    const ask = (amount: number) => ctx.request({ method: "POST", url: "/api/payouts", token: seller.token, payload: { amount } });
    const first = await ask(10000);
    expect(first.statusCode, first.body).toBe(200);
    const requested = await sent(admin.user.id, "payout_requested");
    expect(requested.inApp.filter((n) => n.text.includes(seller.user.names))).toHaveLength(1);
    expect(requested.inApp[0]!.url).toBe("/admin_real/dashboard/payouts");
    const decidePayout = (payload: Record<string, unknown>) =>
      ctx.request({ method: "PUT", url: "/api/admin/payouts", token: admin.token, payload });
    expect((await decidePayout({ payout_id: first.json().data._id, action: "paid", reference: "GTB-7" })).statusCode).toBe(200);
    expect(await counts(seller.user.id, "payout_paid")).toEqual([1, 1, 1]);
    const second = await ask(10000);
    expect((await decidePayout({ payout_id: second.json().data._id, action: "failed", reason: "Account closed" })).statusCode).toBe(200);
    expect(await counts(seller.user.id, "payout_failed")).toEqual([1, 1, 1]);
    expect((await sent(seller.user.id, "payout_failed")).inApp[0]!.text).toContain("Account closed");
  });

  it("seller approved", async () => {
    const pending = await createUserWithToken(ctx.db, { accType: "business", status: "pending" });
    const res = await ctx.request({
      method: "PUT",
      url: "/api/admin/users",
      token: admin.token,
      payload: { account_id: pending.user.id, req_type: "status_approved" },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await counts(pending.user.id, "seller_review")).toEqual([1, 1, 1]);
  });

  it("seller not approved: the reason is in the message", async () => {
    const pending = await createUserWithToken(ctx.db, { accType: "business", status: "pending" });
    await ctx.db.transaction((tx) => sellerReviewed(tx, pending.user.id, { approved: false, reason: "Add your CAC number" }));
    const s = await sent(pending.user.id, "seller_review");
    expect([s.inApp.length, s.email.length, s.sms.length]).toEqual([1, 1, 1]);
    expect(s.inApp[0]!.text).toBe("Your seller account was not approved: Add your CAC number");
    expect(s.email[0]!.body).toContain("Reason: Add your CAC number");
  });

  it("unconfirmed transfer flagged: the admins (the buyer's e-mail stays)", async () => {
    const p = await ctx.shop.product({ price: 1000, countInStock: 5 });
    const o = await buyAndSubmit(ctx, [{ productId: p.id, count: 1, price: 1000 }]);
    await ctx.db.execute(sql`update transactions set created_at = now() - interval '49 hours' where order_id = ${o.orderId}`);
    await runExpirySweep(ctx.app);
    const flagged = await sent(admin.user.id, "transfer_flagged");
    expect(flagged.inApp.filter((n) => n.url.endsWith(o.orderId))).toHaveLength(1);
    expect(flagged.email.filter((m) => m.body.includes("48 hours"))).toHaveLength(1);
  });

  it("a rolled-back transaction makes none", async () => {
    const p = await ctx.shop.product({ price: 1000, countInStock: 5 });
    const o = await buyAndSubmit(ctx, [{ productId: p.id, count: 1, price: 1000 }]);
    await expect(
      ctx.db.transaction(async (tx) => {
        expect((await paymentDecided(tx, o.orderId, "confirmed", protectionSettings(ctx.app.config))).length).toBeGreaterThan(0);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await counts(o.shopper.user.id, "payment_confirmed")).toEqual([0, 0, 0]);
    // The same event recorded twice is one message per channel.
    await ctx.db.transaction((tx) => paymentDecided(tx, o.orderId, "confirmed", protectionSettings(ctx.app.config)));
    await ctx.db.transaction((tx) => paymentDecided(tx, o.orderId, "confirmed", protectionSettings(ctx.app.config)));
    expect(await counts(o.shopper.user.id, "payment_confirmed")).toEqual([1, 1, 1]);
  });
});

describe("delivery", () => {
  /** A fake SMTP (nodemailer's JSON transport, counting) and SMS provider; `fail` makes them throw. */
  function fakes() {
    const mails: string[] = [];
    const texts: string[] = [];
    const state = { fail: false };
    const json = nodemailer.createTransport({ jsonTransport: true });
    const mail = {
      sendMail: async (m: { to: string; text: string; html?: string }) => {
        if (state.fail) throw new Error("SMTP down");
        expect(m.html).toBeUndefined();
        mails.push(`${m.to}|${m.text}`);
        return json.sendMail(m);
      },
    } as unknown as Transporter;
    const sms = {
      name: "fake",
      send: async (m: { to: string; text: string }) => {
        if (state.fail) throw new Error("gateway down");
        texts.push(`${m.to}|${m.text}`);
      },
    };
    return { mails, texts, state, mail, sms };
  }
  const unsent = (key: string) =>
    ctx.db
      .select()
      .from(outbox)
      .where(and(like(outbox.dedupeKey, key), sql`sent_at is null`));

  it("a process that stopped after the commit: the job sends each message once, from any number of processes", async () => {
    // The app of this test file has no transports: the messages are committed and not delivered.
    const o = await paidOrder();
    const key = `%:${o.shopper.user.id}:%`;
    const waiting = await unsent(key);
    expect(waiting.length).toBe(4); // order placed and payment confirmed, e-mail and SMS each
    const f = fakes();
    // Two restarted processes run the job at once, then once more each.
    const a = createMessenger(ctx.db, { mail: f.mail, sms: f.sms });
    const b = createMessenger(ctx.db, { mail: f.mail, sms: f.sms });
    await Promise.all([a.deliverDue(500), b.deliverDue(500)]);
    await Promise.all([a.deliverDue(500), b.deliverDue(500)]);
    const mine = [...f.mails, ...f.texts].filter((m) => m.startsWith(o.shopper.user.email) || m.startsWith(o.shopper.user.phone));
    expect(mine).toHaveLength(4);
    expect(new Set(mine).size).toBe(4);
    expect(await unsent(key)).toHaveLength(0);
    // The app runs the same delivery as its cluster job (without transports here, it sends nothing).
    expect(await ctx.app.jobs.run("outbox-delivery")).toBe("ran");
  });

  it("a failing SMTP or SMS provider delays the messages, loses none, and blocks no order", async () => {
    const f = fakes();
    const m = createMessenger(ctx.db, { mail: f.mail, sms: f.sms });
    await m.deliverDue(1000); // everything older is out of the way
    f.state.fail = true;
    const o = await paidOrder(); // the order goes through while the providers are down
    const key = `%:${o.shopper.user.id}:%`;
    await m.deliverDue(1000);
    let rows = await unsent(key);
    expect(rows).toHaveLength(4);
    for (const r of rows) {
      expect(r.attempts).toBe(1);
      expect(r.error).toMatch(/down/);
      expect(r.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    }
    // Not due yet: not tried again.
    f.state.fail = false;
    expect(await m.deliverDue(1000)).toBe(0);
    // Later (the retry time reached), the providers are back: each is sent once.
    await ctx.db.execute(sql`update outbox set next_attempt_at = now() where sent_at is null and dedupe_key like ${key}`);
    await m.deliverDue(1000);
    await m.deliverDue(1000);
    rows = await unsent(key);
    expect(rows).toHaveLength(0);
    expect([...f.mails, ...f.texts].filter((x) => x.startsWith(o.shopper.user.email) || x.startsWith(o.shopper.user.phone))).toHaveLength(
      4,
    );
  });
});

describe("the notification list", () => {
  it("is the caller's own, newest first with the unread count; opening marks read; signed out is 401", async () => {
    const o = await paidOrder();
    const token = o.shopper.token;
    const list = await ctx.request({ method: "GET", url: "/api/notifications", token });
    expect(list.statusCode).toBe(200);
    expect(list.headers["cache-control"] ?? "").not.toMatch(/public/);
    const body = list.json();
    expect(body.data.unread).toBe(2);
    expect(body.data.items.map((n: { kind: string }) => n.kind)).toEqual(["payment_confirmed", "order_placed"]);
    expect(body.data.items[0]).toMatchObject({ read: false, url: `/account/orders/${o.orderId}` });
    expect((await ctx.request({ method: "GET", url: "/api/notifications/unread", token })).json().data.unread).toBe(2);

    // Someone else's id changes nothing of theirs.
    const other = await createUserWithToken(ctx.db);
    const foreign = await ctx.request({
      method: "POST",
      url: "/api/notifications/read",
      token: other.token,
      payload: { ids: [body.data.items[0]._id] },
    });
    expect(foreign.json().data.unread).toBe(0);
    const one = await ctx.request({ method: "POST", url: "/api/notifications/read", token, payload: { ids: [body.data.items[0]._id] } });
    expect(one.json()).toMatchObject({ statusCode: 200, data: { unread: 1 } });
    const all = await ctx.request({ method: "POST", url: "/api/notifications/read", token, payload: { all: true } });
    expect(all.json().data.unread).toBe(0);
    expect((await ctx.request({ method: "POST", url: "/api/notifications/read", token, payload: {} })).statusCode).toBe(400);
    expect((await ctx.request({ method: "POST", url: "/api/notifications/read", token, payload: { all: false } })).statusCode).toBe(400);
    for (const url of ["/api/notifications", "/api/notifications/unread", "/api/notifications/preferences"]) {
      expect((await ctx.request({ method: "GET", url })).statusCode).toBe(401);
    }
    expect((await ctx.request({ method: "POST", url: "/api/notifications/read", payload: { all: true } })).statusCode).toBe(401);
  });

  it("keeps a product named <script> as plain text in the list, the e-mail and the SMS", async () => {
    const o = await paidOrder("<script>alert(1)</script>");
    await moveLine(ctx.shop.seller.token, o.line.id, "shipped");
    const s = await sent(o.shopper.user.id, "line_shipped");
    expect(s.inApp[0]!.text).toContain("<script>alert(1)</script>");
    expect(s.email[0]!.body).toContain("<script>alert(1)</script>");
    expect(s.sms[0]!.body).toContain("<script>alert(1)</script>");
    const list = await ctx.request({ method: "GET", url: "/api/notifications", token: o.shopper.token });
    expect(list.headers["content-type"]).toMatch(/application\/json/);
    expect(list.json().data.items[0].text).toContain("<script>alert(1)</script>");
  });
});

describe("preferences", () => {
  it("answer the defaults for the account's kinds, save a choice that the next event follows", async () => {
    const o = await paidOrder();
    const token = o.shopper.token;
    const got = await ctx.request({ method: "GET", url: "/api/notifications/preferences", token });
    expect(got.statusCode).toBe(200);
    const items = got.json().data.items;
    expect(items.map((i: { kind: string }) => i.kind)).not.toContain("new_order");
    expect(items.find((i: { kind: string }) => i.kind === "security")).toMatchObject({
      locked: true,
      in_app: true,
      email: true,
      sms: true,
    });
    const put = await ctx.request({
      method: "PUT",
      url: "/api/notifications/preferences",
      token,
      payload: { items: [{ kind: "line_shipped", in_app: true, email: false, sms: false }] },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data.items.find((i: { kind: string }) => i.kind === "line_shipped")).toMatchObject({ email: false, sms: false });
    await moveLine(ctx.shop.seller.token, o.line.id, "shipped");
    expect(await counts(o.shopper.user.id, "line_shipped")).toEqual([1, 0, 0]);
  });

  it("cannot turn security messages off, nor choose another role's kinds; nothing is saved", async () => {
    const buyer = await createUserWithToken(ctx.db);
    const put = (items: unknown) =>
      ctx.request({ method: "PUT", url: "/api/notifications/preferences", token: buyer.token, payload: { items } });
    const locked = await put([
      { kind: "line_shipped", in_app: false, email: false, sms: false },
      { kind: "security", in_app: true, email: false, sms: true },
    ]);
    expect(locked.statusCode).toBe(400);
    expect(locked.json().message).toBe("Security messages (sign-in codes and password changes) cannot be turned off");
    expect((await put([{ kind: "new_order", in_app: false, email: false, sms: false }])).statusCode).toBe(400);
    expect((await put([{ kind: "nonsense", in_app: false, email: false, sms: false }])).statusCode).toBe(400);
    const got = await ctx.request({ method: "GET", url: "/api/notifications/preferences", token: buyer.token });
    expect(got.json().data.items.find((i: { kind: string }) => i.kind === "line_shipped")).toMatchObject({
      in_app: true,
      email: true,
      sms: true,
    });
    expect((await ctx.request({ method: "PUT", url: "/api/notifications/preferences", payload: { items: [] } })).statusCode).toBe(401);
  });
});
