/**
 * The server's landing pages come from the contract's table (ADR 0170): each pathname draws the
 * page it drew when the patterns were written out by hand, and every module the table names is a
 * file of the web app (a renamed page would otherwise silently lose its preloads and budget).
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LANDING_PAGES, signedInRedirect } from "../src/plugins/landing-pages.js";

const WEB = path.resolve(import.meta.dirname, "../../web");
const drawn = (pathname: string) => LANDING_PAGES.find((p) => p.pattern.test(pathname))?.name ?? null;

describe("LANDING_PAGES", () => {
  it("matches each page's paths, with or without a trailing slash, and nothing else", () => {
    const cases: [string, string | null][] = [
      ["/", "home"],
      ["//", null],
      ["/categories/collections/market-place/001", "listing"],
      ["/categories/collections/market-place/001/", "listing"],
      ["/categories/collections/market-place", null],
      ["/product/market-place/42", "product"],
      ["/product/market-place/42/extra", null],
      ["/aboutScreen", "about"],
      ["/aboutScreen/", "about"],
      ["/contact", "contact"],
      ["/contactScreen/", "contact"],
      ["/contactScreenX", null],
      ["/signin", "signin"],
      ["/cart", "cart"],
      ["/wishlist", "wishlist"],
      ["/checkout", "checkout"],
      ["/account", "account"],
      ["/address", "address"],
      ["/changePass", "change-password"],
      ["/shop", null],
      ["/admin_real/dashboard", null],
      // Drawn in the contract's letter case only; the redirects below take any case.
      ["/CART", null],
    ];
    for (const [pathname, name] of cases) expect(drawn(pathname), pathname).toBe(name);
  });

  it("names page modules and parts that exist in the web app", () => {
    for (const { page, parts = [] } of LANDING_PAGES) {
      for (const file of [page, ...parts]) expect(existsSync(path.join(WEB, file)), file).toBe(true);
    }
  });

  it("sends a visitor without a session from the customer's pages, in any letter case", () => {
    expect(signedInRedirect("/checkout", null)).toBe("/");
    expect(signedInRedirect("/Account/", null)).toMatch(/^\/signin\?from=/);
    expect(signedInRedirect("/changePass", { accType: "business" })).toBe("/");
    expect(signedInRedirect("/changePass", { accType: "customer" })).toBeNull();
    expect(signedInRedirect("/cart", null)).toBeNull();
  });

  it("sends a signed-in visitor of /signin on: a customer to the account, others to the back office", () => {
    expect(signedInRedirect("/signin", { accType: "customer" })).toBe("/account");
    expect(signedInRedirect("/SignIn/", { accType: "business" })).toBe("/admin_real/dashboard");
    expect(signedInRedirect("/signin", { accType: "admin" })).toBe("/admin_real/dashboard");
    expect(signedInRedirect("/signin", null)).toBeNull();
  });
});
