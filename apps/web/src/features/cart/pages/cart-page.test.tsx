import { TEXT } from "@market/contract";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { meQuery } from "../../../lib/session";
import { cartAnswer, cartLineAnswer, meAnswer, serverLine } from "../../../test/fixtures";
import { HttpResponse, http, recordCalls, server } from "../../../test/msw";
import { renderWithProviders } from "../../../test/render";
import { signInTestSession } from "../../../test/session";
import CartPage from "./cart-page";

describe("CartPage", () => {
  it("asks a signed-out visitor to sign in under its title (not an empty page)", async () => {
    const { queryClient } = renderWithProviders(<CartPage />);
    expect(screen.getByRole("heading", { level: 1, name: "Cart" })).toBeInTheDocument();
    expect(await screen.findByText(TEXT.pages.cartSignInPrompt)).toBeInTheDocument();
    expect(queryClient.getQueryData(meQuery.queryKey)).toBeNull();
    expect(screen.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/signin");
    expect(screen.queryByTestId("cart-placeholder")).toBeNull();
    expect(screen.queryByText(TEXT.pages.emptyCart)).toBeNull();
  });

  it("draws its title and placeholders while the session loads", async () => {
    signInTestSession();
    server.use(
      http.get("/api/me", () => HttpResponse.json(meAnswer())),
      http.get("/api/cart", () => HttpResponse.json(cartAnswer([]))),
    );
    renderWithProviders(<CartPage />);
    expect(screen.getByRole("heading", { level: 1, name: "Cart" })).toBeInTheDocument();
    expect(screen.getByTestId("cart-placeholder")).toBeInTheDocument();
    expect(await screen.findByText(TEXT.pages.emptyCart)).toBeInTheDocument();
    expect(screen.queryByTestId("cart-placeholder")).toBeNull();
  });

  it("says 'Your Cart Is Empty' with Go Back when the cart is empty", async () => {
    signInTestSession();
    server.use(
      http.get("/api/me", () => HttpResponse.json(meAnswer())),
      http.get("/api/cart", () => HttpResponse.json(cartAnswer([]))),
    );
    renderWithProviders(<CartPage />);
    expect(await screen.findByText("Your Cart Is Empty")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go Back" })).toHaveAttribute("href", "/");
  });

  it("lists the lines with links, the subtotal with item count to 2 decimals, and re-adds on a quantity change", async () => {
    signInTestSession();
    server.use(
      http.get("/api/me", () => HttpResponse.json(meAnswer())),
      http.get("/api/cart", () =>
        HttpResponse.json(cartAnswer([serverLine("p1", 2, 1999.99, 5, "Ankara Dress"), serverLine("p2", 1, 350, 3, "Garri 5kg")])),
      ),
      http.post("/api/cart", async ({ request }) => {
        const b = (await request.json()) as { product_id: string; count: number };
        return HttpResponse.json(cartLineAnswer(serverLine(b.product_id, b.count, 1999.99, 5, "Ankara Dress")));
      }),
    );
    const calls = recordCalls();
    renderWithProviders(<CartPage />);
    expect(await screen.findByRole("heading", { name: "Cart" })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId("cart-subtotal")).toHaveTextContent("₦4,349.98"));
    expect(screen.getByText("Subtotal (3 items)")).toBeInTheDocument();
    expect(screen.getAllByRole("link", { name: "Ankara Dress" })[0]).toHaveAttribute("href", "/product/market-place/p1");
    const select = screen.getAllByRole("combobox", { name: "Quantity of Ankara Dress" })[0]!;
    expect(select.querySelectorAll("option")).toHaveLength(5);
    await userEvent.selectOptions(select, "4");
    await waitFor(() => expect(screen.getByTestId("cart-subtotal")).toHaveTextContent("₦8,349.96"));
    await waitFor(() => expect(calls.find((c) => c.method === "POST")?.body).toEqual({ product_id: "p1", count: 4 }));
    expect(screen.getByRole("link", { name: "Proceed to Checkout" })).toHaveAttribute("href", "/checkout");
    expect(screen.getByRole("button", { name: "Clear shopping cart" })).toBeInTheDocument();
  });
});
