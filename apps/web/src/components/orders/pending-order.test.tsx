/**
 * The pending-order notice's "Continue payment" for a card order (ADR 0223): back to Paystack's
 * page of the same order, to the order page when it was paid meanwhile, and the server's sentence
 * when its window is over.
 */
import { ContinueCardAnswer, PendingTransferAnswer } from "@market/contract";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { meAnswer, transferForm } from "../../test/fixtures";
import { errorAnswer, HttpResponse, http, recordCalls, server } from "../../test/msw";
import { renderWithProviders } from "../../test/render";
import { signInTestSession } from "../../test/session";
import { PendingOrder } from "./pending-order";

const CARD = transferForm({ payment_type: "card", provider: "paystack", client_bank: "Paystack" });
const continued = (paid: boolean) =>
  ContinueCardAnswer.parse({
    statusCode: 200,
    message: "ok",
    data: { paid, authorization_url: paid ? null : "https://checkout.paystack.test/x", expires_at: CARD.expires_at },
  });

function pendingCard(...extra: Parameters<typeof server.use>) {
  signInTestSession();
  server.use(
    ...extra,
    http.get("/api/me", () => HttpResponse.json(meAnswer())),
    http.get("/api/transactions/pending", () => HttpResponse.json(PendingTransferAnswer.parse({ statusCode: 200, data: CARD }))),
  );
  return recordCalls();
}

afterEach(() => vi.restoreAllMocks());

describe("PendingOrder for a card order", () => {
  it("goes back to Paystack's page of the same order", async () => {
    const assign = vi.spyOn(window.location, "assign").mockImplementation(() => {});
    const calls = pendingCard(http.post("/api/transactions/card", () => HttpResponse.json(continued(false))));
    renderWithProviders(<PendingOrder enabled />);
    await userEvent.click(await screen.findByRole("button", { name: "Continue payment" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("https://checkout.paystack.test/x"));
    expect(calls.find((c) => c.path === "/api/transactions/card")?.body).toEqual({ order_id: CARD.order_id });
    // No Bank Transfer modal for a card order.
    expect(screen.queryByText(CARD.client_account_no)).not.toBeInTheDocument();
  });

  it("opens the order when it was paid meanwhile", async () => {
    // Paid, the order is no longer pending: its notice (and the button) go as the orders are read again.
    let paidNow = false;
    pendingCard(
      http.get("/api/transactions/pending", () =>
        HttpResponse.json(PendingTransferAnswer.parse({ statusCode: 200, data: paidNow ? null : CARD })),
      ),
      http.post("/api/transactions/card", () => {
        paidNow = true;
        return HttpResponse.json(continued(true));
      }),
    );
    const { router } = renderWithProviders(<PendingOrder enabled />, { path: "*", route: "/cart" });
    await userEvent.click(await screen.findByRole("button", { name: "Continue payment" }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/account/orders/${CARD.order_id}`));
  });

  it("says the server's sentence when Paystack took a payment that did not pay the order (refunded late payment)", async () => {
    const assign = vi.spyOn(window.location, "assign").mockImplementation(() => {});
    const refunded =
      "Your payment arrived after this order's items went back on sale and one of them is sold out: it is being refunded to you.";
    // Refunded, the order is no longer pending: its notice goes, the sentence stays.
    let refundedNow = false;
    pendingCard(
      http.get("/api/transactions/pending", () =>
        HttpResponse.json(PendingTransferAnswer.parse({ statusCode: 200, data: refundedNow ? null : CARD })),
      ),
      http.post("/api/transactions/card", () => {
        refundedNow = true;
        return HttpResponse.json(
          ContinueCardAnswer.parse({
            statusCode: 200,
            message: refunded,
            data: { paid: false, authorization_url: null, expires_at: CARD.expires_at },
          }),
        );
      }),
    );
    const { router } = renderWithProviders(<PendingOrder enabled />, { path: "*", route: "/cart" });
    await userEvent.click(await screen.findByRole("button", { name: "Continue payment" }));
    expect(await screen.findByText(refunded)).toBeVisible();
    await waitFor(() => expect(screen.queryByTestId("pending-order")).not.toBeInTheDocument());
    expect(screen.getByText(refunded)).toBeVisible();
    expect(router.state.location.pathname).toBe("/cart");
    expect(assign).not.toHaveBeenCalled();
  });

  it("says the server's sentence when the window is over", async () => {
    const assign = vi.spyOn(window.location, "assign").mockImplementation(() => {});
    const over = "The payment time for this order is over and its items went back on sale. Please place the order again.";
    pendingCard(http.post("/api/transactions/card", () => errorAnswer(409, over)));
    renderWithProviders(<PendingOrder enabled />, { path: "*", route: "/cart" });
    await userEvent.click(await screen.findByRole("button", { name: "Continue payment" }));
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent(over));
    expect(assign).not.toHaveBeenCalled();
  });
});
