import { STORAGE_KEYS } from "@market/contract";
import { act, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeApi, ME, serverLine } from "../features/cart/test/fake-api";
import { renderWithProviders } from "../test/render";
import { type CartItem, cartCount, cartSubtotal, clampQty, useCart } from "./cart";

const item = (product: string, qty: number, price = 1000, countInStock = 10): CartItem => ({
  product,
  name: `Product ${product}`,
  imageUrl: [],
  price,
  countInStock,
  qty,
});

describe("cart totals", () => {
  it("sums price x qty exactly to 2 decimals (kobo arithmetic)", () => {
    expect(cartSubtotal([item("a", 3, 0.1), item("b", 1, 0.2)])).toBe(0.5);
    expect(cartSubtotal([item("a", 3, 1999.99), item("b", 2, 350)])).toBe(6699.97);
    expect(cartSubtotal([])).toBe(0);
    expect(cartCount([item("a", 3), item("b", 2)])).toBe(5);
  });
  it("clamps quantities to 1..stock", () => {
    expect(clampQty(0, 5)).toBe(1);
    expect(clampQty(9, 5)).toBe(5);
    expect(clampQty(2.7, 5)).toBe(2);
    expect(clampQty(Number.NaN, 5)).toBe(1);
  });
});

let api: ReturnType<typeof useCart>;
function Probe() {
  api = useCart();
  return (
    <div>
      <span data-testid="lines">{api.items.map((l) => `${l.product}:${l.qty}`).join(",")}</span>
      <span data-testid="subtotal">{api.subtotal}</span>
    </div>
  );
}
const stored = () => JSON.parse(localStorage.getItem(STORAGE_KEYS.cart) ?? "[]") as CartItem[];

describe("useCart", () => {
  it("sends signed-out shoppers to /signin and keeps the cart empty", async () => {
    fakeApi({});
    const { router } = renderWithProviders(<Probe />, { path: "*", route: "/product/market-place/p1" });
    let ok = true;
    await act(async () => {
      ok = await api.add(item("p1", 1));
    });
    expect(ok).toBe(false);
    expect(router.state.location.pathname).toBe("/signin");
    expect(stored()).toEqual([]);
  });

  it("waits for the session of a stored token instead of sending a signed-in shopper to /signin (ADR 0072)", async () => {
    localStorage.setItem(STORAGE_KEYS.token, "t".repeat(43));
    const calls = fakeApi({
      "GET /api/me": () => ({ body: ME("user-early") }),
      "GET /api/cart": () => ({ body: { statusCode: 200, data: [] } }),
      "POST /api/cart": (c) => {
        const b = c.body as { product_id: string; count: number };
        return { body: { statusCode: 200, message: "Added to cart", data: serverLine(b.product_id, b.count, 1000, 4) } };
      },
    });
    const { router } = renderWithProviders(<Probe />, { path: "*", route: "/product/market-place/p1" });
    // At once: /api/me has not answered yet (a server-drawn page can be clicked that early).
    let ok = false;
    await act(async () => {
      ok = await api.add(item("p1", 1, 1000, 4));
    });
    expect(ok).toBe(true);
    expect(router.state.location.pathname).toBe("/product/market-place/p1");
    expect(calls.filter((c) => c.method === "POST").map((c) => c.body)).toEqual([{ product_id: "p1", count: 1 }]);
  });

  it("adds at once, replaces the same product, re-adds on a quantity change, removes and clears; each then told to the server", async () => {
    localStorage.setItem(STORAGE_KEYS.token, "t".repeat(43));
    const calls = fakeApi({
      "GET /api/me": () => ({ body: ME("user-a") }),
      "GET /api/cart": () => ({ body: { statusCode: 200, data: [] } }),
      "POST /api/cart": (c) => {
        const b = c.body as { product_id: string; count: number };
        return { body: { statusCode: 200, message: "Added to cart", data: serverLine(b.product_id, Math.min(b.count, 4), 1000, 4) } };
      },
      "DELETE /api/cart": () => ({ body: { statusCode: 200, message: "ok" } }),
    });
    renderWithProviders(<Probe />);
    await waitFor(() => expect(calls.some((c) => c.url === "/api/cart" && c.method === "GET")).toBe(true));

    act(() => void api.add(item("p1", 2, 1000, 4)));
    expect(stored().map((l) => [l.product, l.qty])).toEqual([["p1", 2]]); // at once, before the server answers
    act(() => void api.add(item("p2", 1, 250.5)));
    act(() => void api.add(item("p1", 3, 1000, 4)));
    expect(screen.getByTestId("lines")).toHaveTextContent("p1:3,p2:1");
    await waitFor(() => expect(calls.filter((c) => c.method === "POST")).toHaveLength(3));
    expect(calls.filter((c) => c.method === "POST").map((c) => c.body)).toEqual([
      { product_id: "p1", count: 2 },
      { product_id: "p2", count: 1 },
      { product_id: "p1", count: 3 },
    ]);

    // the server's clamped answer wins
    await act(async () => {
      await api.setQty("p1", 9);
    });
    expect(stored().find((l) => l.product === "p1")).toMatchObject({ qty: 4, _id: "line-p1" });

    await act(async () => {
      await api.remove("p2");
    });
    expect(calls.at(-1)).toMatchObject({ method: "DELETE", url: "/api/cart?cart_id=line-p2" });
    expect(screen.getByTestId("lines")).toHaveTextContent(/^p1:4$/);

    await act(async () => {
      await api.clear();
    });
    expect(calls.at(-1)).toMatchObject({ method: "DELETE", url: "/api/cart?cart_id=all" });
    expect(stored()).toEqual([]);
  });

  it("replaces the local cart with the server's once a user is signed in", async () => {
    localStorage.setItem(STORAGE_KEYS.token, "t".repeat(43));
    localStorage.setItem(STORAGE_KEYS.cart, JSON.stringify([item("stale", 1)]));
    fakeApi({
      "GET /api/me": () => ({ body: ME("user-b") }),
      "GET /api/cart": () => ({ body: { statusCode: 200, data: [serverLine("x", 2, 1500.25)] } }),
    });
    renderWithProviders(<Probe />);
    await waitFor(() => expect(screen.getByTestId("lines")).toHaveTextContent(/^x:2$/));
    expect(screen.getByTestId("subtotal")).toHaveTextContent("3000.5");
  });

  it("a refused add (out of stock) shows the server's message and restores the server's cart", async () => {
    localStorage.setItem(STORAGE_KEYS.token, "t".repeat(43));
    const calls = fakeApi({
      "GET /api/me": () => ({ body: ME("user-c") }),
      "GET /api/cart": () => ({ body: { statusCode: 200, data: [] } }),
      "POST /api/cart": () => ({ status: 409, body: { statusCode: 409, message: "Rice 50kg is out of stock" } }),
    });
    renderWithProviders(<Probe />);
    let ok = true;
    await waitFor(() => expect(calls.some((c) => c.method === "GET" && c.url === "/api/cart")).toBe(true));
    await act(async () => {
      ok = await api.add(item("rice", 1));
    });
    expect(ok).toBe(false);
    expect(stored()).toEqual([]);
    expect(await screen.findByText("Rice 50kg is out of stock", {}, { timeout: 4000 })).toBeInTheDocument();
  });
});
