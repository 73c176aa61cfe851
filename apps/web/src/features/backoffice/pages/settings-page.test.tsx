/**
 * Profile settings against mocked answers (spec §5, §7): the account number waits for a bank, a
 * 10-digit number asks the wallet's account-name finder (POST, no Authorization header), and a
 * failed lookup shows the "Ooops" popup with the server's message (spec §7 generic wallet call).
 */
import { STORAGE_KEYS } from "@market/contract";
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
  category_ids: [],
  followers: [],
  addresses: [],
  createdAt: "2026-01-01T00:00:00.000Z",
};

type Call = { method: string; url: string; body: unknown; auth: string | null };

function mockApi() {
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
    if (url === "/api/me") return json(200, { statusCode: 200, data: seller });
    if (url === "/api/v1/banks") return json(200, { statusCode: 200, data: [{ bank_name: "Access Bank", bank_code: "044" }] });
    if (url === "/api/v1/client_bank_account_namefinder")
      return json(503, { statusCode: 503, message: "Account name lookup is unavailable right now. Please try again later." });
    return json(404, { statusCode: 404, message: "not mocked" });
  }) as typeof fetch;
  return calls;
}

afterEach(() => localStorage.clear());

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
