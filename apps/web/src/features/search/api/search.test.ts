import { describe, expect, it } from "vitest";
import { apiSearchParams } from "./search";

describe("apiSearchParams", () => {
  it("joins a facet's repeated values with commas and leaves out empty and unknown parameters", () => {
    const page = new URLSearchParams("q=phone&kind=product&category_id=a&category_id=b&state=Lagos&min_price=&filters=open&cursor=xyz");
    expect(apiSearchParams(page)).toBe("q=phone&cursor=xyz&kind=product&category_id=a%2Cb&state=Lagos");
  });

  it("passes variant options on repeated (their values may hold commas), once each", () => {
    const page = new URLSearchParams("q=shirt&option=Size:M&option=Colour:Red, White&option=Size:M&option=");
    expect(apiSearchParams(page)).toBe("q=shirt&option=Size%3AM&option=Colour%3ARed%2C+White");
  });

  it("always asks with a query, empty when none", () => {
    expect(apiSearchParams(new URLSearchParams("user_id=u1"))).toBe("user_id=u1&q=");
  });
});
