/**
 * The profile picture of the settings page travels as a data URL in PUT /api/me (spec §3, as at
 * sign-up), never through POST /api/uploads, which is for approved sellers' item pictures only
 * (ADR 0084): a seller pending approval and an admin can still change their picture.
 */
import { STORAGE_KEYS } from "@market/contract";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { createQueryClient, Providers } from "../../../app/providers";
import SettingsPage from "./settings-page";

const pendingSeller = {
  _id: "00000000-0000-4000-8000-000000000003",
  names: "Bola Ahmed",
  username: "bolacrafts",
  email: "bola@naijamarket.ng",
  phone: "+2348053330003",
  whatsapp: null,
  profile: null,
  desc: "Crafts",
  accType: "business",
  active: true,
  status: "pending",
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

type Call = { method: string; url: string; body: unknown };

function mockApi(): Call[] {
  const calls: Call[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === "string" ? input : input.toString();
    const body = typeof init?.body === "string" ? JSON.parse(init.body) : init?.body;
    calls.push({ method: init?.method ?? "GET", url, body });
    const json = (status: number, payload: unknown) =>
      new Response(JSON.stringify(payload), { status, headers: { "content-type": "application/json" } });
    if (url === "/api/me" && init?.method === "PUT")
      return json(200, { statusCode: 200, message: "Profile Successfully Updated", data: pendingSeller });
    if (url === "/api/me") return json(200, { statusCode: 200, data: pendingSeller });
    if (url === "/api/uploads")
      return json(403, { statusCode: 403, message: "Your seller account must be approved before you can upload images" });
    return json(404, { statusCode: 404, message: "not mocked" });
  }) as typeof fetch;
  return calls;
}

afterEach(() => localStorage.clear());

describe("Profile settings: picture", () => {
  it("sends the chosen picture as a data URL with Save Changes, without POST /api/uploads", async () => {
    const calls = mockApi();
    localStorage.setItem(STORAGE_KEYS.token, "t".repeat(43));
    const router = createMemoryRouter([{ path: "/", element: <SettingsPage /> }]);
    const { container } = render(
      <Providers queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </Providers>,
    );
    await screen.findByTestId("profile-picture-button");
    const input = container.querySelector<HTMLInputElement>("input[type=file]")!;
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])], "me.png", { type: "image/png" });
    await userEvent.upload(input, png);
    await waitFor(() => expect(screen.getByTestId("profile-picture-button")).not.toHaveAttribute("data-loading"));
    await userEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    const put = await waitFor(() => {
      const c = calls.find((x) => x.url === "/api/me" && x.method === "PUT");
      expect(c).toBeTruthy();
      return c!;
    });
    expect((put.body as { profile: string }).profile).toMatch(/^data:image\/png;base64,/);
    expect(calls.some((c) => c.url === "/api/uploads")).toBe(false);
  });
});
