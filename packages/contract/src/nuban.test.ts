import { describe, expect, it } from "vitest";
import { isValidNuban, nuban, nubanCheckDigit } from "./nuban";

describe("NUBAN check digit (CBN)", () => {
  it("matches the standard's worked example and checks a number against its bank", () => {
    // The CBN's example: First Bank (011), serial 000001457, check digit 9.
    expect(nubanCheckDigit("011", "000001457")).toBe(9);
    expect(nuban("011", "000001457")).toBe("0000014579");
    expect(isValidNuban("011", "0000014579")).toBe(true);
    expect(isValidNuban("011", "0000014578")).toBe(false);
    expect(isValidNuban("058", "0123456789")).toBe(false);
    expect(isValidNuban("058", "12345")).toBe(false);
  });
});
