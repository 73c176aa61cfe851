/** POST /api/address, the address helper (spec §2 "Address book", §3 "Address", §7). */
import { ACCOUNT_MESSAGES, TEXT } from "@market/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUserWithToken } from "../src/db/seed/factories.js";
import { MAX_ADDRESSES } from "../src/modules/accounts/addresses.service.js";
import { createTestContext, errorBody, type TestContext } from "./helpers.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const fields = (over: Record<string, unknown> = {}) => ({
  first_name: "Tunde",
  last_name: "Bakare",
  company: "",
  address1: "5 Allen Avenue",
  address2: "",
  state: "Lagos",
  city: "Ikeja",
  country: "Nigeria",
  zip: "100271",
  phone: "+2348031234567",
  default: false,
  ...over,
});
const address = (token: string | undefined, payload: object) => ctx.request({ method: "POST", url: "/api/address", token, payload });
const me = async (token: string) => (await ctx.request({ method: "GET", url: "/api/me", token })).json().data;

describe("POST /api/address", () => {
  it("creates addresses; the first becomes the default; a new default replaces the old one", async () => {
    const { token } = await createUserWithToken(ctx.db);
    const first = await address(token, { request_type: "create", ...fields() });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ statusCode: 200, message: TEXT.success.addressAdded });
    expect(first.json().data).toEqual([expect.objectContaining({ address_id: 0, first_name: "Tunde", default: true })]);
    await address(token, { request_type: "create", ...fields({ first_name: "Second" }) });
    const third = await address(token, { request_type: "create", ...fields({ first_name: "Third", country: "Ghana", default: true }) });
    const list = third.json().data;
    expect(list.map((a: { first_name: string; default: boolean; address_id: number }) => [a.address_id, a.first_name, a.default])).toEqual([
      [0, "Tunde", false],
      [1, "Second", false],
      [2, "Third", true],
    ]);
    expect((await me(token)).addresses).toEqual(list);
  });

  it("updates an address by its position and can make it the default", async () => {
    const { token } = await createUserWithToken(ctx.db);
    await address(token, { request_type: "create", ...fields() });
    await address(token, { request_type: "create", ...fields({ first_name: "Office" }) });
    const res = await address(token, {
      request_type: "update",
      address_id: 1,
      ...fields({ first_name: "Office", city: "Yaba", default: true }),
    });
    expect(res.json().message).toBe(TEXT.success.updated);
    const list = res.json().data;
    expect(list[1]).toMatchObject({ city: "Yaba", default: true });
    expect(list[0]).toMatchObject({ default: false });
    expect(list.filter((a: { default: boolean }) => a.default)).toHaveLength(1);
  });

  it("editing the default address without its tick keeps it the default (a list with addresses always has one)", async () => {
    const { token } = await createUserWithToken(ctx.db);
    await address(token, { request_type: "create", ...fields() });
    await address(token, { request_type: "create", ...fields({ first_name: "Office" }) });
    const res = await address(token, { request_type: "update", address_id: 0, ...fields({ city: "Yaba", default: false }) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((a: { city: string; default: boolean }) => [a.city, a.default])).toEqual([
      ["Yaba", true],
      ["Ikeja", false],
    ]);
  });

  it("deletes by position; deleting the default promotes the oldest left", async () => {
    const { token } = await createUserWithToken(ctx.db);
    await address(token, { request_type: "create", ...fields({ first_name: "A" }) });
    await address(token, { request_type: "create", ...fields({ first_name: "B" }) });
    await address(token, { request_type: "create", ...fields({ first_name: "C" }) });
    const res = await address(token, { request_type: "delete_address", address_id: 0 });
    expect(res.json().message).toBe(TEXT.success.deleted);
    expect(
      res.json().data.map((a: { first_name: string; default: boolean; address_id: number }) => [a.address_id, a.first_name, a.default]),
    ).toEqual([
      [0, "B", true],
      [1, "C", false],
    ]);
  });

  it("answers 404 for a position outside the caller's own list: nobody reaches another user's addresses", async () => {
    const owner = await createUserWithToken(ctx.db);
    await address(owner.token, { request_type: "create", ...fields({ first_name: "Mine" }) });
    const stranger = await createUserWithToken(ctx.db);
    const upd = await address(stranger.token, { request_type: "update", address_id: 0, ...fields({ first_name: "Stolen" }) });
    expect(upd.statusCode).toBe(404);
    expect(upd.json()).toEqual(errorBody(404, ACCOUNT_MESSAGES.addressNotFound));
    expect((await address(stranger.token, { request_type: "delete_address", address_id: 0 })).statusCode).toBe(404);
    expect((await me(owner.token)).addresses).toEqual([expect.objectContaining({ first_name: "Mine" })]);
  });

  it("stores the phone as every phone of the store, in E.164 (+234 for a local number), however it was typed", async () => {
    const { token } = await createUserWithToken(ctx.db);
    for (const typed of ["8031234567", "0803 123 4567", "+234 803-123-4567"]) {
      const res = await address(token, { request_type: "create", ...fields({ phone: typed }) });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.at(-1).phone).toBe("+2348031234567");
    }
    // An address abroad keeps its own country code; an address may have no phone.
    expect((await address(token, { request_type: "create", ...fields({ phone: "+44 7911 123456" }) })).json().data.at(-1).phone).toBe(
      "+447911123456",
    );
    expect((await address(token, { request_type: "create", ...fields({ phone: "" }) })).json().data.at(-1).phone).toBe("");
    expect((await address(token, { request_type: "create", ...fields({ phone: "0123456789" }) })).statusCode).toBe(400);
  });

  it("answers 400 with field messages for missing fields, a bad request_type or a bad phone", async () => {
    const { token } = await createUserWithToken(ctx.db);
    const res = await address(token, { request_type: "create", ...fields({ first_name: "", address1: "" }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty("first_name");
    expect(res.json().errors).toHaveProperty("address1");
    expect((await address(token, { request_type: "drop", address_id: 0 })).statusCode).toBe(400);
    expect((await address(token, { request_type: "create", ...fields({ phone: "call me" }) })).json().errors).toHaveProperty("phone");
    expect((await address(token, { request_type: "update", ...fields() })).statusCode).toBe(400);
  });

  it("answers field errors in words a shopper reads (no field keys in the message)", async () => {
    const { token } = await createUserWithToken(ctx.db);
    const several = await address(token, { request_type: "create", ...fields({ first_name: "", last_name: "", address1: "" }) });
    expect(several.json()).toMatchObject({
      statusCode: 400,
      message: ACCOUNT_MESSAGES.fixFields,
      errors: { first_name: "First name is required", last_name: "Last name is required", address1: "Address is required" },
    });
    const one = await address(token, { request_type: "create", ...fields({ first_name: "" }) });
    expect(one.json()).toMatchObject({
      statusCode: 400,
      message: "First name is required",
      errors: { first_name: "First name is required" },
    });
  });

  it(`keeps at most ${MAX_ADDRESSES} addresses`, async () => {
    const { token } = await createUserWithToken(ctx.db);
    for (let i = 0; i < MAX_ADDRESSES; i++) expect((await address(token, { request_type: "create", ...fields() })).statusCode).toBe(200);
    const over = await address(token, { request_type: "create", ...fields() });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe(ACCOUNT_MESSAGES.addressLimit);
  });

  it("answers 401 without a token", async () => {
    expect((await address(undefined, { request_type: "create", ...fields() })).statusCode).toBe(401);
  });

  it("keeps exactly one default when two defaults are created at the same time", async () => {
    const { token } = await createUserWithToken(ctx.db);
    const results = await Promise.all(
      [1, 2, 3, 4].map((i) => address(token, { request_type: "create", ...fields({ first_name: `P${i}`, default: true }) })),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const list = (await me(token)).addresses;
    expect(list).toHaveLength(4);
    expect(list.filter((a: { default: boolean }) => a.default)).toHaveLength(1);
  });
});
