/**
 * The buyer's order history shows an order whose transfer no admin confirmed in time (ADR 0081):
 * "Payment not confirmed" and what happened to its items; a history longer than one page is read
 * page by page with "Load more" (the answer's `nextCursor`); refunds show under the order's status.
 */
import { Refund } from "@market/contract";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { buyerOrder, meAnswer, orderLine, ordersAnswer } from "../../../test/fixtures";
import { HttpResponse, http, recordCalls, server } from "../../../test/msw";
import { renderWithProviders } from "../../../test/render";
import { signInTestSession } from "../../../test/session";
import AccountPage from "./account-page";

describe("order history", () => {
  it("shows an unconfirmed order as 'Payment not confirmed' with what happened to its items", async () => {
    signInTestSession();
    server.use(
      http.get("/api/me", () => HttpResponse.json(meAnswer())),
      http.get("/api/orders", () =>
        HttpResponse.json(ordersAnswer([buyerOrder({ _id: "abcdef123456", status: "unconfirmed", total: 27000, lines: [] })])),
      ),
    );
    renderWithProviders(<AccountPage />, { path: "/account", route: "/account" });
    expect(await screen.findByText("NM-26-000123")).toBeInTheDocument();
    expect(screen.getByText("Payment not confirmed")).toBeInTheDocument();
    expect(screen.getByText(/We could not confirm your transfer in time, so the items went back on sale/)).toBeInTheDocument();
  });

  it("shows an order to pay at the door as 'Pay on delivery' until the couriers are paid, then 'Paid'", async () => {
    signInTestSession();
    let atDoor = true;
    server.use(
      http.get("/api/me", () => HttpResponse.json(meAnswer())),
      http.get("/api/orders", () =>
        HttpResponse.json(ordersAnswer([buyerOrder({ _id: "abcdef123456", status: "paid", pay_at_door: atDoor, lines: [] })])),
      ),
    );
    const first = renderWithProviders(<AccountPage />, { path: "/account", route: "/account" });
    expect(await screen.findByText("NM-26-000123")).toBeInTheDocument();
    expect(screen.getByText("Pay on delivery")).toBeInTheDocument();
    first.unmount();
    atDoor = false;
    renderWithProviders(<AccountPage />, { path: "/account", route: "/account" });
    expect(await screen.findByText("Paid")).toBeInTheDocument();
    expect(screen.queryByText("Pay on delivery")).not.toBeInTheDocument();
  });

  it("reads the next page with the answer's cursor on 'Load more', and hides the button on the last page", async () => {
    signInTestSession();
    const order = (n: number) =>
      buyerOrder({
        _id: `${String(n).padStart(8, "0")}aaaa`,
        number: `NM-26-${String(n).padStart(6, "0")}`,
        total: 1000,
        subtotal: 1000,
        shipping: 0,
        lines: [],
      });
    server.use(
      http.get("/api/me", () => HttpResponse.json(meAnswer())),
      http.get("/api/orders", ({ request }) =>
        HttpResponse.json(
          new URL(request.url).searchParams.get("cursor") === "c50"
            ? ordersAnswer([order(51)])
            : ordersAnswer(
                Array.from({ length: 50 }, (_, i) => order(i + 1)),
                "c50",
              ),
        ),
      ),
    );
    const calls = recordCalls();
    renderWithProviders(<AccountPage />, { path: "/account", route: "/account" });
    expect(await screen.findByText("NM-26-000050")).toBeInTheDocument();
    expect(screen.queryByText("NM-26-000051")).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Load more" }));
    expect(await screen.findByText("NM-26-000051")).toBeInTheDocument();
    expect(screen.getByText("NM-26-000001")).toBeInTheDocument();
    expect(calls.filter((c) => c.path.startsWith("/api/orders")).map((c) => c.path)).toEqual(["/api/orders", "/api/orders?cursor=c50"]);
    await waitFor(() => expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument());
  });

  it("shows what was refunded of an order: the total, and each refund with its line and reason", async () => {
    signInTestSession();
    const refund = (_id: string, line_id: string | null, amount: number, reason: string) =>
      Refund.parse({ _id, order_id: "abcdef123456", line_id, amount, reason, createdAt: "2026-02-05T10:00:00Z" });
    const refunded = buyerOrder({
      total: 27000,
      subtotal: 25000,
      lines: [orderLine({ _id: "l1", name: "Electric Kettle" }), orderLine({ _id: "l2", name: "Ankara Wrapper" })],
      refunds: [refund("r1", "l1", 5000.25, "Arrived dented"), refund("r2", null, 2000, "Order cancelled")],
    });
    server.use(
      http.get("/api/me", () => HttpResponse.json(meAnswer())),
      http.get("/api/orders", () => HttpResponse.json(ordersAnswer([refunded, buyerOrder({ _id: "bbbbbbbb1234" })]))),
    );
    renderWithProviders(<AccountPage />, { path: "/account", route: "/account" });
    const notes = await screen.findAllByTestId("order-refunds");
    expect(notes).toHaveLength(1);
    expect(notes[0]).toHaveTextContent("Refunded ₦7,000.25");
    expect(notes[0]).toHaveTextContent("₦5,000.25 for Electric Kettle: Arrived dented");
    expect(notes[0]).toHaveTextContent("₦2,000 for shipping: Order cancelled");
  });

  it("says where each line of a paid order is (buyer protection)", async () => {
    signInTestSession();
    const paid = buyerOrder({
      status: "paid",
      lines: [
        orderLine({ _id: "l1", name: "Electric Kettle", fulfilment: "disputed" }),
        orderLine({ _id: "l2", name: "Ankara Wrapper", quantity: 2, fulfilment: "received" }),
      ],
    });
    server.use(
      http.get("/api/me", () => HttpResponse.json(meAnswer())),
      http.get("/api/orders", () => HttpResponse.json(ordersAnswer([paid]))),
    );
    renderWithProviders(<AccountPage />, { path: "/account", route: "/account" });
    expect(await screen.findByTestId("order-history-lines")).toHaveTextContent(
      "1 x Electric Kettle (Problem reported), 2 x Ankara Wrapper (Received)",
    );
  });
});
