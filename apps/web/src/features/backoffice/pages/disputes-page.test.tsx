/**
 * Disputes (admin, ADR 0195): open problems with both sides' words and the money involved; "Decide"
 * refunds part of the item with a reason (or all, or releases), and the list is read again.
 */
import type { AdminProblemsAnswer } from "@market/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { meAnswer } from "../../../test/fixtures";
import { HttpResponse, http, recordCalls, server } from "../../../test/msw";
import { renderWithProviders } from "../../../test/render";
import { signInTestSession } from "../../../test/session";
import DisputesPage from "./disputes-page";

const PROBLEM: AdminProblemsAnswer["data"][number] = {
  _id: "33333333-3333-4333-8333-333333333333",
  order_id: "22222222-2222-4222-8222-222222222222",
  line_id: "44444444-4444-4444-8444-444444444444",
  reason: "damaged",
  comment: "The vase arrived in three pieces.",
  image_urls: [],
  status: "answered",
  seller_comment: "The courier dropped it.",
  seller_replied_at: "2026-01-05T10:00:00.000Z",
  reply_by: null,
  refund: null,
  decision_reason: null,
  decided_at: null,
  createdAt: "2026-01-04T10:00:00.000Z",
  order_number: "NM-26-000123",
  line_name: "Ceramic Vase",
  quantity: 1,
  line_amount: 24000,
  refundable: 26000,
  shipping_share: 2000,
  buyer: { _id: "b1", names: "Bisi Ade" },
  seller: { _id: "s1", names: "Ada Okafor" },
};

describe("Disputes", () => {
  it("shows both sides and the money, and refunds part with a reason", async () => {
    signInTestSession();
    let decided = false;
    server.use(
      http.get("/api/me", () => HttpResponse.json(meAnswer({ names: "Store Admin", accType: "admin", addresses: [] }))),
      http.get("/api/admin/problems", () => HttpResponse.json({ statusCode: 200, data: decided ? [] : [PROBLEM] })),
      http.post(`/api/admin/problems/${PROBLEM._id}/decide`, () => {
        decided = true;
        return HttpResponse.json({ statusCode: 200, message: "Decided", data: { ...PROBLEM, status: "decided", refund: 12000 } });
      }),
    );
    const calls = recordCalls();
    renderWithProviders(<DisputesPage />, { path: "/admin_real/dashboard/disputes", route: "/admin_real/dashboard/disputes" });

    const card = await screen.findByTestId("dispute");
    expect(card).toHaveTextContent("Order NM-26-000123");
    expect(card).toHaveTextContent("Buyer: The vase arrived in three pieces.");
    expect(card).toHaveTextContent("Seller: The courier dropped it.");
    expect(card).toHaveTextContent("Refundable: ₦26,000");
    await userEvent.click(within(card).getByRole("button", { name: "Decide" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveTextContent("Refunds ₦26,000: the item and its shipping (₦2,000).");
    await userEvent.click(within(dialog).getByText("Refund part"));
    await userEvent.type(within(dialog).getByLabelText(/Refund amount/), "12000");
    await userEvent.type(within(dialog).getByLabelText(/Reason/), "Broken in transit");
    await userEvent.click(within(dialog).getByRole("button", { name: "Refund ₦12,000" }));
    await waitFor(() => expect(calls.find((c) => c.method === "POST")?.body).toBeDefined());
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ refund_naira: 12000, reason: "Broken in transit" });
    expect(await screen.findByText("No open disputes.")).toBeInTheDocument();
  });
});
