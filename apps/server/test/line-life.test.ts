/**
 * The paid line's transition table (ADR 0193) as data: who may make each move from which state, and
 * the "received or completed" test other modules (reviews, ratings) count settled sales by.
 */
import { FULFILMENT_STATUSES } from "@market/contract";
import { describe, expect, it } from "vitest";
import { canMove, isReceivedOrCompleted, LINE_TRANSITIONS, refusal } from "../src/modules/commerce/line-life.js";

describe("line life", () => {
  it("lets only the named actor make a move, only from its states", () => {
    expect(canMove("ship", "unfulfilled", "seller")).toBe(true);
    expect(canMove("ship", "unfulfilled", "buyer")).toBe(false);
    expect(canMove("receive", "shipped", "buyer")).toBe(false);
    expect(canMove("receive", "delivered", "timer")).toBe(true);
    expect(canMove("cancel", "shipped", "seller")).toBe(false);
    expect(canMove("report", "received", "buyer")).toBe(false);
    expect(canMove("accept", "disputed", "timer")).toBe(true);
    expect(canMove("decide_rest", "disputed", "seller")).toBe(false);
  });

  it("ends nowhere it cannot leave wrongly: cancelled, refunded and completed lines never move again", () => {
    for (const end of ["cancelled", "refunded", "completed"] as const) {
      for (const t of Object.values(LINE_TRANSITIONS)) expect(t.from).not.toContain(end);
    }
    for (const t of Object.values(LINE_TRANSITIONS)) expect(FULFILMENT_STATUSES).toContain(t.to);
  });

  it("says why a move is refused", () => {
    expect(refusal("receive", "unfulfilled")).toBe("This item is not shipped yet: it cannot be confirmed received now");
    expect(refusal("cancel", "shipped")).toBe("This item is shipped: it cannot be cancelled now");
  });

  it("counts a line settled only once received or completed", () => {
    expect(FULFILMENT_STATUSES.filter(isReceivedOrCompleted)).toEqual(["received", "completed"]);
  });
});
