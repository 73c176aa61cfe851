/**
 * Profile settings against mocked answers (spec §5, §7): the account number waits for a bank, a
 * 10-digit number asks the wallet's account-name finder (POST, no Authorization header), and a
 * failed lookup shows the "Ooops" popup with the server's message (spec §7 generic wallet call).
 * Without a lookup provider the seller types the name, and the saved account's state shows (ADR 0082).
 */
import { PAYOUT_MESSAGES, STORAGE_KEYS } from "@market/contract";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { createQueryClient, Providers } from "../../../app/providers";
import SettingsPage from "./settings-page";

const seller = {
  _id: "00000000-0000-4000-8000-000000000002",
  names: "Chidi Nwosu",
  username: "chidihome",
  email: "chidi@naijamarket.ng",
  phone: "+2348052220002",
  whatsapp: null,
  profile: null,
  desc: "",
  accType: "business",
  active: true,
  status: "approved",
  verified: { blue_tick: false, email: true, phone: true },
  account_no: null,
  bank_code: null,
  account_name: null,
  bank_account_verified: false,
  category_ids: [],
  followers: [],
  addresses: [],
  createdAt: "2026-01-01T00:00:00.000Z",
};

type Call = { method: string; url: string; body: unknown; auth: string | null };

function mockApi({ nameLookup = true, user = seller }: { nameLookup?: boolean; user?: Record<string, unknown> } = {}) {
  const calls: Call[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === "string" ? input : input.toString();
    const headers = new Headers(init?.headers);
    calls.push({
      method: init?.method ?? "GET",
      url,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
      auth: headers.get("authorization"),
    });
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
    if (url === "/api/me" && init?.method === "PUT")
      return json(200, { statusCode: 200, message: "Profile Successfully Updated", data: user });
    if (url === "/api/me") return json(200, { statusCode: 200, data: user });
    if (url === "/api/v1/banks")
      return json(200, {
        statusCode: 200,
        data: [{ bank_name: "Access Bank", bank_code: "044" }],
        account_name_lookup: nameLookup,
      });
    if (url === "/api/v1/client_bank_account_namefinder")
      return json(503, { statusCode: 503, message: "Account name lookup is unavailable right now. Please try again later." });
    return json(404, { statusCode: 404, message: "not mocked" });
  }) as typeof fetch;
  return calls;
}

afterEach(() => localStorage.clear());

function renderPage() {
  localStorage.setItem(STORAGE_KEYS.token, "t".repeat(43));
  const router = createMemoryRouter([{ path: "/", element: <SettingsPage /> }]);
  render(
    <Providers queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
}

describe("Profile settings", () => {
  it("asks the name finder at 10 digits and shows 'Ooops' with the server message when it fails", async () => {
    localStorage.setItem(STORAGE_KEYS.token, "t".repeat(43));
    const calls = mockApi();
    const router = createMemoryRouter([{ path: "/", element: <SettingsPage /> }]);
    render(
      <Providers queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </Providers>,
    );
    const accountNo = await screen.findByLabelText("Account number");
    expect(accountNo).toBeDisabled(); // no bank chosen yet (spec §5)
    const bank = await screen.findByPlaceholderText("Choose your bank");
    await waitFor(() => expect(bank).toBeEnabled()); // enabled once the banks have loaded
    await userEvent.click(bank);
    await userEvent.click(await screen.findByText("Access Bank"));
    await waitFor(() => expect(accountNo).toBeEnabled());
    await userEvent.type(accountNo, "0123456789");

    const lookup = await waitFor(() => {
      const c = calls.find((x) => x.url === "/api/v1/client_bank_account_namefinder");
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
      const c = calls.find((x) => x.url === "/api/me" && x.method === "PUT");
      expect(c).toBeTruthy();
      return c!;
    });
    expect(put.body).toMatchObject({ bank_code: "044", account_no: "0123456789", account_name: "CHIDI NWOSU" });
    expect(calls.some((c) => c.url === "/api/v1/client_bank_account_namefinder")).toBe(false);
  });

  it("shows the saved account as Unverified, awaiting the admin", async () => {
    const saved = { ...seller, bank_code: "044", account_no: "0123456789", account_name: "CHIDI NWOSU" };
    mockApi({ nameLookup: false, user: saved });
    renderPage();
    const state = await screen.findByTestId("bank-account-state");
    expect(state).toHaveTextContent("Unverified");
    expect(state).toHaveTextContent(PAYOUT_MESSAGES.unverifiedHint);
  });

  it("shows Verified once the account is verified", async () => {
    mockApi({ user: { ...seller, bank_code: "044", account_no: "0123456789", account_name: "CHIDI NWOSU", bank_account_verified: true } });
    renderPage();
    const state = await screen.findByTestId("bank-account-state");
    expect(state).toHaveTextContent("Verified");
    expect(state).not.toHaveTextContent("Unverified");
  });
});
