import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { categoriesAnswer, category } from "../../../test/fixtures";
import { errorAnswer, HttpResponse, http, server } from "../../../test/msw";
import { renderWithProviders } from "../../../test/render";
import HomePage from "./home-page";

const cat = (_id: string, name: string, type: "market-place" | "services", is_default: boolean) =>
  category({ _id, name, type, is_default });
const answerCategories = (categories: ReturnType<typeof cat>[]) =>
  server.use(http.get("/api/category", () => HttpResponse.json(categoriesAnswer(categories))));

describe("HomePage", () => {
  it("shows the first four default market-place categories from the API", async () => {
    answerCategories([
      cat("1", "Phones", "market-place", true),
      cat("2", "Extra", "market-place", false),
      cat("s", "Salons", "services", true),
      cat("3", "Fashion", "market-place", true),
      cat("4", "Groceries", "market-place", true),
      cat("5", "Home", "market-place", true),
      cat("6", "Sixth", "market-place", true),
    ]);
    renderWithProviders(<HomePage />);
    await waitFor(() => expect(screen.getAllByTestId("category-tile")).toHaveLength(4));
    const names = screen.getAllByTestId("category-tile").map((t) => t.textContent);
    expect(names.join()).toContain("Phones");
    expect(names.join()).not.toContain("Extra");
    expect(names.join()).not.toContain("Sixth");
    expect(names.join()).not.toContain("Salons");
    expect(screen.getAllByTestId("category-tile")[0]).toHaveAttribute("href", "/categories/collections/market-place/1");
  });

  it("shows the server's message when categories fail", async () => {
    server.use(http.get("/api/category", () => errorAnswer(500, "Database is down")));
    renderWithProviders(<HomePage />);
    expect(await screen.findByText("Database is down", {}, { timeout: 4000 })).toBeInTheDocument();
  });

  it("has a required e-mail newsletter field whose button goes to /signin", async () => {
    answerCategories([]);
    const { router } = renderWithProviders(<HomePage />);
    const input = await screen.findByLabelText(/Email address/);
    expect(input).toHaveAttribute("type", "email");
    expect(input).toBeRequired();
    await userEvent.type(input, "ada@example.ng");
    await userEvent.click(screen.getByRole("button", { name: "Sign Up" }));
    expect(router.state.location.pathname).toBe("/signin");
  });
});
