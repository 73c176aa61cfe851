/**
 * Server rendering of the storefront's landing pages (plugins/server-render.ts, ADR 0072), with a
 * stand-in renderer at `<WEB_DIST>-ssr/entry-server.js` that uses the in-process API transport the
 * plugin gives it. Built with PUBLIC_CACHE=true (the page cache is off by default under NODE_ENV=test).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { SESSION_COOKIES } from "@market/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../src/db/schema/index.js";
import { createCategory, createUserWithToken } from "../src/db/seed/factories.js";
import { serverEntryPath } from "../src/plugins/server-render.js";
import { createTestContext, errorBody, type TestContext } from "./helpers.js";

const INDEX = `<!doctype html><html><head><title>Naija Market</title></head><body><div id="root"></div><script type="module" src="/assets/boot.js"></script></body></html>`;

/** The stand-in renderer: what it draws says which transport answers it got. */
const ENTRY = `
let transport;
export let renders = 0;
export function configure(t) { transport = t; }
export async function render(url) {
  renders++;
  const pathname = url.split("?")[0];
  if (pathname === "/aboutScreen") throw new Error("render failed");
  if (pathname === "/contact") return null;
  if (pathname.endsWith("/slow")) return new Promise(() => {});
  if (pathname.endsWith("/big")) return { html: "<ul>" + "<li>Laptop Backpack</li>".repeat(400) + "</ul>", state: {} };
  if (pathname.endsWith("/post")) {
    const res = await transport("/api/category", { method: "POST" });
    return { html: "<p>post " + res.status + "</p>", state: {} };
  }
  const res = await transport("/api/category", { method: "GET", headers: {} });
  const body = await res.json();
  return { html: "<p>categories " + res.status + " " + body.data.length + " at " + url + "</p>", state: { note: "</script><b>" } };
}
`;

let ctx: TestContext;
let dir: string;
let webDist: string;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "server-render-"));
  webDist = path.join(dir, "web");
  mkdirSync(webDist);
  writeFileSync(path.join(webDist, "index.html"), INDEX);
  mkdirSync(path.dirname(serverEntryPath(webDist)));
  writeFileSync(serverEntryPath(webDist), ENTRY);
  ctx = await createTestContext({ PUBLIC_CACHE: "true", WEB_DIST: webDist });
});
afterAll(async () => {
  await ctx.close();
  rmSync(dir, { recursive: true, force: true });
});

const page = async (url: string) => {
  const res = await ctx.request({ method: "GET", url });
  expect(res.statusCode).toBe(200);
  expect(res.headers["content-type"]).toMatch(/text\/html/);
  return res.body;
};
const entry = async () => (await import(serverEntryPath(webDist))) as { renders: number };

describe("server rendering", () => {
  it("puts the renderer's HTML into the root and its data beside it as inert, escaped JSON", async () => {
    await createCategory(ctx.db, { name: "SSR Phones" });
    const html = await page("/");
    expect(html).toContain('<div id="root"><p>categories 200 1 at /</p></div>');
    expect(html).toContain('<script type="application/json" id="rq-state">{"note":"\\u003c/script>\\u003cb>"}</script>');
    expect(html).not.toContain("</script><b>");
    expect(html).toContain('<script type="module" src="/assets/boot.js"></script>');
  });

  it("keeps a page per URL until a write changes the catalog", async () => {
    const first = await page("/categories/collections/market-place/001?sort=newest");
    const before = (await entry()).renders;
    expect(await page("/categories/collections/market-place/001?sort=newest")).toBe(first);
    expect((await entry()).renders).toBe(before);
    // Another query string is another page.
    await page("/categories/collections/market-place/001?sort=price_asc");
    expect((await entry()).renders).toBe(before + 1);
    // A catalog write bumps the public cache's version: the page is drawn again, with the new data.
    await createCategory(ctx.db, { name: "SSR Fashion" });
    ctx.app.publicCache.invalidate();
    const after = await page("/categories/collections/market-place/001?sort=newest");
    expect((await entry()).renders).toBe(before + 2);
    expect(after).toContain("categories 200 2 ");
  });

  it("lets the renderer read the API but never write through it", async () => {
    expect(await page("/categories/collections/market-place/post")).toContain("<p>post 405</p>");
  });

  it("answers the plain shell when the renderer fails, gives up, or the page is not a rendered one", async () => {
    for (const url of ["/aboutScreen", "/contact", "/shop", "/admin_real/dashboard"]) {
      const html = await page(url);
      expect(html, url).toContain('<div id="root"></div>');
      expect(html, url).not.toContain("rq-state");
    }
  });

  it("draws every shopper page, those of the signed-in customer for them (ADR 0130)", async () => {
    for (const url of ["/signin", "/cart", "/wishlist", "/contactScreen"]) {
      expect(await page(url), url).toContain(`<div id="root"><p>categories 200 `);
    }
    const { token } = await createUserWithToken(ctx.db);
    for (const url of ["/checkout", "/account", "/address", "/changePass", "/account/?tab=1"]) {
      const res = await ctx.request({ method: "GET", url, headers: { cookie: `${SESSION_COOKIES.session}=${token}` } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain(`<div id="root"><p>categories 200 `);
      expect(res.headers["cache-control"], url).toBe("private, no-store");
    }
  });

  it("sends a visitor without a session from the signed-in customer's pages where the app would, before drawing anything", async () => {
    const before = (await entry()).renders;
    const stale = `${SESSION_COOKIES.session}=${"x".repeat(43)}; ${SESSION_COOKIES.signedIn}=1`;
    const cases: [string, string][] = [
      ["/checkout", "/"],
      ["/checkout/?step=2", "/"],
      ["/account", "/signin?from=%2Faccount"],
      ["/address/", "/signin?from=%2Faddress%2F"],
      ["/changePass?x=1", "/signin?from=%2FchangePass"],
      // The web router matches paths in any letter case.
      ["/Account", "/signin?from=%2FAccount"],
    ];
    for (const [url, location] of cases) {
      for (const headers of [{}, { cookie: stale }]) {
        for (const method of ["GET", "HEAD"] as const) {
          const res = await ctx.request({ method, url, headers });
          expect(res.statusCode, `${method} ${url}`).toBe(302);
          expect(res.headers.location, url).toBe(location);
          expect(res.headers["cache-control"], url).toBe("no-cache");
          expect(String(res.headers.vary), url).toMatch(/Cookie/);
        }
      }
    }
    // A dead session's cookie is cleared by the redirect too.
    const cleared = await ctx.request({ method: "GET", url: "/account", headers: { cookie: stale } });
    expect(cleared.cookies.find((c) => c.name === SESSION_COOKIES.session)).toMatchObject({ value: "", maxAge: 0 });
    // A blocked account's session is no session.
    const blocked = await createUserWithToken(ctx.db);
    await ctx.db.update(users).set({ active: false }).where(eq(users.id, blocked.user.id));
    const gone = await ctx.request({ method: "GET", url: "/checkout", headers: { cookie: `${SESSION_COOKIES.session}=${blocked.token}` } });
    expect(gone.statusCode).toBe(302);
    // Nothing was drawn for any of them.
    expect((await entry()).renders).toBe(before);
    // The customer area is for customers: a seller or an admin goes home; checkout stays open to them.
    for (const accType of ["business", "admin"] as const) {
      const { token } = await createUserWithToken(ctx.db, { accType });
      const cookie = `${SESSION_COOKIES.session}=${token}`;
      const account = await ctx.request({ method: "GET", url: "/account", headers: { cookie } });
      expect(account.statusCode, accType).toBe(302);
      expect(account.headers.location, accType).toBe("/");
      expect((await ctx.request({ method: "GET", url: "/checkout", headers: { cookie } })).statusCode, accType).toBe(200);
    }
    // /cart and /wishlist ask a signed-out visitor to sign in on the page itself (the spec's layout).
    for (const url of ["/cart", "/wishlist", "/signin"]) expect((await ctx.request({ method: "GET", url })).statusCode, url).toBe(200);
  });

  it("compresses the pages it draws, answers HEAD without a body, and unknown /api paths with a JSON 404", async () => {
    const url = "/categories/collections/market-place/big";
    const gz = await ctx.request({ method: "GET", url, headers: { "accept-encoding": "gzip" } });
    expect(gz.statusCode).toBe(200);
    expect(gz.headers["content-encoding"]).toBe("gzip");
    const html = gunzipSync(gz.rawPayload).toString();
    expect(html).toContain("<li>Laptop Backpack</li>".repeat(400));
    expect(gz.rawPayload.length).toBeLessThan(html.length / 5);
    const head = await ctx.request({ method: "HEAD", url });
    expect(head.statusCode).toBe(200);
    expect(head.headers["content-type"]).toMatch(/text\/html/);
    expect(head.body).toBe("");
    for (const missing of ["/api/nothing-here", "/assets/missing.js"]) {
      const res = await ctx.request({ method: "GET", url: missing });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(errorBody(404, `Route GET ${missing} not found`));
    }
    const post = await ctx.request({ method: "POST", url: "/contactScreen" });
    expect(post.statusCode).toBe(404);
  });

  it("answers 404 with the app shell, which draws the not-found page, on a path that is no page of the app", async () => {
    for (const url of [
      "/no-such-page",
      "/product/market-place/1/extra",
      "/categories/collections/x",
      "/admin_real/dashboard/nope",
      "/cartx?x=1",
    ]) {
      const res = await ctx.request({ method: "GET", url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers["content-type"], url).toMatch(/text\/html/);
      expect(res.body, url).toContain('<script type="module" src="/assets/boot.js">');
      expect((await ctx.request({ method: "HEAD", url })).statusCode, url).toBe(404);
    }
    // The web router's own matching: any letter case, a trailing slash, a query string.
    for (const url of [
      "/",
      "/Cart/",
      "/wishlist?step=1",
      "/shop",
      "/admin_real/dashboard/",
      "/admin_real/dashboard/update_service/7",
      "/admin/dashboard/add_Services",
    ]) {
      expect((await ctx.request({ method: "GET", url })).statusCode, url).toBe(200);
    }
  });

  it("answers the plain shell after 2 s when a render hangs", async () => {
    const html = await page("/categories/collections/services/slow");
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain("rq-state");
  });
});
