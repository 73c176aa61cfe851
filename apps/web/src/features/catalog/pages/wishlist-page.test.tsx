import type { WishlistItem } from "@market/contract";
import { STORAGE_KEYS } from "@market/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { cartAnswer, cartLineAnswer, meAnswer, serverLine, wishlistAnswer, wishlistItem } from "../../../test/fixtures";
import { HttpResponse, http, recordCalls, server } from "../../../test/msw";
import { renderWithProviders } from "../../../test/render";
import { signInTestSession } from "../../../test/session";
import WishlistPage from "./wishlist-page";

const item = (id: string, name: string, price: number, count: number, listed = true) =>
  wishlistItem({
    _id: id,
    product_id: id,
    name,
    image_urls: [`/uploads/${id}.webp`],
    price,
    count_in_stock: count,
    in_stock: listed && count > 0,
    listed,
  });

/** A signed-in customer's wishlist of `items` that honours DELETE, and a cart that takes any of them; answers the recorded calls. */
function answerWishlist(items: WishlistItem[]) {
  let list = [...items];
  server.use(
    http.get("/api/me", () => HttpResponse.json(meAnswer())),
    http.get("/api/cart", () => HttpResponse.json(cartAnswer([]))),
    http.post("/api/cart", async ({ request }) => {
      const { product_id, count } = (await request.json()) as { product_id: string; count: number };
      const p = list.find((i) => i._id === product_id)!;
      return HttpResponse.json(cartLineAnswer(serverLine(p._id, count, p.price, p.count_in_stock, p.name)));
    }),
    http.get("/api/wishlist", () => HttpResponse.json(wishlistAnswer(list))),
    http.delete("/api/wishlist", ({ request }) => {
      const id = new URL(request.url).searchParams.get("product_id");
      list = list.filter((i) => i._id !== id);
      return HttpResponse.json(wishlistAnswer(list));
    }),
  );
  return recordCalls();
}

describe("WishlistPage", () => {
  it("asks a signed-out shopper to sign in and does not call the API", async () => {
    const calls = recordCalls();
    renderWithProviders(<WishlistPage />, { path: "/wishlist", route: "/wishlist" });
    expect(await screen.findByText("Sign in to see the products you saved for later.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/signin");
    expect(calls.filter((c) => c.path.startsWith("/api/wishlist"))).toEqual([]);
  });

  it("lists name, naira unit price, the spec's stock words and ADD TO CART, disabled when out of stock", async () => {
    signInTestSession();
    answerWishlist([
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
    signInTestSession();
    const calls = answerWishlist([item("p1", "Ofada Rice 5kg", 16500, 3)]);
    renderWithProviders(<WishlistPage />, { path: "/wishlist", route: "/wishlist" });
    await userEvent.click(await screen.findByRole("button", { name: "Remove Ofada Rice 5kg from wishlist" }));
    expect(await screen.findByText("Your wishlist is empty")).toBeInTheDocument();
    expect(calls).toContainEqual(expect.objectContaining({ method: "DELETE", path: "/api/wishlist?product_id=p1" }));
  });

  it("adds a line to the cart and goes to /cart", async () => {
    signInTestSession();
    const calls = answerWishlist([item("p1", "Ofada Rice 5kg", 16500, 3)]);
    const { router } = renderWithProviders(<WishlistPage />, { path: "/wishlist", route: "/wishlist" });
    await userEvent.click(await screen.findByRole("button", { name: "ADD TO CART" }));
    await waitFor(() => expect(calls).toContainEqual(expect.objectContaining({ method: "POST", path: "/api/cart" })));
    const cart = JSON.parse(localStorage.getItem(STORAGE_KEYS.cart) ?? "[]");
    expect(cart[0]).toMatchObject({ product: "p1", name: "Ofada Rice 5kg", price: 16500, countInStock: 3, qty: 1 });
    await waitFor(() => expect(router.state.location.pathname).toBe("/cart"));
  });

  it("opens the page of a product with options to choose its variant, without adding anything", async () => {
    signInTestSession();
    const calls = answerWishlist([wishlistItem({ _id: "p9", product_id: "p9", name: "Ankara Wrap Dress", has_options: true })]);
    const { router } = renderWithProviders(<WishlistPage />, { path: "*", route: "/wishlist" });
    await userEvent.click(await screen.findByRole("button", { name: "ADD TO CART" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/product/market-place/p9"));
    expect(calls.some((c) => c.method === "POST" && c.path === "/api/cart")).toBe(false);
  });
});
