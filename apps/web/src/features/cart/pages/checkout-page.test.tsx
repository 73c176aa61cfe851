import { CreateSessionAnswer, PendingTransferAnswer } from "@market/contract";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { HttpHandler } from "msw";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { address, cartAnswer, meAnswer, serverLine, transferForm } from "../../../test/fixtures";
import { errorAnswer, HttpResponse, http, recordCalls, server } from "../../../test/msw";
import { Providers, renderWithProviders } from "../../../test/render";
import { signInTestSession } from "../../../test/session";
import CheckoutPage from "./checkout-page";

const FORM = transferForm();

/** A signed-in customer with one cart line (2 x ₦2,000) and no pending order, plus `extra` answers; answers the recorded calls. */
function signedIn(...extra: HttpHandler[]) {
  signInTestSession();
  server.use(
    ...extra,
    http.get("/api/me", () => HttpResponse.json(meAnswer())),
    http.get("/api/transactions/pending", () => HttpResponse.json(PendingTransferAnswer.parse({ statusCode: 200, data: null }))),
    http.get("/api/cart", () => HttpResponse.json(cartAnswer([serverLine("p1", 2, 2000, 5, "Laptop Backpack")]))),
  );
  return recordCalls();
}

describe("CheckoutPage", () => {
  it("is drawn with the default address when the user is known at the first render (as the server draws it)", async () => {
    signedIn();
    // The browser's first visit loads the user, the settings and the cart into the query cache...
    const first = renderWithProviders(<CheckoutPage />);
    await waitFor(() => expect(screen.getByLabelText("First name")).toHaveValue("Tunde"));
    first.unmount();
    // ...and a drawing from that cache without effects (the server's) already holds the address.
    const router = createMemoryRouter([{ path: "*", element: <CheckoutPage /> }], { initialEntries: ["/checkout"] });
    const html = renderToString(
      <Providers queryClient={first.queryClient}>
        <RouterProvider router={router} />
      </Providers>,
    );
    expect(html).toContain('value="14 Allen Avenue"');
    expect(html).toContain('value="Tunde"');
  });

  it("sends signed-out visitors home", async () => {
    const { router } = renderWithProviders(<CheckoutPage />, { path: "*", route: "/checkout" });
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
  });

  it("fills the default address, shows the review with flat shipping, and opens the Bank Transfer modal on 'session'", async () => {
    const calls = signedIn(
      http.post("/api/transactions/createSession", () =>
        HttpResponse.json(CreateSessionAnswer.parse({ statusCode: 200, data: { message: "ok", data: "session", Form: FORM } })),
      ),
    );
    renderWithProviders(<CheckoutPage />);
    await waitFor(() => expect(screen.getByLabelText("First name")).toHaveValue("Tunde"));
    expect(screen.getByLabelText("Address 1")).toHaveValue("14 Allen Avenue");
    expect(screen.getByLabelText("Payment type")).toHaveValue("bank_transfer");
    expect(screen.getByRole("option", { name: "Card payment -- coming soon" })).toBeDisabled();
    await waitFor(() => expect(screen.getByTestId("checkout-total")).toHaveTextContent("₦6,000.00"));
    expect(screen.getByRole("link", { name: "Edit Cart" })).toHaveAttribute("href", "/cart");
    await userEvent.type(
      screen.getByLabelText("Enter Account Number (Account number you are going to be transferring from)"),
      "0987654321",
    );
    await userEvent.click(screen.getByRole("button", { name: "Place Order" }));
    const sent = await waitFor(() => {
      const c = calls.find((x) => x.path === "/api/transactions/createSession");
      expect(c).toBeDefined();
      return c!.body as Record<string, unknown>;
    });
    expect(sent).toMatchObject({
      amount: "6000.00",
      account_no: "0987654321",
      payment_type: "bank_transfer",
      product_type: "market-place",
      shippingFees: 2000,
      city: "Ikeja",
    });
    expect(await screen.findByTestId("bank-transfer-modal", {}, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.getByRole("timer")).toHaveTextContent(/Time remaining: 8\d\d seconds/);
    expect(screen.getByText("Naija Market Ltd")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Cancle" })).toBeInTheDocument();
  }, 60_000);

  it("shows the 'Oops' alert with the server's message when checkout fails", async () => {
    signedIn(
      http.post("/api/transactions/createSession", () =>
        errorAnswer(409, "Your order total has changed to ₦7,000. Please refresh the page and try again."),
      ),
    );
    renderWithProviders(<CheckoutPage />);
    // The cart is read once the session is known and the page has drawn: seconds on a loaded machine.
    await waitFor(() => expect(screen.getByTestId("checkout-total")).toHaveTextContent("₦6,000.00"), { timeout: 5000 });
    // A valid form (the browser checks it first), so what fails is the server's answer.
    await userEvent.type(
      screen.getByLabelText("Enter Account Number (Account number you are going to be transferring from)"),
      "0987654321",
    );
    await userEvent.click(screen.getByRole("button", { name: "Place Order" }));
    expect(await screen.findByText("Oops", {}, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.getByText(/total has changed to ₦7,000/)).toBeInTheDocument();
  });

  it("on a 409 for an order already awaiting payment (ADR 0136): says so, opens no modal, replaces nothing, and offers that order", async () => {
    // The order was placed in another tab after this page loaded: the server knows it, the page does not yet.
    let placed = false;
    const calls = signedIn(
      http.get("/api/transactions/pending", () =>
        HttpResponse.json(PendingTransferAnswer.parse({ statusCode: 200, data: placed ? FORM : null })),
      ),
      http.post("/api/transactions/createSession", () => {
        placed = true;
        return errorAnswer(
          409,
          "You already have an order awaiting payment. Continue its payment from your cart or account, or cancel it before placing a new order.",
        );
      }),
    );
    renderWithProviders(<CheckoutPage />);
    await waitFor(() => expect(screen.getByTestId("checkout-total")).toHaveTextContent("₦6,000.00"), { timeout: 5000 });
    expect(screen.queryByTestId("pending-order")).toBeNull();
    await userEvent.type(
      screen.getByLabelText("Enter Account Number (Account number you are going to be transferring from)"),
      "0987654321",
    );
    await userEvent.click(screen.getByRole("button", { name: "Place Order" }));
    expect(await screen.findByText(/already have an order awaiting payment/, {}, { timeout: 4000 })).toBeInTheDocument();
    // The pending order is asked again after the refusal and offered on the page.
    const card = await screen.findByTestId("pending-order", {}, { timeout: 4000 });
    expect(card).toHaveTextContent("You have an order awaiting payment: ₦6,000");
    expect(screen.queryByTestId("bank-transfer-modal")).toBeNull();
    // The web never asks the server to replace the pending order.
    const posts = calls.filter((c) => c.method === "POST");
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).not.toHaveProperty("replace_pending");
    await userEvent.click(screen.getByRole("button", { name: "Continue payment" }));
    expect(await screen.findByTestId("bank-transfer-modal", {}, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.getByText("Naija Market Ltd")).toBeInTheDocument();
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(1);
  }, 30_000);

  it("offers the shopper's pending order (one per shopper, ADR 0136), whose Continue payment opens its Bank Transfer modal", async () => {
    const calls = signedIn(
      http.get("/api/transactions/pending", () => HttpResponse.json(PendingTransferAnswer.parse({ statusCode: 200, data: FORM }))),
    );
    renderWithProviders(<CheckoutPage />);
    const card = await screen.findByTestId("pending-order", {}, { timeout: 5000 });
    expect(card).toHaveTextContent("You have an order awaiting payment: ₦6,000");
    await userEvent.click(screen.getByRole("button", { name: "Continue payment" }));
    expect(await screen.findByTestId("bank-transfer-modal", {}, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.getByText("Naija Market Ltd")).toBeInTheDocument();
    // Reopening the pending order sends nothing: no second order is made.
    expect(calls.filter((c) => c.method !== "GET")).toEqual([]);
  }, 30_000);

  it("shows one shipment per seller from the server's quote, and with cards taken sends a card order without an account number", async () => {
    const group = (seller: string, fee: number, name: string) => ({
      seller_id: seller,
      seller_name: seller,
      fee,
      min_days: 1,
      max_days: 2,
      deliverable: true,
      store_rate: false,
      pickup_points: [],
      pickup_point_id: null,
      items: [{ product_id: "p1", name, subtotal: 4000 }],
    });
    const calls = signedIn(
      http.get("/api/settings", () =>
        HttpResponse.json({ statusCode: 200, data: { free_shipping_over: 50_000, free_shipping_state: "Lagos", card_payments: true } }),
      ),
      http.get("/api/shipping/quote", () =>
        HttpResponse.json({
          statusCode: 200,
          data: {
            state: "Lagos",
            shipping: 2500,
            blocked: null,
            groups: [group("Chidi Nwosu", 1000, "Cooler"), group("Funke Adeyemi", 1500, "Tie")],
          },
        }),
      ),
      http.post("/api/transactions/createSession", () =>
        HttpResponse.json(
          CreateSessionAnswer.parse({
            statusCode: 200,
            data: { message: "ok", data: "session", Form: FORM, authorization_url: "https://checkout.paystack.test/x" },
          }),
        ),
      ),
    );
    renderWithProviders(<CheckoutPage />);
    await waitFor(() => expect(screen.getAllByTestId("shipping-group")).toHaveLength(2));
    expect(screen.getByTestId("checkout-shipping")).toHaveTextContent("2,500");
    expect(screen.getByTestId("checkout-total")).toHaveTextContent("₦6,500.00");
    expect(screen.getByRole("option", { name: "Card payment" })).toBeEnabled();
    await userEvent.selectOptions(screen.getByLabelText("Payment type"), "card");
    expect(screen.getByTestId("card-note")).toHaveTextContent("₦6,500.00");
    await userEvent.click(screen.getByRole("button", { name: "Place Order" }));
    const sent = await waitFor(() => {
      const c = calls.find((x) => x.path === "/api/transactions/createSession");
      expect(c).toBeDefined();
      return c!.body as Record<string, unknown>;
    });
    expect(sent).toMatchObject({ payment_type: "card", amount: "6500.00" });
    expect(sent.account_no).toBeUndefined();
  }, 30_000);

  it("with pay on delivery placed, forgets the cart (the server emptied it) and opens the order", async () => {
    signedIn(
      http.get("/api/shipping/quote", () =>
        HttpResponse.json({
          statusCode: 200,
          data: { state: "Lagos", shipping: 2000, blocked: null, groups: [], pay_on_delivery: { available: true, reason: null } },
        }),
      ),
      http.post("/api/transactions/createSession", () =>
        HttpResponse.json(
          CreateSessionAnswer.parse({
            statusCode: 200,
            data: { message: "ok", data: "session", Form: transferForm({ provider: "pay_on_delivery", payment_type: "pay_on_delivery" }) },
          }),
        ),
      ),
    );
    const { router, queryClient } = renderWithProviders(<CheckoutPage />, { path: "*", route: "/checkout" });
    await waitFor(() => expect(screen.getByRole("option", { name: "Pay on delivery" })).toBeEnabled(), { timeout: 10_000 });
    await userEvent.selectOptions(screen.getByLabelText("Payment type"), "pay_on_delivery");
    await userEvent.click(screen.getByRole("button", { name: "Place Order" }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/account/orders/${FORM.order_id}`));
    expect(queryClient.getQueryData(["cart"])).toEqual([]);
  }, 30_000);

  it("picks the State from Nigeria's states, starts from the default address's and quotes the shipments again when it changes", async () => {
    signInTestSession();
    server.use(
      http.get("/api/me", () => HttpResponse.json(meAnswer({ addresses: [address({ state: "lagos state" })] }))),
      http.get("/api/transactions/pending", () => HttpResponse.json(PendingTransferAnswer.parse({ statusCode: 200, data: null }))),
      http.get("/api/cart", () => HttpResponse.json(cartAnswer([serverLine("p1", 2, 2000, 5, "Laptop Backpack")]))),
      http.get("/api/shipping/quote", ({ request }) => {
        const state = new URL(request.url).searchParams.get("state");
        const fee = state === "FCT" ? 3500 : 1500;
        return HttpResponse.json({
          statusCode: 200,
          data: {
            state,
            shipping: fee,
            blocked: null,
            groups: [
              {
                seller_id: "s1",
                seller_name: "Funke Adeyemi",
                fee,
                min_days: 1,
                max_days: 2,
                deliverable: true,
                store_rate: false,
                pickup_points: [],
                pickup_point_id: null,
                items: [{ product_id: "p1", name: "Laptop Backpack", subtotal: 4000 }],
              },
            ],
          },
        });
      }),
    );
    renderWithProviders(<CheckoutPage />);
    const picker = await screen.findByLabelText("State");
    await waitFor(() => expect(picker).toHaveValue("Lagos"));
    expect(picker.tagName).toBe("SELECT");
    // The contract's one list: 36 states, the FCT and the empty choice.
    expect(picker.querySelectorAll("option")).toHaveLength(38);
    await waitFor(() => expect(screen.getByTestId("shipping-group-fee")).toHaveTextContent("₦1,500"));
    await userEvent.selectOptions(picker, "FCT");
    await waitFor(() => expect(screen.getByTestId("shipping-group-fee")).toHaveTextContent("₦3,500"));
    expect(screen.getByTestId("checkout-total")).toHaveTextContent("₦7,500.00");
  }, 30_000);
});
