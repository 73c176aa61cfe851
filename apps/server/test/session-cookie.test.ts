/**
 * The browser's session cookie (ADR 0127) and the cross-site refusal of cookie-authenticated API
 * requests (ADR 0128); the bearer header is unchanged for API clients.
 */
import { SESSION_COOKIES } from "@market/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, createUserWithToken } from "../src/db/seed/factories.js";
import { CROSS_SITE_REFUSED } from "../src/plugins/auth.js";
import { signInRequest } from "./accounts-helpers.js";
import { createTestContext, errorBody, type TestContext } from "./helpers.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Cookie = { name: string; value: string; maxAge?: number; path?: string; httpOnly?: boolean; sameSite?: string; secure?: boolean };
const cookiesOf = (res: { cookies: Cookie[] }) => new Map(res.cookies.map((c) => [c.name, c]));
const cookieHeader = (token: string) => `${SESSION_COOKIES.session}=${token}; ${SESSION_COOKIES.signedIn}=1`;
const SAME_ORIGIN = { "sec-fetch-site": "same-origin" };

async function signedInCookie(): Promise<{ token: string; names: string }> {
  const user = await createUser(ctx.db);
  const res = await signInRequest(ctx, user.email, "Password1!");
  expect(res.statusCode, res.body).toBe(200);
  const session = cookiesOf(res).get(SESSION_COOKIES.session);
  expect(session?.value).toBe(res.json().token);
  return { token: session!.value, names: user.names };
}

describe("session cookie", () => {
  it("sign-in sets the HttpOnly, SameSite=Lax session cookie and the readable signed-in cookie, for SESSION_DAYS", async () => {
    const user = await createUser(ctx.db);
    const res = await signInRequest(ctx, user.email, "Password1!");
    expect(res.statusCode).toBe(200);
    const cookies = cookiesOf(res);
    const maxAge = ctx.config.SESSION_DAYS * 86_400;
    expect(cookies.get(SESSION_COOKIES.session)).toMatchObject({ path: "/", httpOnly: true, sameSite: "Lax", maxAge });
    expect(cookies.get(SESSION_COOKIES.session)?.secure).toBeFalsy();
    expect(cookies.get(SESSION_COOKIES.signedIn)).toMatchObject({ value: "1", path: "/", sameSite: "Lax", maxAge });
    expect(cookies.get(SESSION_COOKIES.signedIn)?.httpOnly).toBeFalsy();
    // Behind a TLS-terminating proxy (trusted, X-Forwarded-Proto) the cookies are Secure.
    const https = await ctx.request({
      method: "POST",
      url: "/api/signin",
      payload: { email: user.email, password: "Password1!" },
      headers: { "x-forwarded-proto": "https", "x-forwarded-for": "10.9.8.7" },
    });
    expect(cookiesOf(https).get(SESSION_COOKIES.session)?.secure).toBe(true);
    expect(cookiesOf(https).get(SESSION_COOKIES.signedIn)?.secure).toBe(true);
  });

  it("authenticates GETs from the store's pages (and without fetch metadata)", async () => {
    const { token, names } = await signedInCookie();
    for (const headers of [SAME_ORIGIN, {}]) {
      const res = await ctx.request({ method: "GET", url: "/api/me", headers: { ...headers, cookie: cookieHeader(token) } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.names).toBe(names);
      expect(res.headers["cache-control"]).toBe("private, no-store");
      expect(String(res.headers.vary)).toMatch(/Cookie/);
    }
  });

  it("refuses a cookie-authenticated write from another site (403), before the body is read; from the store's pages it works", async () => {
    const { token } = await signedInCookie();
    const cookie = cookieHeader(token);
    const crossSite = [
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site" },
      // A browser without fetch metadata still sends Origin on a cross-origin POST.
      { origin: "https://evil.example" },
    ];
    for (const headers of crossSite) {
      // A classic CSRF: a form on another site posting to the store with the shopper's cookie.
      const res = await ctx.request({
        method: "POST",
        url: "/api/signout",
        payload: "a=1",
        headers: { ...headers, cookie, "content-type": "application/x-www-form-urlencoded" },
      });
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json()).toEqual(errorBody(403, CROSS_SITE_REFUSED));
    }
    // The follow GET changes data (spec §7): a cross-site link to it is refused too.
    const follow = await ctx.request({ method: "GET", url: "/api/user/follow?id=x", headers: { "sec-fetch-site": "cross-site", cookie } });
    expect(follow.statusCode).toBe(403);
    // The session was not ended by any of them.
    expect((await ctx.request({ method: "GET", url: "/api/me", headers: { ...SAME_ORIGIN, cookie } })).statusCode).toBe(200);
    const own = await ctx.request({
      method: "POST",
      url: "/api/signout",
      headers: { origin: "http://store.example:8080", host: "store.example:8080", cookie },
    });
    expect(own.statusCode, own.body).toBe(200);
  });

  it("leaves the bearer header as it was: a bearer request is never refused as cross-site", async () => {
    const { token } = await createUserWithToken(ctx.db);
    const me = await ctx.request({ method: "GET", url: "/api/me", token, headers: { "sec-fetch-site": "cross-site" } });
    expect(me.statusCode).toBe(200);
    expect(me.cookies).toEqual([]);
    const out = await ctx.request({ method: "POST", url: "/api/signout", token, headers: { origin: "https://tool.example" } });
    expect(out.statusCode).toBe(200);
  });

  it("sign-out clears both cookies and ends the session; a dead session's cookie is cleared by the next answer", async () => {
    const { token } = await signedInCookie();
    const cookie = cookieHeader(token);
    const out = await ctx.request({ method: "POST", url: "/api/signout", headers: { ...SAME_ORIGIN, cookie } });
    expect(out.statusCode).toBe(200);
    for (const name of [SESSION_COOKIES.session, SESSION_COOKIES.signedIn]) {
      expect(cookiesOf(out).get(name), name).toMatchObject({ value: "", maxAge: 0, path: "/" });
    }
    const after = await ctx.request({ method: "GET", url: "/api/me", headers: { ...SAME_ORIGIN, cookie } });
    expect(after.statusCode).toBe(401);
    expect(cookiesOf(after).get(SESSION_COOKIES.session)).toMatchObject({ value: "", maxAge: 0 });
    // The readable one is the app's to drop: that is how it learns the session ended.
    expect(cookiesOf(after).has(SESSION_COOKIES.signedIn)).toBe(false);
  });

  it("a page drawn for a cookie session is private; every page varies by Cookie", async () => {
    const { token } = await signedInCookie();
    const signedIn = await ctx.request({ method: "GET", url: "/", headers: { cookie: cookieHeader(token) } });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers["cache-control"]).toBe("private, no-store");
    expect(String(signedIn.headers.vary)).toMatch(/Cookie/);
    const anonymous = await ctx.request({ method: "GET", url: "/" });
    expect(anonymous.headers["cache-control"]).toBe("no-cache");
    expect(String(anonymous.headers.vary)).toMatch(/Cookie/);
  });
});
