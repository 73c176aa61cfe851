/**
 * Shared Playwright helpers: accounts a test makes for itself (`customer`, `seller`: ADR 0176), the
 * demo accounts (for tests that only read the demo data), sign-in through the API, a page already signed
 * in (signed in through its own context's API client, so the browser holds the session cookie
 * before the first page load, ADR 0127), and `test`, whose
 * pages wait after every `goto`/`reload` until the app has taken over the server-drawn page
 * (`<html data-app-ready>`, set once the routed screen is hydrated: ADR 0072, 0073): a click before
 * that would land on a button without its handler.
 */
import { randomInt } from "node:crypto";
import { FREE_SHIPPING_OVER_NAIRA, koboToNaira, nairaToKobo, SESSION_COOKIES, shippingFeeKobo } from "@market/contract";
import { type APIRequestContext, test as base, expect, type Page } from "@playwright/test";

export { expect };

/** Make `page.goto` and `page.reload` resolve only once the app is running on the new document. */
function waitForAppOnLoad(page: Page): void {
  const ready = () => page.waitForSelector("html[data-app-ready]", { state: "attached" });
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const res = await goto(...args);
    await ready();
    return res;
  };
  page.reload = async (...args) => {
    const res = await reload(...args);
    await ready();
    return res;
  };
}

/**
 * Credentials for sign-in. `ip` (accounts a test made for itself) is the client address its API calls
 * name in X-Forwarded-For, which the e2e server trusts from loopback (TRUST_PROXY), so the per-address
 * rate limits count each such account apart instead of every test from 127.0.0.1 together.
 */
export type Credentials = { email: string; password: string; ip?: string };

type Category = { _id: string; name: string; type: string };

/**
 * An account a test made for itself: verified, signed in once for `token`, its id `id`, and for a
 * seller the categories it sells in (none for a customer).
 */
export type OwnAccount = Credentials & { ip: string; id: string; names: string; phone: string; token: string; categories: Category[] };

/** A client address of its own for each made account (10.0.0.0/8, as the server's API tests use). */
const freshIp = () => `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
/**
 * Where the demo admin approves the sellers the tests make: one address, so after its first sign-in
 * it is a source the admin is known at (ADR 0083). A fresh address each time counted every approval
 * against the admin's tries from unknown sources, and enough sellers made in one run locked the
 * admin out (429).
 */
const ADMIN_APPROVER_IP = "10.255.255.254";
const forwardedFor = (who: Credentials) => (who.ip ? { "x-forwarded-for": who.ip } : undefined);

/** The newest 6-digit code sent to `to` (an e-mail or +234 phone), read from GET /api/dev/outbox. */
export async function codeFor(request: APIRequestContext, to: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const res = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
      const body = await res.json();
      code = /\b(\d{6})\b/.exec(body.data?.[0]?.body ?? "")?.[1];
      return code;
    })
    .toBeTruthy();
  return code!;
}

/**
 * Make a verified account through the API as a person would (POST /api/signup, both codes from the
 * dev outbox, POST /api/verify), from an address of its own, and sign it in. A customer gets a
 * default address in Lagos (as the demo customer has, so checkout is prefilled and ships free over
 * the threshold); a seller sells in the first market-place and the first services category and is
 * approved by the demo admin (PUT /api/admin/users status_approved, spec §4), so their products are
 * public. `extra` false leaves out the customer's address, or the seller's approval (a pending
 * seller's products are theirs alone to see: ADR 0004).
 */
async function makeAccount(request: APIRequestContext, kind: "customer" | "seller", extra: boolean): Promise<OwnAccount> {
  const ip = freshIp();
  const id = `${Date.now().toString(36)}${randomInt(0, 1e6).toString(36)}`;
  const names = kind === "seller" ? `Seller ${id}` : `Shopper ${id}`;
  const password = "Own#Test2026";
  const email = `${kind}.${id}@example.ng`;
  const headers = { "x-forwarded-for": ip };
  let seller = {};
  let categories: Category[] = [];
  if (kind === "seller") {
    const cats = (await (await request.get("/api/category")).json()).data as Category[];
    categories = ["market-place", "services"].map((type) => cats.find((c) => c.type === type)!);
    seller = { accType: "business", category_ids: categories.map((c) => c._id), desc: "Phones, accessories and repairs in Lagos" };
  }
  const signup = await request.post("/api/signup", {
    headers,
    data: {
      names,
      username: `${kind}_${id}`,
      email,
      phone: `0803${String(randomInt(0, 1e7)).padStart(7, "0")}`,
      password,
      confirm_password: password,
      request_type: "register",
      ...seller,
    },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const phone = (await signup.json()).data.phone as string;
  const verify = await request.post("/api/verify", {
    headers,
    data: { email, code_email: await codeFor(request, email), code_phone: await codeFor(request, phone) },
  });
  expect(verify.status(), await verify.text()).toBe(200);
  const token = await apiSignIn(request, { email, password, ip });
  const auth = { ...headers, authorization: `Bearer ${token}` };
  const me = (await (await request.get("/api/me", { headers: auth })).json()).data as { _id: string };
  if (kind === "customer" && extra) {
    const address = await request.post("/api/address", {
      headers: auth,
      data: { ...LAGOS_ADDRESS, request_type: "create", default: true },
    });
    expect(address.status(), await address.text()).toBe(200);
  } else if (kind === "seller" && extra) {
    const admin = await apiSignIn(request, { ...DEMO.admin, ip: ADMIN_APPROVER_IP });
    const approve = await request.put("/api/admin/users", {
      headers: { authorization: `Bearer ${admin}` },
      data: { account_id: me._id, req_type: "status_approved" },
    });
    expect(approve.status(), await approve.text()).toBe(200);
  }
  return { email, password, ip, id: me._id, names, phone, token, categories };
}

/**
 * Playwright's `test` with two accounts a test may ask for: `customer` and `seller`, each made for
 * that test alone (`makeAccount`), so a test that changes an account's state (cart, pending order,
 * wishlist, addresses, password, products, payout account) never meets another test doing the same
 * in a parallel worker (ADR 0176). `test.use({ customerAddress: false })` makes the customer without
 * the Lagos address; `test.use({ sellerApproved: false })` leaves the seller pending, so what the
 * test's seller makes, edits and deletes never shows in the public lists other tests pick from
 * meanwhile. For pages without JavaScript (no app to wait for); most specs use `test`.
 */
export const accountsTest = base.extend<{ customer: OwnAccount; seller: OwnAccount; customerAddress: boolean; sellerApproved: boolean }>({
  customerAddress: [true, { option: true }],
  sellerApproved: [true, { option: true }],
  customer: async ({ request, customerAddress }, use) => {
    await use(await makeAccount(request, "customer", customerAddress));
  },
  seller: async ({ request, sellerApproved }, use) => {
    await use(await makeAccount(request, "seller", sellerApproved));
  },
});

/** `accountsTest` whose pages wait for the app after every `goto`/`reload`. */
export const test = accountsTest.extend({
  context: async ({ context }, use) => {
    context.on("page", waitForAppOnLoad);
    await use(context);
  },
});

export const DEMO = {
  admin: { email: "admin@naijamarket.ng", password: "Admin#2026" },
  seller: { email: "ada@naijamarket.ng", password: "Seller#2026" },
  seller2: { email: "chidi@naijamarket.ng", password: "Seller#2026" },
  pendingSeller: { email: "bola@naijamarket.ng", password: "Seller#2026" },
  customer: { email: "tunde@naijamarket.ng", password: "Customer#2026" },
} as const;

/** Sign in through POST /api/signin (from `who.ip` when set) and answer the bearer token. */
export async function apiSignIn(request: APIRequestContext, who: Credentials): Promise<string> {
  const res = await request.post("/api/signin", { data: { email: who.email, password: who.password }, headers: forwardedFor(who) });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).token as string;
}

/**
 * Make `page` signed in as `who`: POST /api/signin through the page's own context, whose cookie jar
 * the browser shares, so the session cookie is there before the app boots. Answers the bearer token
 * (for API calls the test makes itself). `_request` is unused (kept for the callers' signature).
 */
export async function signInPage(page: Page, _request: APIRequestContext, who: Credentials): Promise<string> {
  return apiSignIn(page.context().request, who);
}

/** The session token in `page`'s cookie jar (the HttpOnly cookie), or undefined when signed out. */
export async function sessionToken(page: Page): Promise<string | undefined> {
  return (await page.context().cookies()).find((c) => c.name === SESSION_COOKIES.session)?.value;
}

/** Save a screenshot under e2e/screenshots/<name>-<project>.png (for people to look at). */
export async function snap(page: Page, name: string, project: string): Promise<void> {
  await page.screenshot({ path: `e2e/screenshots/${name}-${project}.png`, fullPage: true });
}

/** A phone-width test's screenshot of the page at desktop width (1280), then back to 390 px. */
export async function snapDesktop(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 800 });
  await snap(page, name, "1280");
  await page.setViewportSize({ width: 390, height: 844 });
}

/** The default address of the demo customer, which each made customer gets too. */
const LAGOS_ADDRESS = {
  first_name: "Tunde",
  last_name: "Bakare",
  address1: "14 Allen Avenue",
  city: "Ikeja",
  state: "Lagos",
  country: "Nigeria",
  phone: "+2348096660006",
};

/**
 * A `POST /api/transactions/createSession` body for one Lagos bank-transfer order of market-place
 * items worth `price` naira: the amount adds shipping by the store's rule (free in Lagos over the
 * threshold, ADR 0135), and an order an earlier spec left awaiting payment is replaced (ADR 0136).
 */
export function lagosCheckout(price: number) {
  return {
    ...LAGOS_ADDRESS,
    account_no: "0123456789",
    amount: price + koboToNaira(shippingFeeKobo(nairaToKobo(price), "Lagos", FREE_SHIPPING_OVER_NAIRA)),
    replace_pending: true,
    payment_type: "bank_transfer",
    product_type: "market-place",
  };
}
