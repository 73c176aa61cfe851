import { describe, expect, it } from "vitest";
import { safeReturnPath } from "./return-path";

const ORIGIN = "https://naija.example";

describe("safeReturnPath", () => {
  // What `/signin?from=...` can carry: every one of these must send the shopper home (null), never
  // to another site and never to a path the router refuses ("External navigation is not allowed").
  it.each([
    ["/\t/evil.example"],
    ["/\n/evil.example"],
    ["//evil.example"],
    ["/\\evil.example"],
    ["\\\\evil.example"],
    ["https://evil.example"],
    ["javascript:alert(1)"],
    [new URLSearchParams("from=%2F%09%2Fevil.example").get("from")],
    ["/signin"],
    [""],
    [null],
  ])("refuses %j", (from) => {
    expect(safeReturnPath(from, ORIGIN)).toBeNull();
  });

  it.each([
    ["/account", "/account"],
    ["/cart?x=1#y", "/cart?x=1#y"],
    ["/changePass", "/changePass"],
    [`${ORIGIN}/address`, "/address"],
  ])("follows %j to %j", (from, to) => {
    expect(safeReturnPath(from, ORIGIN)).toBe(to);
  });
});
