import { formatNaira, formatNairaDecimals } from "@market/contract";
import { describe, expect, it } from "vitest";
import { naira2 } from "./money";

/** The formatter the helpers replace (ADR 0072): their output must stay exactly Intl's. */
const intl = (min: number, max: number) =>
  new Intl.NumberFormat("en-NG", {
    style: "currency",
    currency: "NGN",
    currencyDisplay: "narrowSymbol",
    minimumFractionDigits: min,
    maximumFractionDigits: max,
  });

/** Naira amounts as the API sends them: kobo / 100, small and large, whole and with kobo, negative. */
const AMOUNTS = [
  0, 1, 5, 9.99, 10, 99.5, 100, 999, 1000, 1234.56, 2500.5, 12500, 21000, 99999.99, 100000, 1234567, 1234567.89, 987654321.05,
];
const SAMPLES = [...AMOUNTS, ...AMOUNTS.filter((a) => a > 0).map((a) => -a)];
for (let kobo = 0; kobo < 2_000_000; kobo += 7919) SAMPLES.push(kobo / 100);

describe("naira formatting without Intl", () => {
  it("writes every amount as Intl en-NG does, with 0-2 decimals (formatNaira) and exactly 2 (naira2)", () => {
    const f02 = intl(0, 2);
    const f22 = intl(2, 2);
    for (const n of SAMPLES) {
      expect(formatNaira(n), String(n)).toBe(f02.format(n));
      expect(naira2(n), String(n)).toBe(f22.format(n));
    }
  });

  it("shows a missing or non-finite amount as zero", () => {
    expect(formatNaira(undefined)).toBe("₦0");
    expect(formatNaira(null)).toBe("₦0");
    expect(formatNaira(Number.NaN)).toBe("₦0");
    expect(naira2(Number.POSITIVE_INFINITY)).toBe("₦0.00");
    expect(formatNairaDecimals(-0.001, 0, 2)).toBe("₦0");
  });
});
