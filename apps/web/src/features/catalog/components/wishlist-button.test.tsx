import { STORAGE_KEYS } from "@market/contract";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { mockFetch, renderWithProviders } from "../../../test/render";
import { WishlistButton } from "./wishlist-button";

const ME = { statusCode: 200, data: { _id: "u1", names: "Tunde", accType: "customer", verified: {} } };
const line = {
  _id: "p1",
  product_id: "p1",
  name: "Rice",
  image_urls: [],
  price: 100,
  count_in_stock: 1,
  in_stock: true,
  listed: true,
  added_at: "",
};

describe("WishlistButton", () => {
  it("sends a signed-out shopper to /signin", async () => {
    mockFetch({});
    const { router } = renderWithProviders(<WishlistButton productId="p1" />);
    await userEvent.click(screen.getByRole("button", { name: "Add to wishlist" }));
    expect(router.state.location.pathname).toBe("/signin");
  });

  it("adds with POST, then shows the filled heart and removes with DELETE", async () => {
    localStorage.setItem(STORAGE_KEYS.token, "t".repeat(43));
    let list: (typeof line)[] = [];
    const calls: string[] = [];
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? "GET";
      calls.push(`${method} ${url} ${init?.body ?? ""}`.trim());
      if (url.startsWith("/api/me")) return new Response(JSON.stringify(ME));
      if (method === "POST") list = [line];
      if (method === "DELETE") list = [];
      return new Response(JSON.stringify({ statusCode: 200, data: list }));
    }) as typeof fetch;
    renderWithProviders(<WishlistButton productId="p1" />);
    // The live button (its own chunk) replaces the empty heart and reads the wishlist.
    await waitFor(() => expect(calls).toContain("GET /api/wishlist"));
    const add = await screen.findByRole("button", { name: "Add to wishlist" });
    expect(add).toHaveAttribute("aria-pressed", "false");
    await userEvent.click(add);
    const remove = await screen.findByRole("button", { name: "Remove from wishlist" });
    expect(remove).toHaveAttribute("aria-pressed", "true");
    expect(calls).toContain('POST /api/wishlist {"product_id":"p1"}');
    await userEvent.click(remove);
    expect(await screen.findByRole("button", { name: "Add to wishlist" })).toBeInTheDocument();
    expect(calls).toContain("DELETE /api/wishlist?product_id=p1");
  });
});
