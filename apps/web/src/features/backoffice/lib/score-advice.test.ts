import type { SellerScore } from "@market/contract";
import { describe, expect, it } from "vitest";
import { scoreAdvice } from "./score-advice";

const score = (s: Partial<SellerScore>): SellerScore => ({
  label: "Good",
  value: 80,
  orders: 12,
  fulfilled_rate: 1,
  on_time_rate: 1,
  no_problem_rate: 1,
  rating: 5,
  rating_count: 4,
  ...s,
});

describe("scoreAdvice", () => {
  it("puts the weakest measured part first and names the parts already good", () => {
    const a = scoreAdvice(score({ on_time_rate: 0.6, no_problem_rate: 0.8, rating: 4.8 }));
    expect(a.raise.map((r) => [r.part, r.shown])).toEqual([
      ["Shipped on time", "60%"],
      ["Without a problem or return", "80%"],
    ]);
    expect(a.raise[0]!.advice).toMatch(/ship-by deadline/);
    expect(a.good).toEqual(["Orders fulfilled (100%)", "Average rating (4.8 of 5)"]);
    expect(a.notMeasured).toEqual([]);
    expect(a.ordersToGo).toBeNull();
  });

  it("reads a low rating on the score's own scale: 3 stars (50%) comes before 70% on time", () => {
    const a = scoreAdvice(score({ on_time_rate: 0.7, rating: 3 }));
    expect(a.raise.map((r) => r.part)).toEqual(["Average rating", "Shipped on time"]);
  });

  it("says what is not measured yet and how many orders a new seller still needs", () => {
    const a = scoreAdvice(score({ label: "New seller", value: null, orders: 2, on_time_rate: null, rating: null, rating_count: 0 }));
    expect(a.notMeasured.map((n) => n.part)).toEqual(["Shipped on time", "Average rating"]);
    expect(a.ordersToGo).toBe(3);
    expect(a.raise).toEqual([]);
    expect(a.good).toEqual(["Orders fulfilled (100%)", "Without a problem or return (100%)"]);
  });
});
