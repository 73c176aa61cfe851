/**
 * The buyer's order history shows an order whose transfer no admin confirmed in time (ADR 0081):
 * "Payment not confirmed" and what happened to its items; a history longer than one page is read
 * page by page with "Load more" (the answer's `nextCursor`).
 */
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { setToken } from "../../../lib/api";
import { mockFetch, renderWithProviders } from "../../../test/render";
import AccountPage from "./account-page";

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  localStorage.clear();
});

const me = {
  statusCode: 200,
  data: {
    _id: "u1",
    names: "Tunde Bakare",
    username: "tunde",
    email: "tunde@example.ng",
    phone: "+2348031234567",
    whatsapp: null,
    profile: null,
    desc: "",
    accType: "customer",
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
  },
};

describe("order history", () => {
  it("shows an unconfirmed order as 'Payment not confirmed' with what happened to its items", async () => {
    setToken("t".repeat(43));
    mockFetch({
      "/api/me": me,
      "/api/orders": {
        statusCode: 200,
        data: [
          {
            _id: "abcdef123456",
            status: "unconfirmed",
            total: 27000,
            subtotal: 25000,
            shipping: 2000,
            createdAt: "2026-02-01T10:00:00Z",
            reserved_until: "2026-02-01T10:15:00Z",
            lines: [],
          },
        ],
      },
    });
    renderWithProviders(<AccountPage />, { path: "/account", route: "/account" });
    expect(await screen.findByText("#ABCDEF12")).toBeInTheDocument();
    expect(screen.getByText("Payment not confirmed")).toBeInTheDocument();
    expect(screen.getByText(/We could not confirm your transfer in time, so the items went back on sale/)).toBeInTheDocument();
  });

  it("reads the next page with the answer's cursor on 'Load more', and hides the button on the last page", async () => {
    setToken("t".repeat(43));
    const order = (n: number) => ({
      _id: `${String(n).padStart(8, "0")}aaaa`,
      status: "paid",
      total: 1000,
      subtotal: 1000,
      shipping: 0,
      createdAt: "2026-02-01T10:00:00Z",
      reserved_until: "2026-02-01T10:15:00Z",
      lines: [],
    });
    const calls = mockFetch({
      "/api/me": me,
      "/api/orders?cursor=c50": { statusCode: 200, data: [order(51)], nextCursor: null },
      "/api/orders": { statusCode: 200, data: Array.from({ length: 50 }, (_, i) => order(i + 1)), nextCursor: "c50" },
    });
    renderWithProviders(<AccountPage />, { path: "/account", route: "/account" });
    expect(await screen.findByText("#00000050")).toBeInTheDocument();
    expect(screen.queryByText("#00000051")).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Load more" }));
    expect(await screen.findByText("#00000051")).toBeInTheDocument();
    expect(screen.getByText("#00000001")).toBeInTheDocument();
    expect(calls.filter((u) => u.startsWith("/api/orders"))).toEqual(["/api/orders", "/api/orders?cursor=c50"]);
    await waitFor(() => expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument());
  });
});
