/**
 * The buyer's order page (ADR 0178): each line's fulfilment ("Shipped" and when), the seller, the
 * delivery address, the payment with its reference, the timeline, and "Print receipt" printing the
 * receipt through the browser.
 */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { meAnswer, orderViewAnswer } from "../../../test/fixtures";
import { HttpResponse, http, recordCalls, server } from "../../../test/msw";
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

  it("shows each seller's shipment: fee and days, or the pickup point chosen; expected dates once paid", async () => {
    signInTestSession();
    const seller2 = { _id: "s2", names: "Funke Adeyemi" };
    const two = orderViewAnswer({
      ...ORDER.data,
      shipments: [
        { ...ORDER.data.shipments[0]!, fee: 0, min_days: 2, max_days: 2 },
        {
          seller: seller2,
          fee: 500,
          min_days: 1,
          max_days: 3,
          store_rate: false,
          pickup: { name: "Wuse hub", address: "Plot 5, Wuse Market", state: "FCT" },
          expected_from: null,
          expected_to: null,
        },
      ],
    });
    server.use(
      http.get("/api/me", () => HttpResponse.json(meAnswer())),
      http.get(`/api/orders/${two.data._id}`, () => HttpResponse.json(two)),
    );
    renderWithProviders(<OrderPage />, { path: "/account/orders/:id", route: `/account/orders/${two.data._id}` });
    const section = await screen.findByTestId("order-shipments");
    expect(section).toHaveTextContent("Delivery: 2 shipments");
    const [ada, funke] = screen.getAllByTestId("order-shipment");
    expect(ada).toHaveTextContent("Ada OkaforFree");
    expect(within(ada!).getByTestId("order-shipment-days")).toHaveTextContent("Delivers in 2 days");
    expect(within(ada!).getByTestId("order-shipment-expected")).toHaveTextContent("Expected 3 Jan 2026 - 4 Jan 2026");
    expect(funke).toHaveTextContent("Funke Adeyemi₦500");
    expect(within(funke!).getByTestId("order-shipment-pickup")).toHaveTextContent("Pick up at Wuse hub: Plot 5, Wuse Market, FCT");
    expect(within(funke!).getByTestId("order-shipment-days")).toHaveTextContent("Ready in 1-3 days");
    expect(within(funke!).queryByTestId("order-shipment-expected")).not.toBeInTheDocument();
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

describe("buyer protection on the order page", () => {
  const DELIVERED = orderViewAnswer({
    ...ORDER.data,
    lines: [
      {
        ...ORDER.data.lines[0]!,
        fulfilment: "delivered",
        delivered_at: "2026-01-03T09:00:00.000Z",
        carrier: "GIG Logistics",
        tracking: "https://track.example/GIG1",
        tracking_url: "https://track.example/GIG1",
        ship_by: null,
        report_until: "2026-01-10T09:00:00.000Z",
      },
    ],
  });

  it("links the tracking, confirms receipt, and reports a problem with its reason and comment", async () => {
    signInTestSession();
    server.use(
      http.get("/api/me", () => HttpResponse.json(meAnswer())),
      http.get(`/api/orders/${DELIVERED.data._id}`, () => HttpResponse.json(DELIVERED)),
      http.post(`/api/orders/${DELIVERED.data._id}/received`, () => HttpResponse.json({ statusCode: 200, message: "Receipt confirmed" })),
      http.post(`/api/orders/${DELIVERED.data._id}/problems`, () =>
        HttpResponse.json({
          statusCode: 200,
          message: "Problem reported",
          data: {
            _id: "p1",
            order_id: DELIVERED.data._id,
            line_id: DELIVERED.data.lines[0]!._id,
            reason: "wrong_item",
            comment: "Blue, not red",
            image_urls: [],
            status: "open",
            seller_comment: null,
            seller_replied_at: null,
            reply_by: "2026-01-07T09:00:00.000Z",
            refund: null,
            decision_reason: null,
            decided_at: null,
            createdAt: "2026-01-04T09:00:00.000Z",
          },
        }),
      ),
    );
    const calls = recordCalls();
    renderWithProviders(<OrderPage />, { path: "/account/orders/:id", route: `/account/orders/${DELIVERED.data._id}` });

    expect(await screen.findByRole("link", { name: "Track parcel" })).toHaveAttribute("href", "https://track.example/GIG1");
    expect(screen.getByTestId("line-report-until")).toHaveTextContent("Confirm or report a problem by");
    await userEvent.click(screen.getByRole("button", { name: "Confirm receipt" }));
    await waitFor(() => expect(calls.some((c) => c.path.endsWith("/received"))).toBe(true));
    expect(calls.find((c) => c.path.endsWith("/received"))?.body).toEqual({ line_id: DELIVERED.data.lines[0]!._id });

    await userEvent.click(screen.getByRole("button", { name: "Report a problem" }));
    const dialog = await screen.findByRole("dialog");
    // The dialog's fields are a chunk of their own, loaded on first open (ADR 0214).
    await userEvent.selectOptions(await within(dialog).findByLabelText("What is wrong?"), "wrong_item");
    await userEvent.type(within(dialog).getByLabelText(/Tell us more/), "Blue, not red");
    await userEvent.click(within(dialog).getByRole("button", { name: "Send report" }));
    await waitFor(() => expect(calls.find((c) => c.path.endsWith("/problems"))?.body).toBeDefined());
    expect(calls.find((c) => c.path.endsWith("/problems"))?.body).toEqual({
      line_id: DELIVERED.data.lines[0]!._id,
      reason: "wrong_item",
      comment: "Blue, not red",
      image_urls: [],
    });
  });
});
