/**
 * The single-line text rule (plainText): bidi controls, zero-width and other invisible or control
 * characters are refused with a plain message; text is NFKC-normalised, spaces collapsed, trimmed.
 * Also checks that every name and title field of the contract uses it.
 */
import { describe, expect, it } from "vitest";
import { AddressFields, ProfileUpdateBody, SignUpForm } from "./accounts.js";
import { AdminCreateUserBody } from "./admin.js";
import { CategoryCreateInput, ProductCreateInput } from "./catalog.js";
import { ContactBody } from "./engagement.js";
import { isPlainText, notAllowedMessage, plainText } from "./plain-text.js";

const REFUSED: Array<[string, string]> = [
  ["LRE", "\u202A"],
  ["RLE", "\u202B"],
  ["PDF", "\u202C"],
  ["LRO", "\u202D"],
  ["RLO", "\u202E"],
  ["LRI", "\u2066"],
  ["RLI", "\u2067"],
  ["FSI", "\u2068"],
  ["PDI", "\u2069"],
  ["LRM", "\u200E"],
  ["RLM", "\u200F"],
  ["ALM", "\u061C"],
  ["zero-width space", "\u200B"],
  ["zero-width non-joiner", "\u200C"],
  ["zero-width joiner", "\u200D"],
  ["word joiner", "\u2060"],
  ["BOM", "\uFEFF"],
  ["soft hyphen", "\u00AD"],
  ["Hangul filler", "\u3164"],
  ["combining grapheme joiner", "\u034F"],
  ["tag letter", "\u{E0061}"],
  ["NUL", "\u0000"],
  ["bell", "\u0007"],
  ["tab", "\t"],
  ["new line", "\n"],
  ["carriage return", "\r"],
  ["DEL", "\u007F"],
  ["C1 control", "\u0085"],
  ["line separator", "\u2028"],
  ["paragraph separator", "\u2029"],
  ["private use", "\uE000"],
  ["lone surrogate", "\uD800"],
];

describe("plainText()", () => {
  const name = plainText("Name").min(2, "Too short").max(80, "Too long");

  it.each(REFUSED)("refuses %s inside a name, with a plain message", (_label, ch) => {
    const res = name.safeParse(`Ada${ch}Obi`);
    expect(res.success).toBe(false);
    expect(res.error?.issues.map((i) => i.message)).toContain("Name contains characters that are not allowed");
    expect(isPlainText(`Ada${ch}Obi`)).toBe(false);
  });

  it("refuses the 'Trojan Source' reversal of a seller name", () => {
    // Shows as "Adachampign" in a browser, but is "Ada" + RLO + "gnipmahc".
    expect(name.safeParse("Ada\u202Egnipmahc").success).toBe(false);
  });

  it("accepts names in Nigerian languages, accents, apostrophes, hyphens and emoji", () => {
    for (const ok of ["Ọlábísí Ògúnlèyè", "Chukwuemeka Nwáńkwọ́", "Ɓello Ɗanjuma", "Ngozi O'Neil-Eze", "Ada's Shop ❤️", "Àgbà 🇳🇬", "عائشة"]) {
      expect(name.safeParse(ok).data, ok).toBe(ok.normalize("NFC"));
    }
  });

  it("turns full-width and other compatibility look-alikes into the letters they imitate (NFKC)", () => {
    expect(name.parse("\uFF2A\uFF4F\uFF48\uFF4E \uFF2F\uFF4B\uFF41\uFF46\uFF4F\uFF52")).toBe("John Okafor");
    expect(name.parse("\u{1D400}da \uFB01ne")).toBe("Ada fine");
    // A look-alike that hides an invisible character is still refused once normalised.
    expect(name.safeParse("\uFF2Ada\u200BObi").success).toBe(false);
  });

  it("normalises to NFC, collapses runs of spaces and trims", () => {
    // "e" + combining acute (NFD) becomes the single code point é.
    expect(name.parse("  Jose\u0301   Okafor \u00A0 ")).toBe("Jos\u00E9 Okafor");
    expect(name.parse("Ada\u3000Obi")).toBe("Ada Obi");
  });

  it("counts lengths on the cleaned text", () => {
    expect(name.safeParse("   A   ").success).toBe(false);
    expect(name.safeParse(` ${"a".repeat(80)} `).success).toBe(true);
  });

  it("uses the field's label and the type message", () => {
    const title = plainText("Product name", "Name is required");
    expect(title.safeParse("Kettle\u200B").error?.issues[0]?.message).toBe(notAllowedMessage("Product name"));
    expect(title.safeParse(undefined).error?.issues[0]?.message).toBe("Name is required");
  });
});

describe("name and title fields of the contract", () => {
  const RLO = "Ada\u202Egnipmahc";
  const ZW = "Ada\u200BObi";
  const signUp = {
    username: "ada_obi",
    email: "ada@example.ng",
    phone: "08031234567",
    password: "Secret#2026",
    confirm_password: "Secret#2026",
    accType: "customer",
    category_ids: [],
    desc: "",
  };

  const cases: Array<[string, () => { success: boolean; error?: { issues: Array<{ path: PropertyKey[] }> } }, string]> = [
    ["sign-up names", () => SignUpForm.safeParse({ ...signUp, names: RLO }), "names"],
    ["sign-up username", () => SignUpForm.safeParse({ ...signUp, names: "Ada Obi", username: "ada\u200Dobi" }), "username"],
    ["profile names", () => ProfileUpdateBody.safeParse({ names: ZW }), "names"],
    [
      "address first name",
      () => AddressFields.safeParse({ first_name: RLO, last_name: "Obi", address1: "1 Way", country: "Nigeria" }),
      "first_name",
    ],
    [
      "address line",
      () => AddressFields.safeParse({ first_name: "Ada", last_name: "Obi", address1: "1 Way\u2066", country: "Nigeria" }),
      "address1",
    ],
    ["admin-created user names", () => AdminCreateUserBody.safeParse({ ...signUp, names: ZW }), "names"],
    ["category name", () => CategoryCreateInput.safeParse({ name: "Pho\u00ADnes", type: "market-place" }), "name"],
    [
      "product name",
      () => ProductCreateInput.safeParse({ name: RLO, category_id: "0b9f6f9e-0000-4000-8000-000000000000", price: 100, count_in_stock: 1 }),
      "name",
    ],
    ["contact name", () => ContactBody.safeParse({ name: ZW, email: "a@example.ng" }), "name"],
    ["contact subject", () => ContactBody.safeParse({ name: "Ada", email: "a@example.ng", subject: "Refund\u202E" }), "subject"],
  ];

  it.each(cases)("%s refuses bidi and zero-width characters", (_label, parse, field) => {
    const res = parse();
    expect(res.success).toBe(false);
    expect(res.error?.issues.some((i) => i.path[0] === field)).toBe(true);
  });
});
