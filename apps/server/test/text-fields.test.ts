/**
 * Names and titles refuse right-to-left overrides, zero-width and control characters (contract
 * `plainText()`), and are stored NFKC-normalised with spaces collapsed: sign-up, profile, address,
 * products, categories.
 */
import { ACCOUNT_MESSAGES, notAllowedMessage } from "@market/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categories, products, users } from "../src/db/schema/index.js";
import { createCategory, createUserWithToken } from "../src/db/seed/factories.js";
import { freshIp, signUpBody } from "./accounts-helpers.js";
import { createTestContext, errorBody, type TestContext } from "./helpers.js";

const RLO = "\u202E";
const ZWSP = "\u200B";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const signup = (payload: object) => ctx.request({ method: "POST", url: "/api/signup", payload, headers: { "x-forwarded-for": freshIp() } });
const usersWithEmail = (email: string) => ctx.db.select().from(users).where(eq(users.email, email));
/** A new seller posts a product named `name`; answers the seller and the answer. */
async function postProduct(name: string) {
  const seller = await createUserWithToken(ctx.db, { accType: "business" });
  const cat = await createCategory(ctx.db, { type: "market-place" });
  const payload = { name, category_id: cat.id, price: 150_000, count_in_stock: 3 };
  return { seller, res: await ctx.request({ method: "POST", url: "/api/product", token: seller.token, payload }) };
}

describe("sign-up", () => {
  it("answers 400 for a name with a right-to-left override and creates nothing", async () => {
    // Displays as "Ada Obicompany" but reads "Ada Obi" + RLO + "ynapmoc".
    const body = signUpBody({ names: `Ada Obi${RLO}ynapmoc` });
    const res = await signup(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(errorBody(400, notAllowedMessage("Name"), { names: notAllowedMessage("Name") }));
    expect(await usersWithEmail(body.email)).toHaveLength(0);
  });

  it("answers 400 for zero-width characters, a bidi isolate or a soft hyphen in the name", async () => {
    for (const names of [`Ada${ZWSP}Obi`, "Ada \u2067Obi", "Ada O\u00ADbi", "Ada\u200DObi", "Ada\uFEFF Obi", "Ada\nObi"]) {
      const body = signUpBody({ names });
      const res = await signup(body);
      expect(res.statusCode, JSON.stringify(names)).toBe(400);
      expect(res.json().errors.names).toBe(notAllowedMessage("Name"));
      expect(await usersWithEmail(body.email)).toHaveLength(0);
    }
  });

  it("stores the name NFC-normalised, with spaces collapsed and trimmed", async () => {
    const body = signUpBody({ names: "  Jose\u0301\u00A0\u00A0 Okafor  " });
    expect((await signup(body)).statusCode).toBe(201);
    const [user] = await usersWithEmail(body.email);
    expect(user!.names).toBe("Jos\u00E9 Okafor");
  });
});

describe("full-width look-alikes (NFKC, ADR 0152)", () => {
  /** `text` in full-width forms (U+FF01-U+FF5E), which look like ASCII but are other code points. */
  const fullWidth = (text: string) => text.replace(/[!-~]/g, (c) => String.fromCodePoint(c.codePointAt(0)! + 0xfee0));

  it("stores a full-width name as the letters it imitates", async () => {
    const body = signUpBody({ names: fullWidth("John Okafor") });
    expect((await signup(body)).statusCode).toBe(201);
    const [user] = await usersWithEmail(body.email);
    expect(user!.names).toBe("John Okafor");
  });

  it("answers a full-width copy of a taken username as taken", async () => {
    const first = signUpBody();
    expect((await signup(first)).statusCode).toBe(201);
    const copy = signUpBody({ username: fullWidth(first.username.toUpperCase()) });
    const res = await signup(copy);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ username: ACCOUNT_MESSAGES.usernameTaken });
    expect(await usersWithEmail(copy.email)).toHaveLength(0);
  });

  it("stores a full-width product name in its NFKC form", async () => {
    const { seller, res } = await postProduct(fullWidth("Tecno Camon"));
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await ctx.db.select({ name: products.name }).from(products).where(eq(products.userId, seller.user.id));
    expect(row!.name).toBe("Tecno Camon");
  });
});

describe("other name and title fields", () => {
  it("PUT /api/me refuses a zero-width character in the name and keeps the old one", async () => {
    const u = await createUserWithToken(ctx.db, { names: "Chidi Okeke" });
    const res = await ctx.request({ method: "PUT", url: "/api/me", token: u.token, payload: { names: `Chidi${ZWSP} Okeke` } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ names: notAllowedMessage("Name") });
    const [row] = await ctx.db.select({ names: users.names }).from(users).where(eq(users.id, u.user.id));
    expect(row!.names).toBe("Chidi Okeke");
  });

  it("POST /api/address refuses a right-to-left override in a name", async () => {
    const u = await createUserWithToken(ctx.db);
    const res = await ctx.request({
      method: "POST",
      url: "/api/address",
      token: u.token,
      payload: { request_type: "create", first_name: `Ada${RLO}`, last_name: "Obi", address1: "12 Admiralty Way", country: "Nigeria" },
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(notAllowedMessage("First name"));
  });

  it("POST /api/product refuses a right-to-left override in the product name and creates nothing", async () => {
    const { seller, res } = await postProduct(`Tecno Camon${RLO}0.001 N`);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(notAllowedMessage("Name"));
    expect(await ctx.db.select().from(products).where(eq(products.userId, seller.user.id))).toHaveLength(0);
  });

  it("POST /api/category refuses invisible characters in the name and creates nothing", async () => {
    const admin = await createUserWithToken(ctx.db, { accType: "admin" });
    const res = await ctx.request({
      method: "POST",
      url: "/api/category",
      token: admin.token,
      payload: { name: `Pho${ZWSP}nes`, type: "market-place" },
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(notAllowedMessage("Name"));
    expect(
      await ctx.db
        .select()
        .from(categories)
        .where(eq(categories.name, `Pho${ZWSP}nes`)),
    ).toHaveLength(0);
  });
});
