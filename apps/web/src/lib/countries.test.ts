import countries from "i18n-iso-countries";
import en from "i18n-iso-countries/langs/en.json";
import { describe, expect, it } from "vitest";
import { countryNames } from "./countries";

describe("countryNames", () => {
  it("lists the library's official English names A-Z as an English collator sorts them, the given one first", () => {
    countries.registerLocale(en);
    const library = Object.values(countries.getNames("en", { select: "official" })).sort((a, b) => a.localeCompare(b, "en"));
    expect(countryNames("Nigeria")).toEqual(["Nigeria", ...library.filter((n) => n !== "Nigeria")]);
    const list = countryNames("Pakistan");
    expect(list[0]).toBe("Pakistan");
    expect(list.indexOf("Åland Islands")).toBeLessThan(list.indexOf("Albania"));
    expect(list).toHaveLength(250);
  });
});
