import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { categoriesAnswer, category, product, productListAnswer } from "../../../test/fixtures";
import { errorAnswer, HttpResponse, http, recordCalls, server } from "../../../test/msw";
import { renderWithProviders } from "../../../test/render";
import { nextIndex, prevIndex } from "../components/image-carousel";
import { clampQuantity } from "../components/quantity-control";
import CategoryListingPage from "./category-listing-page";

const item = (i: number) =>
  product({
    _id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
    name: `Product ${i}`,
    image_urls: [`/uploads/p${i}.webp`],
    price: 15000 + i,
    count_in_stock: i % 2,
    description: "x".repeat(300),
  });

const page = (from: number, n: number, total: number, prevCursor: string | null = null) =>
  productListAnswer(
    Array.from({ length: n }, (_, i) => item(from + i)),
    { from, total, nextCursor: "NEXT", prevCursor },
  );

describe("CategoryListingPage", () => {
  it("shows the strip, the real 'Showing' line, cards with thumbnails, and pages by cursor", async () => {
    const calls = recordCalls();
    server.use(
      http.get("/api/category", () => HttpResponse.json(categoriesAnswer([category()]))),
      http.get("/api/product", ({ request }) =>
        HttpResponse.json(new URL(request.url).searchParams.get("cursor") === "NEXT" ? page(13, 12, 30, "PREV") : page(1, 12, 30)),
      ),
    );
    renderWithProviders(<CategoryListingPage />, {
      path: "/categories/collections/:type/:id",
      route: "/categories/collections/market-place/001",
    });
    expect(screen.getByText("Loading...")).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId("item-card")).toHaveLength(12));
    expect(screen.getByTestId("showing")).toHaveTextContent("Showing 1-12 of 30 results");
    expect(screen.getByRole("link", { name: "All" })).toHaveAttribute("aria-current", "page");
    expect(screen.getByRole("link", { name: "Phones" })).not.toHaveAttribute("aria-current");
    const img = screen.getAllByRole("img", { name: "Product 1" })[0]!;
    expect(img).toHaveAttribute("src", "/uploads/p1-thumb.webp");
    expect(screen.getAllByTestId("item-card")[5]!.querySelector("img")).toHaveAttribute("loading", "lazy");
    expect(screen.getAllByText("₦15,001").length).toBeGreaterThan(0);
    // The pager's chunk loads lazily (ADR 0051): it appears once the grid is there.
    await userEvent.click(await screen.findByRole("button", { name: "2" }));
    await waitFor(() => expect(screen.getByTestId("showing")).toHaveTextContent("Showing 13-24 of 30 results"));
    expect(calls.some((c) => c.path === "/api/product?limit=12&sort=newest&cursor=NEXT")).toBe(true);
  });

  it("shows the server's message when the list fails", async () => {
    server.use(
      http.get("/api/category", () => HttpResponse.json(categoriesAnswer([]))),
      http.get("/api/product", () => errorAnswer(500, "Database is resting")),
    );
    renderWithProviders(<CategoryListingPage />, {
      path: "/categories/collections/:type/:id",
      route: "/categories/collections/market-place/001",
    });
    expect(await screen.findByTestId("listing-error", {}, { timeout: 4000 })).toHaveTextContent("Database is resting");
  });
});

describe("quick-view rules", () => {
  it("clamps the quantity to 1..stock", () => {
    expect(clampQuantity(0, 5)).toBe(1);
    expect(clampQuantity(6, 5)).toBe(5);
    expect(clampQuantity(3, 5)).toBe(3);
    expect(clampQuantity(2, 0)).toBe(1);
  });
  it("wraps 'next' and stops 'previous' at the first picture", () => {
    expect(nextIndex(2, 3)).toBe(0);
    expect(nextIndex(0, 3)).toBe(1);
    expect(prevIndex(0)).toBe(0);
    expect(prevIndex(2)).toBe(1);
  });
});
