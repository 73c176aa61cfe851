/**
 * Shared Playwright helpers: the demo accounts, sign-in through the API, a page already signed
 * in (signed in through its own context's API client, so the browser holds the session cookie
 * before the first page load, ADR 0127), and `test`, whose
 * pages wait after every `goto`/`reload` until the app has taken over the server-drawn page
 * (`<html data-app-ready>`, set once the routed screen is hydrated: ADR 0072, 0073): a click before
 * that would land on a button without its handler.
 */
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

export const test = base.extend({
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

/** Sign in through POST /api/signin and answer the bearer token. */
export async function apiSignIn(request: APIRequestContext, who: { email: string; password: string }): Promise<string> {
  const res = await request.post("/api/signin", { data: who });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).token as string;
}

/**
 * Make `page` signed in as `who`: POST /api/signin through the page's own context, whose cookie jar
 * the browser shares, so the session cookie is there before the app boots. Answers the bearer token
 * (for API calls the test makes itself). `_request` is unused (kept for the callers' signature).
 */
export async function signInPage(page: Page, _request: APIRequestContext, who: { email: string; password: string }): Promise<string> {
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

/**
 * A `POST /api/transactions/createSession` body for one Lagos bank-transfer order of market-place
 * items worth `price` naira: the amount adds shipping by the store's rule (free in Lagos over the
 * threshold, ADR 0135), and an order an earlier spec left awaiting payment is replaced (ADR 0136).
 */
export function lagosCheckout(price: number) {
  return {
    first_name: "Tunde",
    last_name: "Bakare",
    address1: "14 Allen Avenue",
    city: "Ikeja",
    state: "Lagos",
    country: "Nigeria",
    phone: "+2348096660006",
    account_no: "0123456789",
    amount: price + koboToNaira(shippingFeeKobo(nairaToKobo(price), "Lagos", FREE_SHIPPING_OVER_NAIRA)),
    replace_pending: true,
    payment_type: "bank_transfer",
    product_type: "market-place",
  };
}
