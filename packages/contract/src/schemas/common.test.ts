import { describe, expect, it } from "vitest";
import { CreateSessionBody } from "./cart.js";
import { Naira } from "./common.js";

describe("Naira (every naira input of the API)", () => {
  it("takes whole naira and amounts with 1 or 2 decimals, including float sums of them", () => {
    for (const n of [0, 0.01, 0.1, 0.29, 33.33, 0.1 + 0.2, 19.99 * 3, 9_999_999_998.99, 9_999_999_999]) {
      expect(Naira.safeParse(n).success, String(n)).toBe(true);
    }
  });

  it("refuses amounts below 1 kobo and more than 2 decimals, however small the excess", () => {
    for (const n of [0.000000001, 1e-7, 0.001, 0.005, 12.345, 100.0000001, 999_999_999.999]) {
      const parsed = Naira.safeParse(n);
      expect(parsed.success, String(n)).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe("Value can have at most 2 decimals");
    }
  });

  it("refuses negative, too large and non-finite amounts", () => {
    for (const n of [-0.01, 10_000_000_000, Number.NaN, Number.POSITIVE_INFINITY])
      expect(Naira.safeParse(n).success, String(n)).toBe(false);
  });
});

describe("the checkout's naira strings", () => {
  const body = { first_name: "Ada", last_name: "Okafor", address1: "1 Broad St", city: "Lagos", state: "Lagos", country: "Nigeria" };
  const parse = (amount: unknown) => CreateSessionBody.safeParse({ ...body, phone: "08031234567", account_no: "0123456789", amount });

  it("take the form's 2-decimal string and refuse a fraction of a kobo as the amount's field error", () => {
    expect(parse("12500.00").data?.amount).toBe(12500);
    const tiny = parse("12500.001");
    expect(tiny.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([["amount", "Amount can have at most 2 decimals"]]);
  });
});
