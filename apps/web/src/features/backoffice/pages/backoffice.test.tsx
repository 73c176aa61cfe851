/**
 * Back-office screens against mocked API answers: the layout's guards and menus, the sellers table
 * (Approve only for pending sellers, sends status_approved, list reloads), and the categories
 * delete notice.
 */
import { STORAGE_KEYS } from "@market/contract";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { createQueryClient, Providers } from "../../../app/providers";
import BackofficeLayout from "../layout/backoffice-layout";
import CategoriesPage from "./categories-page";
import SellersPage from "./sellers-page";

type Call = { method: string; url: string; body: unknown };

const me = (accType: "customer" | "business" | "admin") => ({
  _id: "00000000-0000-4000-8000-000000000001",
  names: "Store Admin",
  username: "admin",
  email: "admin@naijamarket.ng",
  phone: "+2348000000001",
  whatsapp: null,
  profile: null,
  desc: "",
  accType,
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
});

/** A fetch mock answering by `METHOD path-prefix`, recording every call with its JSON body. */
function mockApi(handler: (call: Call) => unknown) {
  const calls: Call[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === "string" ? input : input.toString();
    const call = { method: init?.method ?? "GET", url, body: init?.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    const answer = handler(call);
    if (answer === undefined) return new Response(JSON.stringify({ statusCode: 404, message: "not mocked" }), { status: 404 });
    return new Response(JSON.stringify(answer), { status: 200, headers: { "content-type": "application/json" } });
  }) as typeof fetch;
  return calls;
}

function renderAt(path: string, page: React.ReactElement) {
  const router = createMemoryRouter(
    [
      {
        path: "/admin_real/dashboard",
        element: <BackofficeLayout />,
        children: [
          { path: "*", element: page },
          { index: true, element: page },
        ],
      },
      { path: "/signin", element: <p>signin page</p> },
      { path: "/account", element: <p>account page</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <Providers queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

afterEach(() => localStorage.clear());

describe("back-office layout", () => {
  it("sends a signed-out visitor to /signin", async () => {
    mockApi(() => undefined);
    const router = renderAt("/admin_real/dashboard/sellers", <p>x</p>);
    await waitFor(() => expect(router.state.location.pathname).toBe("/signin"));
  });

  it("sends a customer to /account", async () => {
    localStorage.setItem(STORAGE_KEYS.token, "t".repeat(43));
    mockApi((c) => (c.url === "/api/me" ? { statusCode: 200, data: me("customer") } : undefined));
    const router = renderAt("/admin_real/dashboard", <p>x</p>);
    await waitFor(() => expect(router.state.location.pathname).toBe("/account"));
  });

  it("shows the seller menu (Users as Followers) and the account type label", async () => {
    localStorage.setItem(STORAGE_KEYS.token, "t".repeat(43));
    mockApi((c) => (c.url === "/api/me" ? { statusCode: 200, data: me("business") } : undefined));
    renderAt("/admin_real/dashboard", <p>dashboard body</p>);
    const nav = await screen.findByRole("navigation", { name: "Back office menu" });
    const labels = within(nav)
      .getAllByText(/./)
      .map((n) => n.textContent);
    for (const l of ["Dashboard", "Products", "Services", "Followers", "Settings", "Logout"]) expect(labels).toContain(l);
    expect(labels).not.toContain("Categories");
    expect(labels).not.toContain("Transactions");
    expect(labels).not.toContain("Sellers");
    expect(screen.getByTestId("bo-account-badge")).toHaveTextContent("Seller");
  });
});

describe("Sellers page", () => {
  it("offers Approve only to pending sellers, sends status_approved and reloads the list", async () => {
    localStorage.setItem(STORAGE_KEYS.token, "t".repeat(43));
    let approved = false;
    const row = (id: string, names: string, email: string, status: string) => ({
      _id: id,
      names,
      username: names.toLowerCase(),
      email,
      phone: "+2348085550005",
      profile: null,
      accType: "business",
      status,
      active: true,
      verified: { blue_tick: false, email: true, phone: true },
      followers: 0,
      createdAt: "2026-01-01T00:00:00.000Z",
    });
    const calls = mockApi((c) => {
      if (c.url === "/api/me") return { statusCode: 200, data: me("admin") };
      if (c.method === "GET" && c.url.startsWith("/api/admin/users?account_type=business"))
        return {
          statusCode: 200,
          nextCursor: null,
          total: 2,
          data: [
            row("00000000-0000-4000-8000-00000000000b", "Bola", "bola@naijamarket.ng", approved ? "approved" : "pending"),
            row("00000000-0000-4000-8000-00000000000a", "Ada", "ada@naijamarket.ng", "approved"),
          ],
        };
      if (c.method === "PUT" && c.url === "/api/admin/users") {
        approved = true;
        return { statusCode: 200, message: "Updated Succefully", data: row("b", "Bola", "bola@naijamarket.ng", "approved") };
      }
      return undefined;
    });
    renderAt("/admin_real/dashboard/sellers", <SellersPage />);
    const approve = await screen.findByRole("button", { name: "Approve" });
    expect(screen.getAllByRole("button", { name: "Approve" })).toHaveLength(1);
    expect(screen.getByText("approved")).toBeInTheDocument();
    await userEvent.click(approve);
    await waitFor(() => expect(screen.queryByRole("button", { name: "Approve" })).not.toBeInTheDocument());
    expect(screen.getAllByText("approved")).toHaveLength(2);
    const put = calls.find((c) => c.method === "PUT");
    expect(put?.body).toEqual({ account_id: "00000000-0000-4000-8000-00000000000b", req_type: "status_approved" });
    expect(calls.filter((c) => c.url.startsWith("/api/admin/users?")).length).toBeGreaterThanOrEqual(2);
  });
});

describe("Categories page", () => {
  it("Delete only shows the developer notice and sends nothing", async () => {
    localStorage.setItem(STORAGE_KEYS.token, "t".repeat(43));
    const calls = mockApi((c) => {
      if (c.url === "/api/me") return { statusCode: 200, data: me("admin") };
      if (c.url === "/api/category")
        return { statusCode: 200, data: [{ _id: "c1", name: "Fashion", type: "market-place", is_default: true }] };
      return undefined;
    });
    renderAt("/admin_real/dashboard/view_categories", <CategoriesPage />);
    await userEvent.click(await screen.findByRole("button", { name: "Delete" }));
    expect(await screen.findByText("To enable this action you need to contact developer")).toBeInTheDocument();
    expect(calls.filter((c) => c.method !== "GET")).toEqual([]);
    expect(screen.getByText("Fashion")).toBeInTheDocument();
  });
});
