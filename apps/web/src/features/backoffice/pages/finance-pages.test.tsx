/**
 * The admin's money screens (ADR 0097): Finance shows the period's figures, what is owed now, the
 * charts and one row per seller, asks again when the period changes and downloads the CSV with the
 * token; Payouts marks a due payout paid or failed through a dialog whose field errors are
 * sentences; Commission shows rates as percentages, sends basis points and shows field errors as
 * sentences; Transactions refunds a paid order, whole or one item, after a dialog.
 */

import { AdminTransaction, FINANCE_MESSAGES, FinanceSummaryAnswer, Payout, RefundableOrder } from "@market/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { errorAnswer, HttpResponse, http } from "../../../test/msw";
import { renderWithProviders } from "../../../test/render";
import FinancePage from "./finance-page";
import { asAdmin, BO } from "./finance-test-kit";
import PayoutsPage from "./payouts-page";
import TransactionsPage from "./transactions-page";

const summary = FinanceSummaryAnswer.parse({
  statusCode: 200,
  data: {
    period: { sales: 1_234_567.5, commission: 123_456.75, shipping: 8000, refunds: 2500, payouts_paid: 90_000 },
    series: {
      unit: "month",
      points: [
        { start: "2026-01-01", sales: 234_567.5, commission: 23_456.75, refunds: 0, payouts_paid: 0 },
        { start: "2026-02-01", sales: 1_000_000, commission: 100_000, refunds: 2500, payouts_paid: 90_000 },
      ],
    },
    now: { sellers_pending: 40_000, sellers_available: 12_500.5, payouts_due: 12_000, sellers_owe: 3_000 },
    sellers: [
      {
        seller: { _id: "s1", names: "Adaeze Okafor" },
        sales: 1_000_000,
        commission: 100_000,
        refunds: 2500,
        payouts_paid: 90_000,
        pending: 30_000,
        available: 12_500.5,
        owes: 3_000,
      },
      {
        seller: { _id: "s2", names: "Chidi Nwosu" },
        sales: 234_567.5,
        commission: 23_456.75,
        refunds: 0,
        payouts_paid: 0,
        pending: 10_000,
        available: 0,
        owes: 0,
      },
    ],
  },
});

const payout = (over: Partial<Payout> = {}): Payout =>
  Payout.parse({
    _id: "10000000-0000-4000-8000-000000000001",
    seller: { _id: "s2", names: "Chidi Nwosu", email: "chidi@naijamarket.ng" },
    amount: 12_000,
    status: "requested",
    provider: "manual",
    bank_code: "058",
    account_no: "0123456789",
    account_name: "CHIDI NWOSU",
    reference: null,
    failure_reason: null,
    paid_at: null,
    createdAt: "2026-02-20T10:00:00.000Z",
    ...over,
  });

describe("Finance", () => {
  it("shows the period's figures, what is owed now, the charts and one row per seller", async () => {
    asAdmin(http.get("/api/admin/finance", () => HttpResponse.json(summary)));
    renderWithProviders(<FinancePage />, { path: `${BO}/finance`, route: `${BO}/finance` });
    expect(await screen.findByTestId("finance-sales")).toHaveTextContent("₦1,234,567.5");
    expect(screen.getByTestId("finance-commission")).toHaveTextContent("₦123,456.75");
    expect(screen.getByText("Net of refunds; plus ₦8,000 shipping.")).toBeInTheDocument();
    expect(screen.getByTestId("finance-refunds")).toHaveTextContent("₦2,500");
    expect(screen.getByTestId("finance-payouts-paid")).toHaveTextContent("₦90,000");
    expect(screen.getByTestId("finance-owed")).toHaveTextContent("₦52,500.5");
    expect(screen.getByText("₦40,000 pending, ₦12,500.5 available. Sellers owe ₦3,000 of cash collected on delivery.")).toBeInTheDocument();
    expect(screen.getByTestId("finance-payouts-due")).toHaveTextContent("₦12,000");
    expect(screen.getByRole("link", { name: "Open the payouts queue" })).toHaveAttribute("href", `${BO}/payouts`);
    expect(screen.getByTestId("finance-chart-sales")).toHaveTextContent("Sales and commission");
    expect(screen.getByTestId("finance-chart-payouts")).toHaveTextContent("Payouts and refunds");
    const rows = screen.getAllByTestId("finance-seller-row");
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent("Adaeze Okafor");
    expect(rows[0]).toHaveTextContent("₦1,000,000");
    expect(rows[0]).toHaveTextContent("₦12,500.5");
    expect(rows[1]).toHaveTextContent("Chidi Nwosu");
  });

  it("asks for the period chosen (Lagos month starts; all time has no bounds)", async () => {
    const calls = asAdmin(http.get("/api/admin/finance", () => HttpResponse.json(summary)));
    renderWithProviders(<FinancePage />, { path: `${BO}/finance`, route: `${BO}/finance` });
    await screen.findByTestId("finance-sales");
    const first = calls.find((c) => c.path.startsWith("/api/admin/finance"))!;
    // "Last 3 months" by default: from midnight in Lagos (23:00 UTC) on the first day of a month.
    expect(decodeURIComponent(first.path)).toMatch(/^\/api\/admin\/finance\?from=\d{4}-\d{2}-(28|29|30|31)T23:00:00\.000Z$/);
    await userEvent.click(screen.getByRole("radio", { name: "All time" }));
    await waitFor(() => expect(calls.some((c) => c.path === "/api/admin/finance")).toBe(true));
  });

  it("downloads the period's CSV as the signed-in user (the session cookie, no token in the page)", async () => {
    let auth: string | null = null;
    asAdmin(
      http.get("/api/admin/finance", () => HttpResponse.json(summary)),
      http.get("/api/admin/finance.csv", ({ request }) => {
        auth = request.headers.get("authorization");
        return new HttpResponse("seller_id,seller\r\n", { headers: { "content-type": "text/csv" } });
      }),
    );
    URL.createObjectURL = vi.fn(() => "blob:finance");
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    renderWithProviders(<FinancePage />, { path: `${BO}/finance`, route: `${BO}/finance` });
    await screen.findByTestId("finance-sales");
    await userEvent.click(screen.getByRole("radio", { name: "All time" }));
    await userEvent.click(screen.getByRole("button", { name: "Download CSV" }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(auth).toBeNull();
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe("finance-start-to-now.csv");
  });

  it("shows the server's message when the figures cannot be read", async () => {
    asAdmin(http.get("/api/admin/finance", () => errorAnswer(503, "Service temporarily unavailable. Please try again.")));
    renderWithProviders(<FinancePage />, { path: `${BO}/finance`, route: `${BO}/finance` });
    // A 5xx is tried once more before the screen says so.
    expect(await screen.findByRole("alert", {}, { timeout: 5000 })).toHaveTextContent("Service temporarily unavailable. Please try again.");
  });
});

describe("Payouts", () => {
  it("lists due payouts with the seller's bank, and marks one paid with the bank's reference after the dialog", async () => {
    let list = [payout()];
    const calls = asAdmin(
      http.get("/api/admin/payouts", ({ request }) => {
        const status = new URL(request.url).searchParams.get("status");
        return HttpResponse.json({ statusCode: 200, data: list.filter((p) => !status || p.status === status), nextCursor: null });
      }),
      http.put("/api/admin/payouts", async ({ request }) => {
        const body = (await request.json()) as { reference: string };
        list = [payout({ status: "paid", reference: body.reference, paid_at: "2026-02-21T10:00:00.000Z" })];
        return HttpResponse.json({ statusCode: 200, message: "Payout marked paid", data: list[0] });
      }),
    );
    renderWithProviders(<PayoutsPage />, { path: `${BO}/payouts`, route: `${BO}/payouts` });
    const row = await screen.findByTestId("payout-row");
    expect(row).toHaveTextContent("Chidi Nwosu");
    expect(row).toHaveTextContent("₦12,000");
    expect(await within(row).findByText("Guaranty Trust Bank 0123456789")).toBeInTheDocument();
    expect(within(row).getByTestId("payout-status")).toHaveTextContent("Requested");

    await userEvent.click(within(row).getByRole("button", { name: "Mark paid" }));
    const dialog = await screen.findByRole("dialog", { name: "Mark this payout paid?" });
    expect(dialog).toHaveTextContent(
      "Only mark it paid once ₦12,000 has left the store's account for CHIDI NWOSU, Guaranty Trust Bank 0123456789.",
    );
    // No reference: a sentence under the field, nothing sent.
    await userEvent.click(within(dialog).getByRole("button", { name: "Mark paid" }));
    expect(await within(dialog).findByText(FINANCE_MESSAGES.referenceNeeded)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === "PUT")).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText("Bank reference"), "GTB/TRF/123");
    await userEvent.click(within(dialog).getByRole("button", { name: "Mark paid" }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === "PUT")?.body).toEqual({ payout_id: payout()._id, action: "paid", reference: "GTB/TRF/123" }),
    );
    expect(await screen.findByText("No payouts are due.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("radio", { name: "Paid" }));
    expect(await screen.findByText(/ref GTB\/TRF\/123/)).toBeInTheDocument();
  });

  it("marks a payout failed with the reason; the server's field error shows under the field", async () => {
    const calls = asAdmin(
      http.get("/api/admin/payouts", () => HttpResponse.json({ statusCode: 200, data: [payout()], nextCursor: null })),
      http.put("/api/admin/payouts", () =>
        errorAnswer(400, `Reason: ${FINANCE_MESSAGES.failureReasonNeeded}`, { reason: FINANCE_MESSAGES.failureReasonNeeded }),
      ),
    );
    renderWithProviders(<PayoutsPage />, { path: `${BO}/payouts`, route: `${BO}/payouts` });
    await userEvent.click(await screen.findByRole("button", { name: "Mark failed" }));
    const dialog = await screen.findByRole("dialog", { name: "Mark this payout failed?" });
    expect(dialog).toHaveTextContent("The payout is cancelled and ₦12,000 goes back to Chidi Nwosu's available balance.");
    await userEvent.type(within(dialog).getByRole("textbox", { name: "Reason" }), "Account closed");
    await userEvent.click(within(dialog).getByRole("button", { name: "Mark failed" }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === "PUT")?.body).toEqual({ payout_id: payout()._id, action: "failed", reason: "Account closed" }),
    );
    expect(await within(dialog).findByText(FINANCE_MESSAGES.failureReasonNeeded)).toBeInTheDocument();
  });
});

describe("Refund from Transactions", () => {
  const orderId = "30000000-0000-4000-8000-000000000001";
  const lineId = "40000000-0000-4000-8000-000000000001";
  const paid = AdminTransaction.parse({
    _id: "50000000-0000-4000-8000-000000000001",
    order_id: orderId,
    order_number: "NM-26-000300",
    reference: "K7QX4M9T",
    amount: 27_000,
    payer_account_no: "0987654321",
    client_account_no: "0123456789",
    client_bank: "Wema Bank",
    provider: "manual",
    status: "confirmed",
    flagged_at: null,
    order_status: "paid",
    buyer: { _id: "u2", names: "Tunde Bakare", email: "tunde@example.ng" },
    createdAt: "2026-02-01T10:00:00.000Z",
  });
  const refundable = RefundableOrder.parse({
    order_id: orderId,
    status: "paid",
    total: 27_000,
    shipping: 2000,
    shipping_refundable: 2000,
    lines: [
      {
        _id: lineId,
        name: "Electric Kettle",
        seller: { _id: "s1", names: "Adaeze Okafor" },
        quantity: 2,
        amount: 25_000,
        refunded: 0,
        refundable: 25_000,
      },
    ],
    refunds: [],
  });

  function answerRefunds() {
    return asAdmin(
      http.get("/api/admin/transactions", () => HttpResponse.json({ statusCode: 200, data: [paid], nextCursor: null })),
      http.get("/api/admin/refunds", () => HttpResponse.json({ statusCode: 200, data: refundable })),
      http.post("/api/admin/refunds", async ({ request }) => {
        const body = (await request.json()) as { amount?: number };
        const above = FINANCE_MESSAGES.aboveRefundable(25_000);
        if ((body.amount ?? 0) > 25_000) return errorAnswer(400, above, { amount: above });
        return HttpResponse.json({
          statusCode: 200,
          message: "Refund recorded. Send the money back to the buyer's account.",
          data: [
            { _id: "r1", order_id: orderId, line_id: lineId, amount: 1000, reason: "Dented lid", createdAt: "2026-02-02T10:00:00.000Z" },
          ],
        });
      }),
    );
  }

  it("refunds part of one item after the dialog: the reason is checked here, more than is left by the server", async () => {
    const calls = answerRefunds();
    renderWithProviders(<TransactionsPage />, { path: `${BO}/transactions`, route: `${BO}/transactions` });
    await userEvent.click(await screen.findByRole("radio", { name: "Confirmed" }));
    await userEvent.click(await screen.findByRole("button", { name: "Refund" }));
    const dialog = await screen.findByRole("dialog", { name: "Refund order NM-26-000300?" });
    expect(await within(dialog).findByRole("button", { name: "Refund ₦27,000" })).toBeInTheDocument();

    await userEvent.selectOptions(within(dialog).getByLabelText("What to refund"), "Electric Kettle x2 (₦25,000 left)");
    expect(dialog).toHaveTextContent("Sold by Adaeze Okafor.");
    const amount = within(dialog).getByLabelText("Amount");
    await userEvent.type(amount, "30000");
    await userEvent.click(within(dialog).getByRole("button", { name: "Refund ₦30,000" }));
    expect(await within(dialog).findByText(FINANCE_MESSAGES.reasonNeeded)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);
    await userEvent.type(within(dialog).getByRole("textbox", { name: "Reason" }), "Dented lid");
    await userEvent.click(within(dialog).getByRole("button", { name: "Refund ₦30,000" }));
    expect(await within(dialog).findByText(FINANCE_MESSAGES.aboveRefundable(25_000))).toBeInTheDocument();

    await userEvent.clear(amount);
    await userEvent.type(amount, "1000");
    expect(dialog).toHaveTextContent(
      "This takes ₦1,000 back from the seller's share and the store's commission. Then send it to Tunde Bakare's bank account yourself.",
    );
    await userEvent.click(within(dialog).getByRole("button", { name: "Refund ₦1,000" }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === "POST")[1]?.body).toEqual({
        order_id: orderId,
        line_id: lineId,
        amount: 1000,
        reason: "Dented lid",
      }),
    );
    expect(
      await screen.findByText("Refund recorded. Send the money back to the buyer's account.", {}, { timeout: 4000 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("refunds the whole order with no line and no amount", async () => {
    const calls = answerRefunds();
    renderWithProviders(<TransactionsPage />, { path: `${BO}/transactions`, route: `${BO}/transactions` });
    await userEvent.click(await screen.findByRole("radio", { name: "Confirmed" }));
    await userEvent.click(await screen.findByRole("button", { name: "Refund" }));
    const dialog = await screen.findByRole("dialog", { name: "Refund order NM-26-000300?" });
    await userEvent.type(await within(dialog).findByRole("textbox", { name: "Reason" }), "Order never delivered");
    await userEvent.click(within(dialog).getByRole("button", { name: "Refund ₦27,000" }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === "POST")?.body).toEqual({ order_id: orderId, reason: "Order never delivered" }),
    );
  });
});
