import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { mockFetch, renderWithProviders } from "../../../test/render";
import HomePage from "./home-page";

const cat = (id: string, name: string, type: string, is_default: boolean) => ({ _id: id, name, type, is_default });

describe("HomePage", () => {
  it("shows the first four default market-place categories from the API", async () => {
    mockFetch({
      "/api/category": {
        statusCode: 200,
        data: [
          cat("1", "Phones", "market-place", true),
          cat("2", "Extra", "market-place", false),
          cat("3", "Fashion", "market-place", true),
          cat("4", "Groceries", "market-place", true),
          cat("5", "Home", "market-place", true),
          cat("6", "Sixth", "market-place", true),
        ],
      },
    });
    renderWithProviders(<HomePage />);
    await waitFor(() => expect(screen.getAllByTestId("category-tile")).toHaveLength(4));
    const names = screen.getAllByTestId("category-tile").map((t) => t.textContent);
    expect(names.join()).toContain("Phones");
    expect(names.join()).not.toContain("Extra");
    expect(names.join()).not.toContain("Sixth");
    expect(screen.getAllByTestId("category-tile")[0]).toHaveAttribute("href", "/categories/collections/market-place/1");
  });

  it("shows the server's message when categories fail", async () => {
    mockFetch({ "/api/category": { status: 500, body: { statusCode: 500, message: "Database is down" } } });
    renderWithProviders(<HomePage />);
    expect(await screen.findByText("Database is down", {}, { timeout: 4000 })).toBeInTheDocument();
  });

  it("has a required e-mail newsletter field whose button goes to /signin", async () => {
    mockFetch({ "/api/category": { statusCode: 200, data: [] } });
    const { router } = renderWithProviders(<HomePage />);
    const input = await screen.findByLabelText(/Email address/);
    expect(input).toHaveAttribute("type", "email");
    expect(input).toBeRequired();
    await userEvent.type(input, "ada@example.ng");
    await userEvent.click(screen.getByRole("button", { name: "Sign Up" }));
    expect(router.state.location.pathname).toBe("/signin");
  });
});
