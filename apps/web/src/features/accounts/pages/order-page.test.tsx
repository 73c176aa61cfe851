/**
 * The buyer's order page (ADR 0178): each line's fulfilment ("Shipped" and when), the seller, the
 * delivery address, the payment with its reference, the timeline, and "Print receipt" printing the
 * receipt through the browser.
 */
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { meAnswer, orderViewAnswer } from "../../../test/fixtures";
import { HttpResponse, http, server } from "../../../test/msw";
import { renderWithProviders } from "../../../test/render";
import { signInTestSession } from "../../../test/session";
import OrderPage from "./order-page";

const BASE = orderViewAnswer();
const ORDER = orderViewAnswer({
  view: "buyer",
  lines: [{ ...BASE.data.lines[0]!, fulfilment: "shipped", shipped_at: "2026-01-02T09:00:00.000Z" }],
  totals: { subtotal: 30000, shipping: 2000, total: 32000, refunded: 0 },
  payment: {
    method: "bank_transfer",
    reference: "K7QX4M9T",
    payer_account_no: "0123456789",
    transfer: {
      _id: "t1",
      status: "confirmed",
      amount: 32000,
      client_bank: "Wema Bank",
      client_account_no: "9876543210",
      submitted_at: "2026-01-01T00:10:00.000Z",
      reviewed_at: "2026-01-01T01:00:00.000Z",
      flagged_at: null,
    },
  },
  timeline: [
    { kind: "placed", at: "2026-01-01T00:00:00.000Z", text: "Order NM-26-000123 placed" },
    { kind: "payment_confirmed", at: "2026-01-01T01:00:00.000Z", text: "Payment confirmed" },
    { kind: "shipped", at: "2026-01-02T09:00:00.000Z", text: "Ankara Tote shipped by Ada Okafor" },
  ],
});

afterEach(() => vi.unstubAllGlobals());

describe("buyer's order page", () => {
  it("shows each line's status, the address, the payment reference and the timeline, and prints the receipt", async () => {
    signInTestSession();
    server.use(
      http.get("/api/me", () => HttpResponse.json(meAnswer())),
      http.get(`/api/orders/${ORDER.data._id}`, () => HttpResponse.json(ORDER)),
    );
    const print = vi.fn();
    vi.stubGlobal("print", print);
    renderWithProviders(<OrderPage />, { path: "/account/orders/:id", route: `/account/orders/${ORDER.data._id}` });

    expect(await screen.findByTestId("order-number")).toHaveTextContent("Order NM-26-000123");
    const line = screen.getByTestId("order-line");
    expect(within(line).getByTestId("line-fulfilment")).toHaveTextContent("Shipped");
    expect(line).toHaveTextContent("Sold by Ada Okafor");
    expect(screen.getByTestId("delivery-address")).toHaveTextContent("7 Aminu Kano Crescent");
    // The buyer's own phone is shown, without call links.
    expect(screen.queryByTestId("whatsapp-buyer")).not.toBeInTheDocument();
    expect(screen.getByTestId("payment-reference")).toHaveTextContent("K7QX4M9T");
    expect(screen.getByTestId("order-timeline")).toHaveTextContent("Ankara Tote shipped by Ada Okafor");

    await userEvent.click(screen.getByRole("button", { name: "Print receipt" }));
    expect(print).toHaveBeenCalledTimes(1);
    const receipt = document.body.querySelector("[data-print-sheet]");
    expect(receipt).toHaveTextContent("Receipt");
    expect(receipt).toHaveTextContent("K7QX4M9T");
    expect(receipt).toHaveTextContent("₦32,000");
  });

  it("says 'Order not found' for another buyer's order (the API's 404)", async () => {
    signInTestSession();
    server.use(
      http.get("/api/me", () => HttpResponse.json(meAnswer())),
      http.get(`/api/orders/${ORDER.data._id}`, () =>
        HttpResponse.json({ statusCode: 404, message: "Order not found", data: { message: "Order not found" } }, { status: 404 }),
      ),
    );
    renderWithProviders(<OrderPage />, { path: "/account/orders/:id", route: `/account/orders/${ORDER.data._id}` });
    expect(await screen.findByText("Order not found")).toBeInTheDocument();
  });
});
