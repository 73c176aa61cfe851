/**
 * The admin's Transactions screen and flagged transfers (ADR 0081): a transfer nobody decided in
 * time has its own filter, a "flagged" badge with a note saying its stock was released, and can
 * still be confirmed or rejected, with a dialog that says what that means for a released order.
 */
import { type AdminTransaction, AdminTransactionActionAnswer } from "@market/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { adminTransaction, meAnswer, transactionsAnswer } from "../../../test/fixtures";
import { HttpResponse, http, recordCalls, server } from "../../../test/msw";
import { renderWithProviders } from "../../../test/render";
import { signInTestSession } from "../../../test/session";
import { ConfirmHost } from "../components/confirm";
import TransactionsPage from "./transactions-page";

const transfer = (over: Partial<AdminTransaction>) =>
  adminTransaction({
    _id: "10000000-0000-4000-8000-000000000001",
    order_id: "abcdef12-0000-4000-8000-000000000001",
    amount: 27000,
    payer_account_no: "0987654321",
    client_account_no: "0123456789",
    client_bank: "Wema Bank",
    ...over,
  });

/** Answers /api/me as an admin and the transfer list by its status filter; answers the recorded calls. */
function mockApi(byStatus: Record<string, AdminTransaction[]>) {
  server.use(
    http.get("/api/me", () => HttpResponse.json(meAnswer({ names: "Store Admin", accType: "admin", addresses: [] }))),
    http.get("/api/admin/transactions", ({ request }) =>
      HttpResponse.json(transactionsAnswer(byStatus[new URL(request.url).searchParams.get("status") ?? "all"] ?? [])),
    ),
    http.put("/api/admin/transactions", () =>
      HttpResponse.json(
        AdminTransactionActionAnswer.parse({
          statusCode: 200,
          message: "Payment confirmed",
          data: transfer({ status: "confirmed", order_status: "paid" }),
        }),
      ),
    ),
  );
  return recordCalls();
}

describe("Transactions: flagged transfers", () => {
  it("lists them under their own filter with a note, and confirming one says its stock is reserved again", async () => {
    signInTestSession();
    const flagged = transfer({ status: "flagged", order_status: "unconfirmed", flagged_at: "2026-02-03T10:00:00.000Z" });
    const calls = mockApi({ submitted: [], flagged: [flagged] });
    renderWithProviders(
      <>
        <ConfirmHost />
        <TransactionsPage />
      </>,
    );
    expect(await screen.findByText("No transfers here.")).toBeInTheDocument();
    await userEvent.click(screen.getByText("Flagged"));
    const row = await screen.findByTestId("transaction-row");
    expect(calls.some((c) => c.path.includes("status=flagged"))).toBe(true);
    expect(within(row).getByText("flagged")).toBeInTheDocument();
    expect(within(row).getByTestId("flag-note")).toHaveTextContent(/^Not confirmed in time: stock released on /);
    expect(within(row).getByText("unconfirmed")).toBeInTheDocument();

    await userEvent.click(within(row).getByRole("button", { name: "Confirm" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveTextContent("This order's items went back on sale when it was flagged: confirming reserves them again");
    await userEvent.click(within(dialog).getByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(calls.find((c) => c.method === "PUT")?.body).toEqual({ transaction_id: flagged._id, action: "confirm" }));
  });

  it("offers Reject on a flagged transfer with a refund reminder", async () => {
    signInTestSession();
    const flagged = transfer({ status: "flagged", order_status: "unconfirmed", flagged_at: "2026-02-03T10:00:00.000Z" });
    mockApi({ submitted: [], flagged: [flagged] });
    renderWithProviders(
      <>
        <ConfirmHost />
        <TransactionsPage />
      </>,
    );
    await screen.findByText("No transfers here.");
    await userEvent.click(screen.getByText("Flagged"));
    const row = await screen.findByTestId("transaction-row");
    await userEvent.click(within(row).getByRole("button", { name: "Reject" }));
    expect(await screen.findByRole("dialog")).toHaveTextContent(
      "Its items are already back on sale. If ₦27,000 reached the store's account, refund the buyer.",
    );
  });
});

describe("Transactions: search (ADR 0177)", () => {
  it("finds a transfer by its reference across statuses; its order number opens the order page", async () => {
    signInTestSession();
    const confirmed = transfer({ status: "confirmed", order_status: "paid", order_number: "NM-26-000777", reference: "K7QX4M9T" });
    const calls = mockApi({ submitted: [], all: [confirmed] });
    renderWithProviders(<TransactionsPage />);
    expect(await screen.findByText("No transfers here.")).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("Find a transfer"), "k7qx4m9t");
    const row = await screen.findByTestId("transaction-row");
    const searched = calls.filter((c) => c.path.includes("q=")).at(-1)!;
    expect(new URL(searched.path, "http://x").searchParams.get("q")).toBe("k7qx4m9t");
    expect(new URL(searched.path, "http://x").searchParams.get("status")).toBeNull();
    expect(within(row).getByTestId("transfer-reference")).toHaveTextContent("Ref K7QX4M9T");
    expect(within(row).getByRole("link", { name: "NM-26-000777" })).toHaveAttribute(
      "href",
      `/admin_real/dashboard/orders/${confirmed.order_id}`,
    );
  });
});
