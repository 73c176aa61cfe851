/**
 * The admin's Transactions screen and flagged transfers (ADR 0081): a transfer nobody decided in
 * time has its own filter, a "flagged" badge with a note saying its stock was released, and can
 * still be confirmed or rejected, with a dialog that says what that means for a released order.
 */
import type { AdminTransaction } from "@market/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { setToken } from "../../../lib/api";
import { renderWithProviders } from "../../../test/render";
import { ConfirmHost } from "../components/confirm";
import TransactionsPage from "./transactions-page";

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  localStorage.clear();
});

const admin = {
  _id: "00000000-0000-4000-8000-000000000001",
  names: "Store Admin",
  username: "admin",
  email: "admin@naijamarket.ng",
  phone: "+2348000000001",
  whatsapp: null,
  profile: null,
  desc: "",
  accType: "admin",
  active: true,
  status: "approved",
  verified: { blue_tick: false, email: true, phone: true },
  account_no: null,
  bank_code: null,
  account_name: null,
  category_ids: [],
  followers: [],
  addresses: [],
  createdAt: "2026-01-01T00:00:00.000Z",
};

const transfer = (over: Partial<AdminTransaction>): AdminTransaction => ({
  _id: "10000000-0000-4000-8000-000000000001",
  order_id: "abcdef12-0000-4000-8000-000000000001",
  amount: 27000,
  payer_account_no: "0987654321",
  client_account_no: "0123456789",
  client_bank: "Wema Bank",
  provider: "manual",
  status: "submitted",
  flagged_at: null,
  order_status: "payment_submitted",
  buyer: { _id: "u2", names: "Tunde Bakare", email: "tunde@example.ng" },
  createdAt: "2026-02-01T10:00:00.000Z",
  ...over,
});

type Call = { method: string; url: string; body: unknown };

/** Answers /api/me as an admin and the transfer list by its status filter; records every call. */
function mockApi(byStatus: Record<string, AdminTransaction[]>) {
  const calls: Call[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === "string" ? input : input.toString();
    const call = { method: init?.method ?? "GET", url, body: init?.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
    if (url === "/api/me") return json({ statusCode: 200, data: admin });
    if (url.startsWith("/api/admin/transactions") && call.method === "GET") {
      const status = new URL(url, "http://x").searchParams.get("status") ?? "all";
      return json({ statusCode: 200, data: byStatus[status] ?? [], nextCursor: null });
    }
    if (url === "/api/admin/transactions" && call.method === "PUT") {
      return json({ statusCode: 200, message: "Payment confirmed", data: transfer({ status: "confirmed", order_status: "paid" }) });
    }
    return new Response(JSON.stringify({ statusCode: 404, message: "not mocked" }), { status: 404 });
  }) as typeof fetch;
  return calls;
}

describe("Transactions: flagged transfers", () => {
  it("lists them under their own filter with a note, and confirming one says its stock is reserved again", async () => {
    setToken("t".repeat(43));
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
    expect(calls.some((c) => c.url.includes("status=flagged"))).toBe(true);
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
    setToken("t".repeat(43));
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
