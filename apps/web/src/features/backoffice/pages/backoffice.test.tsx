/**
 * Back-office screens against mocked API answers: the layout's guards and menus, the sellers table
 * (Approve only for pending sellers, sends status_approved, list reloads), and the categories
 * delete notice.
 */
import { AdminActionAnswer, type UserDetails } from "@market/contract";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { adminUserRow, adminUsersAnswer, categoriesAnswer, category, meAnswer } from "../../../test/fixtures";
import { HttpResponse, http, recordCalls, server } from "../../../test/msw";
import { createQueryClient, Providers } from "../../../test/render";
import { signInTestSession } from "../../../test/session";
import BackofficeLayout from "../layout/backoffice-layout";
import CategoriesPage from "./categories-page";
import SellersPage from "./sellers-page";

const admin = { _id: "00000000-0000-4000-8000-000000000001", names: "Store Admin", username: "admin", addresses: [] };
const answerMe = (accType: UserDetails["accType"]) =>
  server.use(http.get("/api/me", () => HttpResponse.json(meAnswer({ ...admin, accType }))));

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

describe("back-office layout", () => {
  it("sends a signed-out visitor to /signin", async () => {
    const router = renderAt("/admin_real/dashboard/sellers", <p>x</p>);
    await waitFor(() => expect(router.state.location.pathname).toBe("/signin"));
  });

  it("sends a customer to /account", async () => {
    signInTestSession();
    answerMe("customer");
    const router = renderAt("/admin_real/dashboard", <p>x</p>);
    await waitFor(() => expect(router.state.location.pathname).toBe("/account"));
  });

  it("shows the seller menu (Users as Followers) and the account type label", async () => {
    signInTestSession();
    answerMe("business");
    renderAt("/admin_real/dashboard", <p>dashboard body</p>);
    const nav = await screen.findByRole("navigation", { name: "Back office menu" });
    const labels = within(nav)
      .getAllByText(/./)
      .map((n) => n.textContent);
    for (const l of ["Dashboard", "Products", "Services", "Followers", "Settings", "Logout"]) expect(labels).toContain(l);
    expect(labels).not.toContain("Categories");
    expect(labels).not.toContain("Transactions");
    expect(labels).not.toContain("Sellers");
    expect(screen.getByTestId("bo-account-badge")).toHaveTextContent("business");
  });
});

describe("Sellers page", () => {
  it("offers Approve only to pending sellers, sends status_approved and reloads the list", async () => {
    signInTestSession();
    let approved = false;
    const row = (_id: string, names: string, email: string, status: "pending" | "approved") =>
      adminUserRow({ _id, names, username: names.toLowerCase(), email, phone: "+2348085550005", accType: "business", status });
    answerMe("admin");
    server.use(
      http.get("/api/admin/users", ({ request }) =>
        new URL(request.url).searchParams.get("account_type") === "business"
          ? HttpResponse.json(
              adminUsersAnswer([
                row("00000000-0000-4000-8000-00000000000b", "Bola", "bola@naijamarket.ng", approved ? "approved" : "pending"),
                row("00000000-0000-4000-8000-00000000000a", "Ada", "ada@naijamarket.ng", "approved"),
              ]),
            )
          : undefined,
      ),
      http.put("/api/admin/users", () => {
        approved = true;
        return HttpResponse.json(
          AdminActionAnswer.parse({
            statusCode: 200,
            message: "Updated Succefully",
            data: row("b", "Bola", "bola@naijamarket.ng", "approved"),
          }),
        );
      }),
    );
    const calls = recordCalls();
    renderAt("/admin_real/dashboard/sellers", <SellersPage />);
    const approve = await screen.findByRole("button", { name: "Approve" });
    expect(screen.getAllByRole("button", { name: "Approve" })).toHaveLength(1);
    expect(screen.getByText("approved")).toBeInTheDocument();
    await userEvent.click(approve);
    // Nothing is sent before the admin confirms.
    const dialog = await screen.findByRole("dialog");
    expect(calls.filter((c) => c.method === "PUT")).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole("button", { name: "Approve" }));
    await waitFor(() => expect(screen.queryByRole("button", { name: "Approve" })).not.toBeInTheDocument());
    expect(screen.getAllByText("approved")).toHaveLength(2);
    const put = calls.find((c) => c.method === "PUT");
    expect(put?.body).toEqual({ account_id: "00000000-0000-4000-8000-00000000000b", req_type: "status_approved" });
    expect(calls.filter((c) => c.path.startsWith("/api/admin/users?")).length).toBeGreaterThanOrEqual(2);
  });
});

describe("Sellers page: not approved yet", () => {
  it("sends the reason from a pending seller's details, and nothing without one", async () => {
    signInTestSession();
    answerMe("admin");
    const id = "00000000-0000-4000-8000-00000000000c";
    const pending = adminUserRow({
      _id: id,
      names: "Chidi",
      username: "chidi",
      email: "chidi@naijamarket.ng",
      accType: "business",
      status: "pending",
    });
    server.use(
      http.get("/api/admin/users", () => HttpResponse.json(adminUsersAnswer([pending]))),
      http.get("/api/category", () => HttpResponse.json(categoriesAnswer([]))),
      http.post(`/api/admin/users/${id}/decline`, () =>
        HttpResponse.json(
          AdminActionAnswer.parse({ statusCode: 200, message: "The seller was told why they were not approved", data: pending }),
        ),
      ),
    );
    const calls = recordCalls();
    renderAt("/admin_real/dashboard/sellers", <SellersPage />);
    await userEvent.click(await screen.findByTestId("seller-details-button"));
    const form = await screen.findByRole("form", { name: "Not approved yet" });
    await userEvent.click(within(form).getByRole("button", { name: "Send reason" }));
    expect(await within(form).findByText(/5 to 500 characters/)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === "POST")).toEqual([]);
    await userEvent.type(within(form).getByRole("textbox"), "The CAC number does not match the business name");
    await userEvent.click(within(form).getByRole("button", { name: "Send reason" }));
    await waitFor(() => expect(calls.filter((c) => c.method === "POST")).toHaveLength(1));
    expect(calls.find((c) => c.method === "POST")).toMatchObject({
      path: `/api/admin/users/${id}/decline`,
      body: { reason: "The CAC number does not match the business name" },
    });
    expect(await screen.findByText("The seller was told why they were not approved")).toBeInTheDocument();
  });
});

describe("Categories page", () => {
  it("Delete only shows the developer notice and sends nothing", async () => {
    signInTestSession();
    answerMe("admin");
    server.use(http.get("/api/category", () => HttpResponse.json(categoriesAnswer([category({ name: "Fashion" })]))));
    const calls = recordCalls();
    renderAt("/admin_real/dashboard/view_categories", <CategoriesPage />);
    await userEvent.click(await screen.findByRole("button", { name: "Delete" }));
    expect(await screen.findByText("To enable this action you need to contact developer")).toBeInTheDocument();
    expect(calls.filter((c) => c.method !== "GET")).toEqual([]);
    expect(screen.getByText("Fashion")).toBeInTheDocument();
  });
});
