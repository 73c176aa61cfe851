/**
 * Shared Playwright helpers: the demo accounts, sign-in through the API, a page already signed
 * in (the token is put under the app's storage key before the first page load), and `test`, whose
 * pages wait after every `goto`/`reload` until the app has taken over the server-drawn page
 * (`<html data-app-ready>`, set once the routed screen is hydrated: ADR 0072, 0073): a click before
 * that would land on a button without its handler.
 */
import { STORAGE_KEYS } from "@market/contract";
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

/** Make `page` signed in as `who` (token stored before the app boots). */
export async function signInPage(page: Page, request: APIRequestContext, who: { email: string; password: string }): Promise<string> {
  const token = await apiSignIn(request, who);
  await page.addInitScript(
    ([key, value]) => {
      window.localStorage.setItem(key, value);
    },
    [STORAGE_KEYS.token, token] as const,
  );
  return token;
}

/** Save a screenshot under e2e/screenshots/<name>-<project>.png (for people to look at). */
export async function snap(page: Page, name: string, project: string): Promise<void> {
  await page.screenshot({ path: `e2e/screenshots/${name}-${project}.png`, fullPage: true });
}
