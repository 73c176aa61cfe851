/** GET /api/me and PUT /api/me: profile update and password change (spec §3, §7, §8). */
import { ACCOUNT_MESSAGES, TEXT } from "@market/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions, users } from "../src/db/schema/index.js";
import { createAddress, createCategory, createFollow, createUser, createUserWithToken } from "../src/db/seed/factories.js";
import { createSession } from "../src/modules/auth/sessions.js";
import { storeImage } from "../src/modules/uploads/images.js";
import { pngDataUrl, signInRequest } from "./accounts-helpers.js";
import { createTestContext, errorBody, type TestContext } from "./helpers.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const putMe = (token: string, payload: object) => ctx.request({ method: "PUT", url: "/api/me", token, payload });

describe("GET /api/me", () => {
  it("answers 401 without a token, with an unknown token and with an expired session", async () => {
    expect((await ctx.request({ method: "GET", url: "/api/me" })).statusCode).toBe(401);
    expect((await ctx.request({ method: "GET", url: "/api/me", token: "A".repeat(43) })).statusCode).toBe(401);
    const { user, token } = await createUserWithToken(ctx.db);
    await ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    const res = await ctx.request({ method: "GET", url: "/api/me", token });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ statusCode: 401, message: expect.any(String) });
  });

  it("answers every field of the contract: verified flags, categories in order, followers, addresses, bank fields", async () => {
    const [c1, c2] = [await createCategory(ctx.db), await createCategory(ctx.db)];
    const { user, token } = await createUserWithToken(ctx.db, {
      accType: "business",
      categoryIds: [c2.id, c1.id],
      blueTick: true,
      whatsapp: "+2348030000000",
      accountNo: "0123456789",
      bankCode: "058",
      accountName: "ADA OBI",
      desc: "Fine phones",
    });
    const fan = await createUser(ctx.db);
    await createFollow(ctx.db, { followerId: fan.id, sellerId: user.id });
    await createAddress(ctx.db, { userId: user.id, isDefault: true, firstName: "Ada" });
    const res = await ctx.request({ method: "GET", url: "/api/me", token });
    expect(res.statusCode).toBe(200);
    const { statusCode, data } = res.json();
    expect(statusCode).toBe(200);
    expect(data).toMatchObject({
      _id: user.id,
      names: user.names,
      username: user.username,
      email: user.email,
      phone: user.phone,
      whatsapp: "+2348030000000",
      profile: null,
      desc: "Fine phones",
      accType: "business",
      active: true,
      status: "approved",
      verified: { blue_tick: true, email: true, phone: true },
      account_no: "0123456789",
      // Spec §3 "User": bank_code as a value/label pair (checklist S3-9).
      bank_code: { value: "058", label: "Guaranty Trust Bank (GTBank)" },
      account_name: "ADA OBI",
      category_ids: [c2.id, c1.id],
      followers: [fan.id],
    });
    expect(data.addresses).toEqual([expect.objectContaining({ address_id: 0, first_name: "Ada", default: true, country: "Nigeria" })]);
    expect(data).not.toHaveProperty("passwordHash");
    expect(JSON.stringify(data)).not.toContain("argon2");
  });
});

describe("PUT /api/me (profile)", () => {
  it("updates names, whatsapp (normalised), bank fields and desc; e-mail and phone stay read-only", async () => {
    const { user, token } = await createUserWithToken(ctx.db, { accType: "business" });
    const res = await putMe(token, {
      _id: user.id,
      names: "Ada Obi-Okafor",
      whatsapp: "0803 111 2222",
      bank_code: "044",
      account_no: "0001234567",
      account_name: "ADA OBI-OKAFOR",
      desc: "Phones and laptops",
      email: "hacker@example.ng",
      phone: "+2348099999999",
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe(TEXT.success.profileUpdated);
    expect(body.data).toMatchObject({
      names: "Ada Obi-Okafor",
      whatsapp: "+2348031112222",
      bank_code: { value: "044", label: "Access Bank" },
      account_no: "0001234567",
      account_name: "ADA OBI-OKAFOR",
      desc: "Phones and laptops",
      email: user.email,
      phone: user.phone,
    });
  });

  it("answers field messages for bad values", async () => {
    const { token } = await createUserWithToken(ctx.db);
    const bad = await putMe(token, { account_no: "12345" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ account_no: ACCOUNT_MESSAGES.accountNo });
    const names = await putMe(token, { names: "A" });
    expect(names.json().errors).toEqual({ names: ACCOUNT_MESSAGES.names });
    const wa = await putMe(token, { whatsapp: "12" });
    expect(wa.json().errors).toEqual({ whatsapp: ACCOUNT_MESSAGES.whatsapp });
  });

  it("refuses another user's _id (403) and answers 401 without a token", async () => {
    const other = await createUser(ctx.db);
    const { token } = await createUserWithToken(ctx.db);
    const res = await putMe(token, { _id: other.id, names: "Taken Over" });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(errorBody(403, ACCOUNT_MESSAGES.notYours));
    const [row] = await ctx.db.select().from(users).where(eq(users.id, other.id));
    expect(row!.names).not.toBe("Taken Over");
    expect((await ctx.request({ method: "PUT", url: "/api/me", payload: { names: "X Y" } })).statusCode).toBe(401);
  });

  it("lets sellers change their categories; customers get 403", async () => {
    const [a, b] = [await createCategory(ctx.db), await createCategory(ctx.db)];
    const seller = await createUserWithToken(ctx.db, { accType: "business", categoryIds: [a.id] });
    const ok = await putMe(seller.token, { category_ids: [b.id, a.id] });
    expect(ok.json().data.category_ids).toEqual([b.id, a.id]);
    const customer = await createUserWithToken(ctx.db);
    const denied = await putMe(customer.token, { category_ids: [a.id] });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe(ACCOUNT_MESSAGES.sellersOnly);
    const tooMany = await putMe(seller.token, { category_ids: [a.id, b.id, a.id, b.id] });
    expect(tooMany.statusCode).toBe(400);
  });

  it("stores a new picture from a data URL, accepts the user's own upload URL, refuses another's, and removes it with null", async () => {
    const { user, token } = await createUserWithToken(ctx.db);
    const fromData = await putMe(token, { profile: await pngDataUrl() });
    expect(fromData.statusCode).toBe(200);
    expect(fromData.json().data.profile).toMatch(/^\/uploads\/[0-9a-f-]{36}\.webp$/);
    const png = Buffer.from((await pngDataUrl()).split(",")[1]!, "base64");
    const own = await storeImage(ctx.db, ctx.app.uploads, png, user.id);
    expect((await putMe(token, { profile: own.url })).json().data.profile).toBe(own.url);
    const stranger = await createUser(ctx.db);
    const theirs = await storeImage(ctx.db, ctx.app.uploads, png, stranger.id);
    const denied = await putMe(token, { profile: theirs.url });
    expect(denied.statusCode).toBe(400);
    expect(denied.json().errors).toEqual({ profile: ACCOUNT_MESSAGES.profile });
    const notImage = await putMe(token, { profile: "data:image/png;base64,aGVsbG8gd29ybGQgaGVsbG8=" });
    expect(notImage.json().errors).toEqual({ profile: TEXT.alerts.fileTypeNotSupported });
    expect((await putMe(token, { profile: null })).json().data.profile).toBeNull();
  });
});

describe("PUT /api/me (changePass)", () => {
  it("checks the old password, sets the new one and ends every other session", async () => {
    const { user, token } = await createUserWithToken(ctx.db, { password: "Old#2026" });
    const { token: otherDevice } = await createSession(ctx.db, user.id, 1);
    const res = await putMe(token, {
      request_type: "changePass",
      _id: user.id,
      old_password: "Old#2026",
      password: "New#2026",
      confirm_password: "New#2026",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ statusCode: 200, message: TEXT.success.passwordUpdated });
    expect((await ctx.request({ method: "GET", url: "/api/me", token })).statusCode).toBe(200);
    expect((await ctx.request({ method: "GET", url: "/api/me", token: otherDevice })).statusCode).toBe(401);
    expect((await signInRequest(ctx, user.email, "Old#2026")).statusCode).toBe(401);
    expect((await signInRequest(ctx, user.email, "New#2026")).statusCode).toBe(200);
  });

  it("answers field messages: wrong old password, mismatch, too short, too long, common, same as the old one", async () => {
    const { token } = await createUserWithToken(ctx.db, { password: "Old#2026" });
    const base = { request_type: "changePass", old_password: "Old#2026", password: "New#2026", confirm_password: "New#2026" };
    const wrongOld = await putMe(token, { ...base, old_password: "Guess#1" });
    expect(wrongOld.statusCode).toBe(400);
    expect(wrongOld.json()).toEqual(errorBody(400, ACCOUNT_MESSAGES.oldPassword, { old_password: ACCOUNT_MESSAGES.oldPassword }));
    expect((await putMe(token, { ...base, confirm_password: "Other#1" })).json().errors).toEqual({
      confirm_password: ACCOUNT_MESSAGES.confirmPassword,
    });
    expect((await putMe(token, { ...base, password: "ab", confirm_password: "ab" })).json().errors).toEqual({
      password: ACCOUNT_MESSAGES.password,
    });
    const long = "Kz7#".repeat(33);
    expect((await putMe(token, { ...base, password: long, confirm_password: long })).json().errors).toEqual({
      password: ACCOUNT_MESSAGES.password,
    });
    expect((await putMe(token, { ...base, password: "iloveyou", confirm_password: "iloveyou" })).json().errors).toEqual({
      password: ACCOUNT_MESSAGES.passwordCommon,
    });
    expect((await putMe(token, { ...base, password: "Old#2026", confirm_password: "Old#2026" })).json().errors).toEqual({
      password: ACCOUNT_MESSAGES.passwordSame,
    });
    // Nothing changed.
    expect((await putMe(token, base)).statusCode).toBe(200);
  });

  it("refuses to change another user's password (403)", async () => {
    const victim = await createUser(ctx.db, { password: "Victim#2026" });
    const { token } = await createUserWithToken(ctx.db, { password: "Mine#2026" });
    const res = await putMe(token, {
      request_type: "changePass",
      _id: victim.id,
      old_password: "Mine#2026",
      password: "Owned#2026",
      confirm_password: "Owned#2026",
    });
    expect(res.statusCode).toBe(403);
    expect((await signInRequest(ctx, victim.email, "Victim#2026")).statusCode).toBe(200);
  });
});
