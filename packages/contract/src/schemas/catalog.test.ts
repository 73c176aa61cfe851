import { describe, expect, it } from "vitest";
import { averageStars } from "./catalog.js";

describe("averageStars", () => {
  it("is null when nobody rated (the API answers 0, the page's structured data has no rating)", () => {
    expect(averageStars(0, 0)).toBeNull();
  });

  it("averages to one decimal", () => {
    expect(averageStars(9, 2)).toBe(4.5);
    expect(averageStars(10, 3)).toBe(3.3);
    expect(averageStars(5, 1)).toBe(5);
  });
});
