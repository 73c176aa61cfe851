import { waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { mockFetch, renderWithProviders } from "../test/render";
import { setToken } from "./api";
import { useSessionExpiry } from "./session";

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  setToken(null);
});

function Probe() {
  useSessionExpiry();
  return null;
}

const me = (accType: string, must_change_password: boolean) => ({
  statusCode: 200,
  data: { _id: "u1", names: "Bola Admin", accType, must_change_password, verified: { blue_tick: false, email: true, phone: true } },
});

describe("useSessionExpiry", () => {
  it("sends an admin signed in with a one-time password to the back office's change-password page", async () => {
    setToken("t".repeat(40));
    mockFetch({ "/api/me": me("admin", true) });
    const { router } = renderWithProviders(<Probe />, { path: "*", route: "/admin_real/dashboard" });
    await waitFor(() => expect(router.state.location.pathname).toBe("/admin_real/dashboard/change_pwd"));
  });

  it("sends a customer to /changePass, and leaves everyone else where they are", async () => {
    setToken("t".repeat(40));
    mockFetch({ "/api/me": me("customer", true) });
    const first = renderWithProviders(<Probe />, { path: "*", route: "/account" });
    await waitFor(() => expect(first.router.state.location.pathname).toBe("/changePass"));
    first.unmount();

    mockFetch({ "/api/me": me("admin", false) });
    const second = renderWithProviders(<Probe />, { path: "*", route: "/admin_real/dashboard" });
    await waitFor(() => expect(second.queryClient.getQueryData(["me"])).toBeTruthy());
    expect(second.router.state.location.pathname).toBe("/admin_real/dashboard");
  });
});
