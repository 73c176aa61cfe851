import { MessageAnswer, type ServerCartLine, STORAGE_KEYS } from "@market/contract";
import { act, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { cartAnswer, cartLineAnswer, meAnswer, serverLine } from "../test/fixtures";
import { delay, errorAnswer, HttpResponse, http, recordCalls, server } from "../test/msw";
import { renderWithProviders } from "../test/render";
import { signInTestSession } from "../test/session";
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

/**
 * A signed-in shopper and a server cart of `lines`. POST answers the line with the count clamped to
 * `stock`; while `gate` is given, POSTs wait for it (to look at the cart before the server answers).
 */
function answerCart(lines: ServerCartLine[] = [], { stock = 10, gate }: { stock?: number; gate?: Promise<unknown> } = {}) {
  let cart = [...lines];
  server.use(
    http.get("/api/me", () => HttpResponse.json(meAnswer())),
    http.get("/api/cart", () => HttpResponse.json(cartAnswer(cart))),
    http.post("/api/cart", async ({ request }) => {
      const { product_id, count } = (await request.json()) as { product_id: string; count: number };
      await gate;
      const line = serverLine(product_id, Math.min(count, stock), 1000, stock);
      cart = [...cart.filter((l) => l.productId._id !== product_id), line];
      return HttpResponse.json(cartLineAnswer(line));
    }),
    http.delete("/api/cart", ({ request }) => {
      const id = new URL(request.url).searchParams.get("cart_id");
      cart = id === "all" ? [] : cart.filter((l) => l._id !== id);
      return HttpResponse.json(MessageAnswer.parse({ statusCode: 200, message: "Removed" }));
    }),
  );
  return recordCalls();
}

describe("useCart", () => {
  it("sends signed-out shoppers to /signin and keeps the cart empty", async () => {
    const calls = recordCalls();
    const { router } = renderWithProviders(<Probe />, { path: "*", route: "/product/market-place/p1" });
    let ok = true;
    await act(async () => {
      ok = await api.add(item("p1", 1));
    });
    expect(ok).toBe(false);
    expect(router.state.location.pathname).toBe("/signin");
    expect(stored()).toEqual([]);
    expect(calls.filter((c) => c.path.startsWith("/api/cart"))).toEqual([]);
  });

  it("waits for the session of a stored token instead of sending a signed-in shopper to /signin (ADR 0072)", async () => {
    signInTestSession();
    // The add is slow: the server's cart, asked for as soon as the session is known, must wait for it.
    const calls = answerCart([], { stock: 4, gate: delay(150) });
    const { router } = renderWithProviders(<Probe />, { path: "*", route: "/product/market-place/p1" });
    // At once: /api/me has not answered yet (a server-drawn page can be clicked that early).
    let ok = false;
    await act(async () => {
      ok = await api.add(item("p1", 1, 1000, 4));
    });
    expect(ok).toBe(true);
    expect(router.state.location.pathname).toBe("/product/market-place/p1");
    expect(calls.filter((c) => c.method === "POST").map((c) => c.body)).toEqual([{ product_id: "p1", count: 1 }]);
    // The server's cart, read once the add is through, still holds the line.
    await waitFor(() => expect(calls.some((c) => c.method === "GET" && c.path === "/api/cart")).toBe(true));
    await waitFor(() => expect(screen.getByTestId("lines")).toHaveTextContent(/^p1:1$/));
  });

  it("shows a change before the server answers, sends the changes one after another in order, and the server's clamped count wins", async () => {
    signInTestSession();
    let open = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const calls = answerCart([], { stock: 4, gate });
    renderWithProviders(<Probe />);
    await waitFor(() => expect(calls.some((c) => c.path === "/api/cart" && c.method === "GET")).toBe(true));

    await act(async () => {
      void api.add(item("p1", 2, 1000, 4));
      void api.add(item("p2", 1, 250.5));
      void api.add(item("p1", 3, 1000, 4));
    });
    // No answer yet: the cart and its stored copy already show the changes, and only the first call left.
    expect(screen.getByTestId("lines")).toHaveTextContent(/^p1:3,p2:1$/);
    expect(stored().map((l) => [l.product, l.qty])).toEqual([
      ["p1", 3],
      ["p2", 1],
    ]);
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(1);
    open();
    await waitFor(() => expect(calls.filter((c) => c.method === "POST")).toHaveLength(3));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === "POST").map((c) => c.body)).toEqual([
        { product_id: "p1", count: 2 },
        { product_id: "p2", count: 1 },
        { product_id: "p1", count: 3 },
      ]),
    );

    await act(async () => {
      await api.setQty("p1", 9);
    });
    expect(stored().find((l) => l.product === "p1")).toMatchObject({ qty: 4, _id: "line-p1" });
  });

  it("removes a line and clears the cart at once, then on the server", async () => {
    signInTestSession();
    const calls = answerCart([serverLine("p1", 4, 1000, 4), serverLine("p2", 1, 250.5)]);
    renderWithProviders(<Probe />);
    await waitFor(() => expect(screen.getByTestId("lines")).toHaveTextContent(/^p1:4,p2:1$/));

    await act(async () => {
      await api.remove("p2");
    });
    expect(calls.at(-1)).toMatchObject({ method: "DELETE", path: "/api/cart?cart_id=line-p2" });
    expect(screen.getByTestId("lines")).toHaveTextContent(/^p1:4$/);

    await act(async () => {
      await api.clear();
    });
    expect(calls.at(-1)).toMatchObject({ method: "DELETE", path: "/api/cart?cart_id=all" });
    expect(stored()).toEqual([]);
  });

  it("replaces the stored cart with the server's once a user is signed in", async () => {
    signInTestSession();
    localStorage.setItem(STORAGE_KEYS.cart, JSON.stringify([item("stale", 1)]));
    answerCart([serverLine("x", 2, 1500.25)]);
    renderWithProviders(<Probe />);
    await waitFor(() => expect(screen.getByTestId("lines")).toHaveTextContent(/^x:2$/));
    expect(screen.getByTestId("subtotal")).toHaveTextContent("3000.5");
    expect(stored().map((l) => l.product)).toEqual(["x"]);
  });

  it("a refused add (out of stock) shows the server's message and restores the server's cart", async () => {
    signInTestSession();
    const calls = answerCart([serverLine("beans", 1)]);
    server.use(http.post("/api/cart", () => errorAnswer(409, "Rice 50kg is out of stock")));
    renderWithProviders(<Probe />);
    await waitFor(() => expect(screen.getByTestId("lines")).toHaveTextContent(/^beans:1$/));
    let ok = true;
    await act(async () => {
      ok = await api.add(item("rice", 1));
    });
    expect(ok).toBe(false);
    expect(await screen.findByText("Rice 50kg is out of stock", {}, { timeout: 4000 })).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((c) => c.method === "GET" && c.path === "/api/cart")).toHaveLength(2));
    await waitFor(() => expect(screen.getByTestId("lines")).toHaveTextContent(/^beans:1$/));
    expect(stored().map((l) => l.product)).toEqual(["beans"]);
  });
});
