/**
 * The back office's order page as the seller sees it (ADR 0178): where to deliver with a call and a
 * WhatsApp link to the buyer's number, "Print packing slip" printing through the browser, and "Ship"
 * with the carrier and tracking sending the line's move and reading the order again.
 */
import { OrderViewAnswer, UpdateOrderLineAnswer } from "@market/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { meAnswer, orderViewAnswer } from "../../../test/fixtures";
import { HttpResponse, http, recordCalls, server } from "../../../test/msw";
import { renderWithProviders } from "../../../test/render";
import { signInTestSession } from "../../../test/session";
import OrderPage from "./order-page";

const ORDER = orderViewAnswer();
const PATH = "/admin_real/dashboard/orders/:id";
const ROUTE = `/admin_real/dashboard/orders/${ORDER.data._id}`;

afterEach(() => vi.unstubAllGlobals());

describe("back office order page (seller)", () => {
  it("shows where to deliver, prints the packing slip, and marks the line shipped", async () => {
    signInTestSession();
    let shipped = false;
    server.use(
      http.get("/api/me", () => HttpResponse.json(meAnswer({ names: "Ada Okafor", accType: "business", addresses: [] }))),
      http.get(`/api/orders/${ORDER.data._id}`, () =>
        HttpResponse.json(
          shipped
            ? OrderViewAnswer.parse({
                ...ORDER,
                data: {
                  ...ORDER.data,
                  lines: [
                    {
                      ...ORDER.data.lines[0]!,
                      fulfilment: "shipped",
                      shipped_at: "2026-01-02T09:00:00.000Z",
                      ship_by: null,
                      carrier: "GIG Logistics",
                      tracking: "GIG123",
                    },
                  ],
                },
              })
            : ORDER,
        ),
      ),
      http.put("/api/orders/lines", () => {
        shipped = true;
        return HttpResponse.json(
          UpdateOrderLineAnswer.parse({
            statusCode: 200,
            message: "Marked shipped",
            data: {
              _id: ORDER.data.lines[0]!._id,
              order_id: ORDER.data._id,
              order_number: ORDER.data.number,
              product_id: "p1",
              name: "Ankara Tote",
              variant: null,
              image_url: null,
              quantity: 2,
              unit_price: 15000,
              amount: 30000,
              fulfilment: "shipped",
              order_status: "paid",
              buyer: { names: "Amaka Eze", city: "Abuja" },
              createdAt: ORDER.data.createdAt,
              ship_by: null,
              carrier: "GIG Logistics",
              tracking: "GIG123",
              open_problem: null,
            },
          }),
        );
      }),
    );
    const calls = recordCalls();
    const print = vi.fn();
    vi.stubGlobal("print", print);
    renderWithProviders(<OrderPage />, { path: PATH, route: ROUTE });

    expect(await screen.findByRole("heading", { name: "Order NM-26-000123" })).toBeInTheDocument();
    const address = screen.getByTestId("delivery-address");
    expect(address).toHaveTextContent("7 Aminu Kano Crescent");
    expect(address).toHaveTextContent("Phone: 0809 111 2233");
    expect(within(address).getByTestId("call-buyer")).toHaveAttribute("href", "tel:+2348091112233");
    expect(within(address).getByTestId("whatsapp-buyer")).toHaveAttribute("href", "https://wa.me/2348091112233");
    // The seller's own shipment: fee, days and the expected dates, without their own name.
    const shipment = screen.getByTestId("order-shipment");
    expect(shipment).toHaveTextContent("Delivery₦1,500");
    expect(within(shipment).getByTestId("order-shipment-days")).toHaveTextContent("Delivers in 1-2 days");
    expect(within(shipment).getByTestId("order-shipment-expected")).toHaveTextContent("Expected 3 Jan 2026 - 4 Jan 2026");

    await userEvent.click(screen.getByRole("button", { name: "Print packing slip" }));
    expect(print).toHaveBeenCalledTimes(1);
    // The slip is under <body>, outside the page, with the number, the address and the items.
    const slip = document.body.querySelector("[data-print-sheet]");
    expect(slip).toHaveTextContent("NM-26-000123");
    expect(slip).toHaveTextContent("Phone: 0809 111 2233");
    expect(slip).toHaveTextContent("Ankara Tote");

    expect(screen.getByTestId("line-ship-by")).toHaveTextContent("Ship by");
    await userEvent.click(screen.getByRole("button", { name: "Ship" }));
    await userEvent.type(await screen.findByLabelText("Carrier"), "GIG Logistics");
    await userEvent.type(screen.getByLabelText(/Tracking number or link/), "GIG123");
    await userEvent.click(screen.getByRole("button", { name: "Mark shipped" }));
    await waitFor(() => expect(screen.getByTestId("line-fulfilment")).toHaveTextContent("Shipped"));
    expect(screen.getByTestId("line-tracking")).toHaveTextContent("GIG Logistics: GIG123");
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({
      line_id: ORDER.data.lines[0]!._id,
      fulfilment: "shipped",
      carrier: "GIG Logistics",
      tracking: "GIG123",
    });
  });

  it("says 'Order not found' for an order the API does not show this seller", async () => {
    signInTestSession();
    server.use(
      http.get("/api/me", () => HttpResponse.json(meAnswer({ names: "Ada Okafor", accType: "business", addresses: [] }))),
      http.get(`/api/orders/${ORDER.data._id}`, () =>
        HttpResponse.json({ statusCode: 404, message: "Order not found", data: { message: "Order not found" } }, { status: 404 }),
      ),
    );
    renderWithProviders(<OrderPage />, { path: PATH, route: ROUTE });
    expect(await screen.findByText("Order not found")).toBeInTheDocument();
    expect(screen.queryByTestId("delivery-address")).not.toBeInTheDocument();
  });
});
