import { describe, expect, it } from "vitest";
import { starsSummary } from "./stars";

describe("starsSummary", () => {
  it("says what the stars count: every star rating, and how many came with a written review", () => {
    expect(starsSummary({ stars: 3.8, reactions_count: 4, reviews_count: 0 })).toBe(
      "Stars: 3.8 from 4 star ratings (0 with a written review)",
    );
    expect(starsSummary({ stars: 5, reactions_count: 1, reviews_count: 1 })).toBe("Stars: 5 from 1 star rating (1 with a written review)");
    expect(starsSummary({ stars: 0, reactions_count: 0, reviews_count: 0 })).toBe("Stars: 0 (no ratings yet)");
  });
});
