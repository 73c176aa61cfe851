import { MessageAnswer, TEXT, type UserDetails } from "@market/contract";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { buyerOrder, address as fixtureAddress, meAnswer, ordersAnswer } from "../../../test/fixtures";
import { errorAnswer, HttpResponse, http, recordCalls, server } from "../../../test/msw";
import { renderWithProviders } from "../../../test/render";
import { signInTestSession } from "../../../test/session";
import AccountPage from "./account-page";
import AddressPage from "./address-page";
import ChangePasswordPage from "./change-password-page";

const address = (i: number, over: Partial<UserDetails["addresses"][number]> = {}) =>
  fixtureAddress({
    _id: `a${i}`,
    address_id: i,
    first_name: `First${i}`,
    address1: "5 Allen Avenue",
    zip: "",
    phone: "",
    default: false,
    ...over,
  });

/** A signed-in customer with two addresses (the default one in Ghana), unless overridden. */
const answerMe = (over: Partial<UserDetails> = {}) =>
  server.use(
    http.get("/api/me", () =>
      HttpResponse.json(meAnswer({ addresses: [address(0, { default: true, country: "Ghana" }), address(1)], ...over })),
    ),
  );

describe("customer area", () => {
  it("shows the sidebar, greeting, empty order history and account details", async () => {
    signInTestSession();
    answerMe();
    server.use(http.get("/api/orders", () => HttpResponse.json(ordersAnswer([]))));
    renderWithProviders(<AccountPage />, { path: "/account", route: "/account" });
    expect(await screen.findByText("Hello Tunde Bakare")).toBeInTheDocument();
    for (const label of ["Dashboard", "Addresses (2)", "Change Password", "Log out"])
      expect(screen.getAllByText(label)[0]).toBeInTheDocument();
    expect(await screen.findByText("No order has been made yet.")).toBeInTheDocument();
    expect(screen.getByTestId("account-details")).toHaveTextContent("First0 Bakare, Ghana");
  });

  it("lists orders from GET /api/orders", async () => {
    signInTestSession();
    answerMe();
    server.use(http.get("/api/orders", () => HttpResponse.json(ordersAnswer([buyerOrder({ _id: "abcdef123456", status: "paid" })]))));
    renderWithProviders(<AccountPage />, { path: "/account", route: "/account" });
    // The order's number opens its page.
    expect(await screen.findByRole("link", { name: "NM-26-000123" })).toHaveAttribute("href", "/account/orders/abcdef123456");
    expect(screen.getByText("Paid")).toBeInTheDocument();
  });

  it("sends a signed-out visitor to /signin and a seller to /", async () => {
    const out = renderWithProviders(<AccountPage />, { path: "/account", route: "/account" });
    await waitFor(() => expect(out.router.state.location.pathname).toBe("/signin"));
    out.unmount();
    signInTestSession();
    answerMe({ accType: "business" });
    const seller = renderWithProviders(<AccountPage />, { path: "/account", route: "/account" });
    await waitFor(() => expect(seller.router.state.location.pathname).toBe("/"));
  });

  it('titles the default card "Default" and the others "Address N"; Edit loads the form with "Update Address"', async () => {
    signInTestSession();
    answerMe({ addresses: [address(0), address(1, { default: true }), address(2)] });
    renderWithProviders(<AddressPage />, { path: "/address", route: "/address" });
    const cards = await screen.findAllByTestId("address-card");
    expect(cards.map((c) => c.querySelector("h3")?.textContent)).toEqual(["Address 1", "Default", "Address 3"]);
    await userEvent.click(screen.getAllByRole("button", { name: "Edit" })[2]!);
    // The form is a lazy part of the page (ADR 0192): its first opening may wait for its module.
    expect(await screen.findByLabelText(/First name/)).toHaveValue("First2");
    expect(screen.getByRole("button", { name: "Update Address" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByLabelText(/First name/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Add a New Address" }));
    expect(screen.getByLabelText(/First name/)).toHaveValue("");
    expect(screen.getByRole("button", { name: "Add Address" })).toBeInTheDocument();
  });

  it("editing the default address keeps its tick locked (another address must take it over)", async () => {
    signInTestSession();
    answerMe({ addresses: [address(0), address(1, { default: true })] });
    renderWithProviders(<AddressPage />, { path: "/address", route: "/address" });
    await screen.findAllByTestId("address-card");
    await userEvent.click(screen.getAllByRole("button", { name: "Edit" })[1]!);
    const tick = await screen.findByRole("checkbox", { name: TEXT.accounts.setDefault });
    expect(tick).toBeChecked();
    expect(tick).toBeDisabled();
    expect(screen.getByText(TEXT.accounts.defaultKept)).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Cancel" }));
    await userEvent.click(screen.getAllByRole("button", { name: "Edit" })[0]!);
    expect(screen.getByRole("checkbox", { name: TEXT.accounts.setDefault })).toBeEnabled();
  });

  it("offers the full country list with Pakistan first; a new address starts in Nigeria", async () => {
    signInTestSession();
    answerMe();
    renderWithProviders(<AddressPage />, { path: "/address", route: "/address" });
    await userEvent.click(await screen.findByRole("button", { name: "Add a New Address" }));
    const country = screen.getByRole("combobox", { name: /Country/ });
    expect(country).toHaveValue("Nigeria");
    await userEvent.click(country);
    const names = (await screen.findAllByRole("option", { hidden: true })).map((o) => o.textContent);
    expect(names[0]).toBe("Pakistan");
    expect(names.length).toBeGreaterThan(240);
    expect(names).toContain("Nigeria");
    expect(names.filter((n) => n === "Pakistan")).toHaveLength(1);
  });

  it("a refused save shows the server's field message under its field and keeps the form open", async () => {
    signInTestSession();
    answerMe();
    server.use(http.post("/api/address", () => errorAnswer(400, "zip: Zip code is not valid here", { zip: "Zip code is not valid here" })));
    renderWithProviders(<AddressPage />, { path: "/address", route: "/address" });
    await screen.findAllByTestId("address-card");
    await userEvent.click(screen.getAllByRole("button", { name: "Edit" })[1]!);
    await userEvent.click(screen.getByRole("button", { name: "Update Address" }));
    expect(await screen.findByText("Zip code is not valid here", { selector: ".mantine-InputWrapper-error" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Update Address" })).toBeInTheDocument();
  });

  it("change password: success clears the three fields", async () => {
    signInTestSession();
    answerMe();
    server.use(
      http.put("/api/me", () => HttpResponse.json(MessageAnswer.parse({ statusCode: 200, message: "Password Successfully Updated" }))),
    );
    const calls = recordCalls();
    renderWithProviders(<ChangePasswordPage />, { path: "/changePass", route: "/changePass" });
    const old = await screen.findByLabelText(/Old Password/);
    await userEvent.type(old, "Old#2026");
    await userEvent.type(screen.getByLabelText(/New Password/), "New#2026");
    await userEvent.type(screen.getByLabelText(/Confirm Password/), "New#2026");
    await userEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("Password Successfully Updated")).toBeInTheDocument();
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({
      request_type: "changePass",
      _id: "u1",
      old_password: "Old#2026",
      password: "New#2026",
      confirm_password: "New#2026",
    });
    expect(old).toHaveValue("");
    expect(screen.getByLabelText(/New Password/)).toHaveValue("");
  });
});
