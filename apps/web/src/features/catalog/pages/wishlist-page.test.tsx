import { STORAGE_KEYS } from "@market/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { mockFetch, renderWithProviders } from "../../../test/render";
import WishlistPage from "./wishlist-page";

const ME = { statusCode: 200, data: { _id: "u1", names: "Tunde Bakare", accType: "customer", verified: {} } };
const item = (id: string, name: string, price: number, count: number, listed = true) => ({
  _id: id,
  product_id: id,
  name,
  image_urls: [`/uploads/${id}.webp`],
  price,
  count_in_stock: count,
  in_stock: listed && count > 0,
  listed,
  added_at: "2026-03-01T10:00:00.000Z",
});

/** fetch mock that keeps a wishlist and honours DELETE, recording each call as "METHOD url". */
function mockWishlistServer(items: ReturnType<typeof item>[]) {
  let list = [...items];
  const calls: string[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? "GET";
    calls.push(`${method} ${url}`);
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
    if (url.startsWith("/api/me")) return json(ME);
    if (url.startsWith("/api/cart") && method === "POST") {
      const { product_id, count } = JSON.parse(String(init?.body));
      const p = list.find((i) => i._id === product_id)!;
      const productId = { _id: p._id, name: p.name, image_urls: p.image_urls, price: p.price, count_in_stock: p.count_in_stock };
      return json({ statusCode: 200, message: "Added", data: { _id: "line1", productId, count } });
    }
    if (url.startsWith("/api/cart")) return json({ statusCode: 200, data: [] });
    if (url.startsWith("/api/wishlist") && method === "DELETE") {
      const id = new URL(url, "http://x").searchParams.get("product_id");
      list = list.filter((i) => i._id !== id);
      return json({ statusCode: 200, message: "Removed from your wishlist", data: list });
    }
    if (url.startsWith("/api/wishlist")) return json({ statusCode: 200, data: list });
    return new Response(JSON.stringify({ statusCode: 404, message: "not mocked" }), { status: 404 });
  }) as typeof fetch;
  return calls;
}

describe("WishlistPage", () => {
  it("asks a signed-out shopper to sign in and does not call the API", async () => {
    const calls = mockFetch({});
    renderWithProviders(<WishlistPage />, { path: "/wishlist", route: "/wishlist" });
    expect(await screen.findByText("Sign in to see the products you saved for later.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/signin");
    expect(calls.filter((c) => c.startsWith("/api/wishlist"))).toEqual([]);
  });

  it("lists name, naira unit price, the spec's stock words and ADD TO CART, disabled when out of stock", async () => {
    localStorage.setItem(STORAGE_KEYS.token, "t".repeat(43));
    mockWishlistServer([
      item("p1", "Ofada Rice 5kg", 16500, 3),
      item("p2", "Palm Oil 4 Litres", 1234567.5, 0),
      item("p3", "Gone", 500, 4, false),
    ]);
    renderWithProviders(<WishlistPage />, { path: "/wishlist", route: "/wishlist" });
    const rows = await screen.findAllByTestId("wishlist-row");
    expect(rows).toHaveLength(3);
    const [rice, oil, gone] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(rice).getByRole("link", { name: "Ofada Rice 5kg" })).toHaveAttribute("href", "/product/market-place/p1");
    expect(rice).toHaveTextContent("₦16,500");
    expect(within(rice).getByText("IN STOCK")).toBeInTheDocument();
    expect(within(rice).getByRole("button", { name: "ADD TO CART" })).toBeEnabled();
    expect(oil).toHaveTextContent("₦1,234,567.5");
    expect(within(oil).getByText("OUT OFF STOCK")).toBeInTheDocument();
    expect(within(oil).getByRole("button", { name: "ADD TO CART" })).toBeDisabled();
    expect(within(gone).getByText("No longer available")).toBeInTheDocument();
    expect(within(gone).queryByRole("link")).toBeNull();
    const thumb = rice.querySelector("img");
    expect(thumb).toHaveAttribute("src", "/uploads/p1-thumb.webp");
    expect(thumb).toHaveAttribute("loading", "lazy");
    expect(thumb).toHaveAttribute("width", "64");
  });

  it("removes a line through DELETE /api/wishlist and shows the empty state at the end", async () => {
    localStorage.setItem(STORAGE_KEYS.token, "t".repeat(43));
    const calls = mockWishlistServer([item("p1", "Ofada Rice 5kg", 16500, 3)]);
    renderWithProviders(<WishlistPage />, { path: "/wishlist", route: "/wishlist" });
    await userEvent.click(await screen.findByRole("button", { name: "Remove Ofada Rice 5kg from wishlist" }));
    expect(await screen.findByText("Your wishlist is empty")).toBeInTheDocument();
    expect(calls).toContain("DELETE /api/wishlist?product_id=p1");
  });

  it("adds a line to the cart and goes to /cart", async () => {
    localStorage.setItem(STORAGE_KEYS.token, "t".repeat(43));
    const calls = mockWishlistServer([item("p1", "Ofada Rice 5kg", 16500, 3)]);
    const { router } = renderWithProviders(<WishlistPage />, { path: "/wishlist", route: "/wishlist" });
    await userEvent.click(await screen.findByRole("button", { name: "ADD TO CART" }));
    await waitFor(() => expect(calls).toContain("POST /api/cart"));
    const cart = JSON.parse(localStorage.getItem(STORAGE_KEYS.cart) ?? "[]");
    expect(cart[0]).toMatchObject({ product: "p1", name: "Ofada Rice 5kg", price: 16500, countInStock: 3, qty: 1 });
    await waitFor(() => expect(router.state.location.pathname).toBe("/cart"));
  });
});
