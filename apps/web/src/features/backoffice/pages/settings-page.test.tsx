/**
 * Profile settings against mocked answers (spec §5, §7): the account number waits for a bank, a
 * 10-digit number asks the wallet's account-name finder (POST, no Authorization header), and a
 * failed lookup shows the "Ooops" popup with the server's message (spec §7 generic wallet call).
 * Without a lookup provider the seller types the name, and the saved account's state shows (ADR 0082).
 */
import { MeAnswer, MeUpdateAnswer, PAYOUT_MESSAGES, type UserDetails } from "@market/contract";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { notifications } from "../../../lib/notifications-store";
import { banksAnswer, user } from "../../../test/fixtures";
import { errorAnswer, HttpResponse, http, recordCalls, server } from "../../../test/msw";
import { renderWithProviders } from "../../../test/render";
import { signInTestSession } from "../../../test/session";
import SettingsPage from "./settings-page";

const seller = user({
  _id: "00000000-0000-4000-8000-000000000002",
  names: "Chidi Nwosu",
  username: "chidihome",
  email: "chidi@naijamarket.ng",
  phone: "+2348052220002",
  accType: "business",
  addresses: [],
});

function mockApi({ nameLookup = true, user: me = seller }: { nameLookup?: boolean; user?: UserDetails } = {}) {
  server.use(
    http.get("/api/me", () => HttpResponse.json(MeAnswer.parse({ statusCode: 200, data: me }))),
    http.put("/api/me", () =>
      HttpResponse.json(MeUpdateAnswer.parse({ statusCode: 200, message: "Profile Successfully Updated", data: me })),
    ),
    http.get("/api/v1/banks", () => HttpResponse.json(banksAnswer(nameLookup))),
    http.post("/api/v1/client_bank_account_namefinder", () =>
      errorAnswer(503, "Account name lookup is unavailable right now. Please try again later."),
    ),
  );
  return recordCalls();
}

// Mantine's alerts live in one store for the whole file: each test starts with none.
afterEach(() => notifications.clean());

function renderPage() {
  signInTestSession();
  renderWithProviders(<SettingsPage />);
}

describe("Profile settings", () => {
  it("a failed banks call shows the 'Ooops' popup with the server's message, not an error under the Bank field", async () => {
    mockApi();
    server.use(http.get("/api/v1/banks", () => errorAnswer(503, "The bank list is unavailable right now")));
    renderPage();
    const message = await screen.findByText("The bank list is unavailable right now", {}, { timeout: 4000 });
    expect(message.closest(".mantine-Notification-root")).toHaveTextContent("Ooops");
    expect(screen.getAllByText("The bank list is unavailable right now")).toHaveLength(1);
    expect(screen.getByPlaceholderText("Banks could not load")).toBeDisabled();
  });

  it("asks the name finder at 10 digits and shows 'Ooops' with the server message when it fails", async () => {
    const calls = mockApi();
    renderPage();
    const accountNo = await screen.findByLabelText("Account number");
    expect(accountNo).toBeDisabled(); // no bank chosen yet (spec §5)
    const bank = await screen.findByPlaceholderText("Choose your bank");
    await waitFor(() => expect(bank).toBeEnabled()); // enabled once the banks have loaded
    await userEvent.click(bank);
    await userEvent.click(await screen.findByText("Access Bank"));
    await waitFor(() => expect(accountNo).toBeEnabled());
    await userEvent.type(accountNo, "0123456789");

    const lookup = await waitFor(() => {
      const c = calls.find((x) => x.path === "/api/v1/client_bank_account_namefinder");
      expect(c).toBeTruthy();
      return c!;
    });
    expect(lookup).toMatchObject({ method: "POST", body: { bank_id: "044", account_no: "0123456789" }, auth: null });
    const popup = await screen.findByText("Ooops");
    expect(popup.closest(".mantine-Notification-root")).toHaveTextContent("Account name lookup is unavailable right now");
  });
});

describe("Profile settings without an account-name lookup provider", () => {
  it("lets the seller type the account name (no lookup is asked) and sends the three fields together", async () => {
    const calls = mockApi({ nameLookup: false });
    renderPage();
    const bank = await screen.findByPlaceholderText("Choose your bank");
    await waitFor(() => expect(bank).toBeEnabled());
    await userEvent.click(bank);
    await userEvent.click(await screen.findByText("Access Bank"));
    await userEvent.type(screen.getByLabelText("Account number"), "0123456789");
    const name = screen.getByLabelText("Account name");
    expect(name).not.toHaveAttribute("readonly");
    expect(screen.getByText(PAYOUT_MESSAGES.typeNameHint)).toBeInTheDocument();
    await userEvent.type(name, "CHIDI NWOSU");
    await userEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    const put = await waitFor(() => {
      const c = calls.find((x) => x.path === "/api/me" && x.method === "PUT");
      expect(c).toBeTruthy();
      return c!;
    });
    expect(put.body).toMatchObject({ bank_code: "044", account_no: "0123456789", account_name: "CHIDI NWOSU" });
    expect(calls.some((c) => c.path === "/api/v1/client_bank_account_namefinder")).toBe(false);
  });

  it("shows the saved account as Unverified, awaiting the admin", async () => {
    const saved = user({
      ...seller,
      bank_code: { value: "044", label: "Access Bank" },
      account_no: "0123456789",
      account_name: "CHIDI NWOSU",
    });
    mockApi({ nameLookup: false, user: saved });
    renderPage();
    const state = await screen.findByTestId("bank-account-state");
    expect(state).toHaveTextContent("Unverified");
    expect(state).toHaveTextContent(PAYOUT_MESSAGES.unverifiedHint);
  });

  it("shows Verified once the account is verified", async () => {
    mockApi({
      user: user({
        ...seller,
        bank_code: { value: "044", label: "Access Bank" },
        account_no: "0123456789",
        account_name: "CHIDI NWOSU",
        bank_account_verified: true,
      }),
    });
    renderPage();
    const state = await screen.findByTestId("bank-account-state");
    expect(state).toHaveTextContent("Verified");
    expect(state).not.toHaveTextContent("Unverified");
  });
});
