import { describe, expect, it } from "vitest";
import { readAddIntent, signInToAddPath } from "./cart-intent";

describe("the add to cart carried through /signin", () => {
  it("goes there and back with the page, the product and the quantity", () => {
    const path = signInToAddPath("/product/market-place/abc-123?x=1", { product: "abc-123", qty: 2 });
    expect(path.startsWith("/signin?")).toBe(true);
    const q = new URLSearchParams(path.slice("/signin".length));
    expect(q.get("from")).toBe("/product/market-place/abc-123?x=1");
    expect(readAddIntent(path.slice("/signin".length))).toEqual({ product: "abc-123", qty: 2 });
  });

  it.each([
    ["?from=/cart"],
    ["?add=<script>&qty=1"],
    ["?add=abc&qty=0"],
    ["?add=abc&qty=1.5"],
    ["?add=abc&qty=-2"],
    ["?add=abc&qty=9999999"],
    ["?add=abc&qty=two"],
  ])("reads no intent from %j", (search) => {
    expect(readAddIntent(search)).toBeNull();
  });

  it("takes one unit when no quantity is given", () => {
    expect(readAddIntent("?add=abc")).toEqual({ product: "abc", qty: 1 });
  });
});
