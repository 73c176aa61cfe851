/** A back-office write marks stale its own screen's keys and the dashboard's figures, and nothing else. */
import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { invalidateWithDashboard } from "./dashboard";

describe("invalidateWithDashboard", () => {
  it("marks the given keys (and what lies under them) and the dashboard stale, other queries not", async () => {
    const qc = new QueryClient();
    for (const key of [
      ["bo", "dashboard"],
      ["bo", "orders", "page-1"],
      ["bo", "users"],
      ["listing", "services"],
    ])
      qc.setQueryData(key, {});
    await invalidateWithDashboard(qc, ["bo", "orders"]);
    const stale = (key: string[]) => qc.getQueryState(key)?.isInvalidated;
    expect(stale(["bo", "dashboard"])).toBe(true);
    expect(stale(["bo", "orders", "page-1"])).toBe(true);
    expect(stale(["bo", "users"])).toBe(false);
    expect(stale(["listing", "services"])).toBe(false);
  });
});
