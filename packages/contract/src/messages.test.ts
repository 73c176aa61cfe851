import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AdminActionBody } from "./schemas/admin.js";
import { ProductCreateInput, ProductListQuery } from "./schemas/catalog.js";

/** The first message per top-level field, as the server's 400 answer and the forms show them. */
function messages(schema: z.ZodType, input: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of schema.safeParse(input).error?.issues ?? []) out[String(issue.path[0] ?? "body")] ??= issue.message;
  return out;
}

describe("the contract's messages are sentences", () => {
  it("names the field and says what to do, in Zod's place", () => {
    expect(messages(ProductCreateInput, { name: "Kettle", category_id: "", price: -5, count_in_stock: 1 })).toEqual({
      category_id: "Choose a category",
      price: "Price cannot be negative",
    });
    expect(messages(ProductCreateInput, { name: "Kettle", category_id: null, count_in_stock: 1 })).toEqual({
      category_id: "Choose a category",
      price: "Price is required",
    });
    expect(messages(ProductCreateInput, { name: "Kettle", category_id: crypto.randomUUID(), price: 1.234, count_in_stock: 1 })).toEqual({
      price: "Price can have at most 2 decimals",
    });
    expect(messages(ProductListQuery, { id: "not-an-id" })).toEqual({ id: "This item does not exist" });
    expect(messages(AdminActionBody, { account_id: "x", req_type: "block" })).toEqual({ account_id: "This account does not exist" });
  });

  it("never lets Zod's own wording through", () => {
    const zodWords = /expected|received|invalid (input|uuid|id)|too (small|big)|>=|<=/i;
    const schema = z.object({ a: z.string().min(3), b: z.number().max(10), c: z.array(z.string()).min(1), d: z.email(), e: z.enum(["x"]) });
    const all = Object.values(messages(schema, { a: "x", b: 11, c: [], d: "no", e: "y" }));
    expect(all).toHaveLength(5);
    for (const m of all) expect(m).not.toMatch(zodWords);
    expect(all).toEqual([
      "A must have at least 3 characters",
      "B must be at most 10",
      "Choose at least one c",
      "Please enter a valid e-mail address",
      "Choose a valid e",
    ]);
  });
});
