/**
 * The buyer's order history shows an order whose transfer no admin confirmed in time (ADR 0081):
 * "Payment not confirmed" and what happened to its items.
 */
import { screen } from "@testing-library/react";
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
});
