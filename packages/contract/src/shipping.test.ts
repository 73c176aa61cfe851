import { describe, expect, it } from "vitest";
import { nigerianState } from "./nigeria.js";
import { ShippingRatesBody } from "./schemas/shipping.js";
import { deliveryLine } from "./shipping.js";

describe("deliveryLine (the product page's delivery sentence)", () => {
  const rates = [
    { state: "Lagos" as const, fee: 1500, min_days: 1, max_days: 2 },
    { state: "Oyo" as const, fee: 0, min_days: 1, max_days: 1 },
  ];
  it("names the state, days and fee of the seller's rate", () => {
    expect(deliveryLine(rates, "Lagos")).toEqual({ delivers: true, text: "Delivers to Lagos in 1-2 days, ₦1,500" });
    expect(deliveryLine(rates, "Oyo").text).toBe("Delivers to Oyo in 1 day, free");
  });
  it("says the seller does not deliver to a state without a rate", () => {
    expect(deliveryLine(rates, "Kano")).toEqual({ delivers: false, text: "Does not deliver to Kano" });
  });
  it("a seller without rates delivers everywhere at the store's rate", () => {
    expect(deliveryLine([], "Kano").text).toBe("Delivers to Kano in 2-5 days, ₦2,000");
  });
});

describe("nigerianState", () => {
  it("reads typed states as the list spells them", () => {
    expect(["lagos state", " Lagos ", "Abuja", "Federal Capital Territory", "akwa  ibom", "Atlantis"].map(nigerianState)).toEqual([
      "Lagos",
      "Lagos",
      "FCT",
      "FCT",
      "Akwa Ibom",
      null,
    ]);
    expect(["FCT - Abuja", "fct", "FCT, Abuja", "Abuja Lagos", "Kano-FCT", "fctx"].map(nigerianState)).toEqual([
      "FCT",
      "FCT",
      "FCT",
      null,
      null,
      null,
    ]);
  });
});

describe("ShippingRatesBody", () => {
  it("takes an empty rates list (the store's rate) and refuses a state twice", () => {
    expect(ShippingRatesBody.safeParse({ rates: [] }).success).toBe(true);
    const r = { state: "Lagos", fee: 100, min_days: 1, max_days: 2 };
    expect(ShippingRatesBody.safeParse({ rates: [r, r] }).success).toBe(false);
  });
});
