import { describe, expect, it } from "vitest";
import { variantName } from "./variants.js";

describe("variantName (ADR 0215)", () => {
  it("names a variant by its values in the options' order, a short code after its option's name", () => {
    expect(variantName("Ankara Wrap Dress", { Size: "M", Colour: "Blue" })).toBe("Ankara Wrap Dress, Size M, Blue");
    expect(variantName("Ankara Wrap Dress", { Size: "XL", Colour: "Red" })).toBe("Ankara Wrap Dress, Size XL, Red");
    expect(variantName("Tecno Camon 30", { Storage: "256GB" })).toBe("Tecno Camon 30, 256GB");
    expect(variantName("Kettle", {})).toBe("Kettle");
    expect(variantName("Kettle", null)).toBe("Kettle");
  });
});
