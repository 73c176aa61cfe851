import { describe, expect, it } from "vitest";
import { bucketLabel, presetPeriod } from "./periods";

describe("Finance periods in Lagos time (UTC+1)", () => {
  // 00:30 on 1 March in Lagos is still 28 February in UTC.
  const now = new Date("2026-02-28T23:30:00Z");

  it("starts months and days at Lagos midnight", () => {
    expect(presetPeriod("month", now)).toEqual({ from: "2026-02-28T23:00:00.000Z" });
    expect(presetPeriod("3m", now)).toEqual({ from: "2025-12-31T23:00:00.000Z" });
    expect(presetPeriod("12m", now)).toEqual({ from: "2025-03-31T23:00:00.000Z" });
    expect(presetPeriod("30d", now)).toEqual({ from: "2026-01-30T23:00:00.000Z" });
    expect(presetPeriod("all", now)).toEqual({});
  });

  it("gives the same period all day (a stable query)", () => {
    expect(presetPeriod("30d", new Date("2026-03-01T10:00:00Z"))).toEqual(presetPeriod("30d", now));
  });

  it("labels days and months", () => {
    expect(bucketLabel("2026-02-03", "day")).toBe("3 Feb");
    expect(bucketLabel("2026-02-01", "month")).toBe("Feb 26");
  });
});
