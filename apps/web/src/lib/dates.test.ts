import { describe, expect, it } from "vitest";
import { formatDay } from "./dates";

describe("formatDay", () => {
  it("writes the day as en-NG's medium date style does", () => {
    for (const iso of ["2026-01-05T10:00:00Z", "2026-11-27T12:30:00Z", "2025-02-28T09:00:00Z", "2024-12-31T11:00:00Z"]) {
      expect(formatDay(iso)).toBe(new Date(iso).toLocaleDateString("en-NG", { dateStyle: "medium" }));
    }
    expect(formatDay(new Date(2026, 6, 9))).toBe("9 Jul 2026");
  });

  it("answers an empty string for an unreadable date", () => {
    expect(formatDay("not a date")).toBe("");
  });
});
