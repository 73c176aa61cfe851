/**
 * The dashboard lays out its cards from GET /api/dashboard: the headline figures with the change
 * from last month, the store's queues for an admin only, payments, invoices, followers, activity
 * and the tasks that link to where they are done.
 */
import { DashboardAnswer } from "@market/contract";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { dashboard, meAnswer } from "../../../test/fixtures";
import { HttpResponse, http, server } from "../../../test/msw";
import { renderWithProviders } from "../../../test/render";
import { signInTestSession } from "../../../test/session";
import DashboardPage from "./dashboard-page";

const data = dashboard({
  scope: "store",
  revenue: { total: 1234567, thisMonth: 50000, lastMonth: 40000 },
  orders: { total: 42, thisMonth: 5, lastMonth: 0 },
  leads: { total: 10, converted: 3, conversionRate: 30 },
  followers: { total: 7, newThisMonth: 2 },
  listings: { products: 4, services: 2, outOfStock: 1 },
  store: { newUsersThisMonth: 3, pendingSellers: 1, transfersAwaiting: 2 },
  monthly: [
    { month: "2026-01", revenue: 40000, orders: 0 },
    { month: "2026-02", revenue: 50000, orders: 5 },
  ],
  payments: [{ _id: "p1", date: "2026-02-01T10:00:00Z", label: "Tunde Bakare", amount: 27000, status: "confirmed" }],
  activity: [{ kind: "order", text: "Tunde Bakare paid an order", at: "2026-02-01T10:00:00Z" }],
  tasks: [
    { key: "ship", title: "Order lines to ship", count: 2, link: "/admin_real/dashboard/ordered_products" },
    { key: "sellers", title: "Sellers to approve", count: 0, link: "/admin_real/dashboard/sellers" },
  ],
});

function renderAs(accType: "admin" | "business") {
  signInTestSession();
  server.use(
    http.get("/api/me", () => HttpResponse.json(meAnswer({ names: "Ada Obi", accType, addresses: [] }))),
    http.get("/api/dashboard", () => HttpResponse.json(DashboardAnswer.parse({ statusCode: 200, data }))),
  );
  renderWithProviders(<DashboardPage />);
}

describe("DashboardPage", () => {
  it("shows an admin the figures, the store's queues and the cards", async () => {
    renderAs("admin");
    expect(await screen.findByText("Transfers awaiting confirmation")).toBeInTheDocument();
    expect(screen.getByTestId("card-revenue")).toHaveTextContent("₦1,234,567");
    expect(screen.getByTestId("card-revenue")).toHaveTextContent("+25%");
    expect(screen.getByTestId("card-orders")).toHaveTextContent("New this month");
    expect(screen.getByTestId("card-conversion")).toHaveTextContent("3 of 10 customers have paid an order");
    expect(within(screen.getByTestId("card-payments")).getByText("Tunde Bakare")).toBeInTheDocument();
    expect(screen.getByTestId("card-followers")).toHaveTextContent("+2 this month");
    expect(screen.getByTestId("card-activity")).toHaveTextContent("Tunde Bakare paid an order");
    expect(within(screen.getByTestId("task-ship")).getByRole("link", { name: "Order lines to ship" })).toHaveAttribute(
      "href",
      "/admin_real/dashboard/ordered_products",
    );
    expect(within(screen.getByTestId("task-sellers")).queryByRole("link")).toBeNull();
    expect(screen.getByTestId("task-sellers")).toHaveTextContent("Done");
  });

  it("shows a seller their shop's figures without the store's queues", async () => {
    renderAs("business");
    expect(await screen.findByText(/Welcome back, Ada Obi/)).toBeInTheDocument();
    expect(await screen.findByTestId("card-conversion")).toHaveTextContent("3 of 10 leads bought from you");
    expect(screen.queryByText("Transfers awaiting confirmation")).toBeNull();
    expect(screen.getByTestId("card-followers")).toHaveTextContent("people follow your shop");
  });
});
