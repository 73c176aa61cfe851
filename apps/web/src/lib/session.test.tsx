import type { UserDetails } from "@market/contract";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, screen, waitFor } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { meAnswer, user } from "../test/fixtures";
import { HttpResponse, http, server } from "../test/msw";
import { renderWithProviders } from "../test/render";
import { signInTestSession } from "../test/session";
import { api, forgetSession, hasSession } from "./api";
import { notifications } from "./notifications-store";
import { meQuery, useSession, useSessionExpiry, useSignOut } from "./session";

afterEach(() => {
  forgetSession();
  // Mantine's alerts live in one store for the whole file: each test starts with none.
  notifications.clean();
});

function Probe() {
  useSessionExpiry();
  return null;
}

const answerMe = (accType: UserDetails["accType"], must_change_password: boolean) =>
  server.use(http.get("/api/me", () => HttpResponse.json(meAnswer({ names: "Bola Admin", accType, must_change_password }))));

describe("useSession on a server-drawn page", () => {
  it("hydrates a signed-in page once: no second drawing of its users right after", async () => {
    signInTestSession();
    const client = new QueryClient();
    client.setQueryData(meQuery.queryKey, user({ names: "Tunde Bakare" }));
    let renders = 0;
    function Greeting() {
      renders++;
      const { details, loading } = useSession();
      return <p>{loading ? "..." : `Hello ${details?.names}`}</p>;
    }
    const app = (
      <QueryClientProvider client={client}>
        <Greeting />
      </QueryClientProvider>
    );
    const container = document.createElement("div");
    container.innerHTML = renderToString(app);
    expect(container.textContent).toBe("Hello Tunde Bakare");
    renders = 0;
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, app);
    });
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(container.textContent).toBe("Hello Tunde Bakare");
    expect(renders).toBe(1);
    act(() => root?.unmount());
  });
});

describe("useSessionExpiry", () => {
  it("sends an admin signed in with a one-time password to the back office's change-password page", async () => {
    signInTestSession();
    answerMe("admin", true);
    const { router } = renderWithProviders(<Probe />, { path: "*", route: "/admin_real/dashboard" });
    await waitFor(() => expect(router.state.location.pathname).toBe("/admin_real/dashboard/change_pwd"));
  });

  it("sends a customer to /changePass, and leaves everyone else where they are", async () => {
    signInTestSession();
    answerMe("customer", true);
    const first = renderWithProviders(<Probe />, { path: "*", route: "/account" });
    await waitFor(() => expect(first.router.state.location.pathname).toBe("/changePass"));
    first.unmount();

    answerMe("admin", false);
    const second = renderWithProviders(<Probe />, { path: "*", route: "/admin_real/dashboard" });
    await waitFor(() => expect(second.queryClient.getQueryData(["me"])).toBeTruthy());
    expect(second.router.state.location.pathname).toBe("/admin_real/dashboard");
  });

  it("forgets the session at once after any 401: the user is gone and so is the readable cookie", async () => {
    signInTestSession();
    answerMe("customer", false);
    const { queryClient } = renderWithProviders(<Probe />, { path: "*", route: "/" });
    await waitFor(() => expect(queryClient.getQueryData(["me"])).toBeTruthy());
    server.use(http.get("/api/cart", () => HttpResponse.json({ statusCode: 401, message: "Please sign in" }, { status: 401 })));
    await expect(api("/api/cart")).rejects.toMatchObject({ statusCode: 401 });
    await waitFor(() => expect(queryClient.getQueryData(["me"])).toBeNull());
    expect(hasSession()).toBe(false);
  });

  it("on a public page a session ended elsewhere says 'You were signed out' and stays", async () => {
    signInTestSession();
    answerMe("customer", false);
    const { queryClient, router } = renderWithProviders(<Probe />, { path: "*", route: "/product/market-place/1" });
    await waitFor(() => expect(queryClient.getQueryData(["me"])).toBeTruthy());
    server.use(http.post("/api/cart", () => HttpResponse.json({ statusCode: 401, message: "Please sign in" }, { status: 401 })));
    await expect(api("/api/cart", { method: "POST", body: {} })).rejects.toMatchObject({ statusCode: 401 });
    expect(await screen.findByText("You were signed out")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/product/market-place/1");
  });

  it("on a page that needs an account a refused session goes to /signin with a word", async () => {
    signInTestSession();
    server.use(http.get("/api/me", () => HttpResponse.json({ statusCode: 401, message: "Please sign in" }, { status: 401 })));
    const { router } = renderWithProviders(<Probe />, { path: "*", route: "/account" });
    await waitFor(() => expect(router.state.location.pathname).toBe("/signin"));
    expect(await screen.findByText("You were signed out")).toBeInTheDocument();
    expect(screen.getByText("Your session ended. Sign in again to continue.")).toBeInTheDocument();
  });

  it("a sign-out says nothing", async () => {
    signInTestSession();
    answerMe("customer", false);
    server.use(http.post("/api/signout", () => HttpResponse.json({ statusCode: 200, message: "Signed out" })));
    let signOut: () => Promise<void> = async () => undefined;
    function SignOutProbe() {
      useSessionExpiry();
      signOut = useSignOut();
      return <p>page</p>;
    }
    const { queryClient, router } = renderWithProviders(<SignOutProbe />, { path: "*", route: "/account" });
    await waitFor(() => expect(queryClient.getQueryData(["me"])).toBeTruthy());
    await signOut();
    await waitFor(() => expect(hasSession()).toBe(false));
    // A later alert comes after any alert the sign-out would have raised (alerts keep their order).
    const { notifyInfo } = await import("./notify");
    notifyInfo("probe", "Probe");
    expect(await screen.findByText("probe")).toBeInTheDocument();
    expect(screen.queryByText("You were signed out")).toBeNull();
    expect(router.state.location.pathname).toBe("/account");
  });
});
