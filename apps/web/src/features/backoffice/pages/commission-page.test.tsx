/**
 * The admin's Commission screen (ADR 0097): rates shown as percentages and sent as basis points,
 * the shipping card, and the server's field errors shown as sentences.
 */
import { CommissionSettings, FINANCE_MESSAGES } from "@market/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { errorAnswer, HttpResponse, http } from "../../../test/msw";
import { renderWithProviders } from "../../../test/render";
import { signInTestSession } from "../../../test/session";
import CommissionPage from "./commission-page";
import { asAdmin, BO } from "./finance-test-kit";

describe("Commission", () => {
  const settings = CommissionSettings.parse({
    store_bps: 1000,
    categories: [
      { category_id: "20000000-0000-4000-8000-000000000001", name: "Phones & Tablets", type: "market-place", bps: 750 },
      { category_id: "20000000-0000-4000-8000-000000000002", name: "Tailoring", type: "services", bps: null },
    ],
  });

  function answerCommission(put?: () => Response) {
    return asAdmin(
      http.get("/api/admin/commission", () => HttpResponse.json({ statusCode: 200, data: settings })),
      http.put(
        "/api/admin/commission",
        put ?? (() => HttpResponse.json({ statusCode: 200, message: "Commission rates saved", data: { ...settings, store_bps: 1250 } })),
      ),
    );
  }

  it("shows rates as percentages and sends only the changes, in basis points", async () => {
    const calls = answerCommission();
    renderWithProviders(<CommissionPage />, { path: `${BO}/commission`, route: `${BO}/commission` });
    const store = await screen.findByLabelText("Store-wide commission");
    expect(store).toHaveValue("10%");
    expect(screen.getByLabelText("Phones & Tablets rate")).toHaveValue("7.5%");
    expect(screen.getByLabelText("Tailoring rate")).toHaveValue("");
    expect(screen.getByLabelText("Tailoring rate")).toHaveAttribute("placeholder", "10%");

    await userEvent.clear(store);
    await userEvent.type(store, "12.5");
    await userEvent.type(screen.getByLabelText("Tailoring rate"), "5");
    await userEvent.click(screen.getByRole("button", { name: "Save rates" }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === "PUT")?.body).toEqual({
        store_bps: 1250,
        categories: [{ category_id: "20000000-0000-4000-8000-000000000002", bps: 500 }],
      }),
    );
    expect(await screen.findByText("Commission rates saved")).toBeInTheDocument();
  });

  it("removes a category's own rate when its field is emptied", async () => {
    const calls = answerCommission();
    renderWithProviders(<CommissionPage />, { path: `${BO}/commission`, route: `${BO}/commission` });
    await userEvent.clear(await screen.findByLabelText("Phones & Tablets rate"));
    await userEvent.click(screen.getByRole("button", { name: "Save rates" }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === "PUT")?.body).toEqual({
        categories: [{ category_id: "20000000-0000-4000-8000-000000000001", bps: null }],
      }),
    );
  });

  it("says what is wrong in sentences: an empty store rate here (the contract's words), the server's message on its field", async () => {
    const calls = answerCommission(() => errorAnswer(400, FINANCE_MESSAGES.bps, { store_bps: FINANCE_MESSAGES.bps }));
    renderWithProviders(<CommissionPage />, { path: `${BO}/commission`, route: `${BO}/commission` });
    const store = await screen.findByLabelText("Store-wide commission");
    await userEvent.clear(store);
    await userEvent.click(screen.getByRole("button", { name: "Save rates" }));
    expect(await screen.findByText(FINANCE_MESSAGES.bps, { selector: ".mantine-NumberInput-error" })).toBeInTheDocument();
    expect(calls.filter((c) => c.method === "PUT")).toHaveLength(0);

    await userEvent.type(store, "20");
    await userEvent.click(screen.getByRole("button", { name: "Save rates" }));
    await waitFor(() => expect(calls.find((c) => c.method === "PUT")?.body).toEqual({ store_bps: 2000 }));
    expect(await screen.findByText(FINANCE_MESSAGES.bps, { selector: ".mantine-NumberInput-error" })).toBeInTheDocument();
  });
});

describe("Commission: the Shipping card", () => {
  it("shows the free shipping threshold, refuses an empty amount in the contract's words, and sends whole naira (0 turns it off)", async () => {
    const calls = asAdmin(
      http.get("/api/admin/commission", () => HttpResponse.json({ statusCode: 200, data: { store_bps: 1000, categories: [] } })),
      http.put("/api/admin/shipping", () =>
        HttpResponse.json({
          statusCode: 200,
          message: "Shipping settings saved",
          data: { free_shipping_over: 0, free_shipping_state: "Lagos" },
        }),
      ),
    );
    renderWithProviders(<CommissionPage />, { path: `${BO}/commission`, route: `${BO}/commission` });
    const field = await screen.findByLabelText("Free standard shipping in Lagos on orders over");
    expect(field).toHaveValue("₦50,000");

    await userEvent.clear(field);
    await userEvent.click(screen.getByRole("button", { name: "Save shipping" }));
    expect(
      await screen.findByText("Enter an amount in naira, or 0 for no free shipping", { selector: ".mantine-NumberInput-error" }),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === "PUT")).toHaveLength(0);

    await userEvent.type(field, "0");
    await userEvent.click(screen.getByRole("button", { name: "Save shipping" }));
    // The pay-on-delivery cap beside it (ADR 0220) is sent with it, unchanged.
    expect(screen.getByLabelText("Pay on delivery only for orders under")).toHaveValue("₦100,000");
    await waitFor(() =>
      expect(calls.find((c) => c.method === "PUT")?.body).toEqual({ free_shipping_over: 0, pay_on_delivery_cap: 100_000 }),
    );
    expect(calls.find((c) => c.method === "PUT")?.path).toBe("/api/admin/shipping");
    expect(await screen.findByText("Shipping settings saved")).toBeInTheDocument();
  });
});

describe("Commission: the server's category errors", () => {
  it("land on the row of the category they name (the server numbers only the categories sent)", async () => {
    signInTestSession();
    const settings = CommissionSettings.parse({
      store_bps: 1000,
      categories: [
        { category_id: "20000000-0000-4000-8000-000000000001", name: "Phones & Tablets", type: "market-place", bps: 750 },
        { category_id: "20000000-0000-4000-8000-000000000002", name: "Tailoring", type: "services", bps: null },
      ],
    });
    asAdmin(
      http.get("/api/admin/commission", () => HttpResponse.json({ statusCode: 200, data: settings })),
      http.put("/api/admin/commission", () => errorAnswer(400, "Rate refused", { "categories.0.bps": "Rate refused" })),
    );
    renderWithProviders(<CommissionPage />, { path: `${BO}/commission`, route: `${BO}/commission` });
    const tailoring = await screen.findByLabelText("Tailoring rate");
    await userEvent.type(tailoring, "5");
    await userEvent.click(screen.getByRole("button", { name: "Save rates" }));
    const rows = await screen.findAllByTestId("commission-category-row");
    expect(await within(rows[1]!).findByText("Rate refused")).toBeInTheDocument();
    expect(within(rows[0]!).queryByText("Rate refused")).toBeNull();
  });
});
