/**
 * A list or detail that fails to load says so once (spec §8 "List or detail failure": the server's
 * message in place of the grid or detail), not a second time in a popup over the top of the screen.
 */
import { screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { categoriesAnswer } from "../../../test/fixtures";
import { errorAnswer, HttpResponse, http, server } from "../../../test/msw";
import { renderWithProviders } from "../../../test/render";
import CategoryListingPage from "./category-listing-page";
import ProductDetailPage from "./product-detail-page";

const shown = vi.hoisted(() => ({ popups: [] as unknown[] }));
vi.mock("../../../lib/notify", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../../lib/notify")>();
  return {
    ...real,
    notifyError: (err: unknown, title?: string) => {
      shown.popups.push(err);
      real.notifyError(err, title);
    },
  };
});

beforeEach(() => {
  shown.popups = [];
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});

describe("a failed list or detail", () => {
  it("the listing shows the server's message in place of the grid and no popup", async () => {
    server.use(
      http.get("/api/category", () => HttpResponse.json(categoriesAnswer([]))),
      http.get("/api/product", () => errorAnswer(500, "Database is resting")),
    );
    renderWithProviders(<CategoryListingPage />, {
      path: "/categories/collections/:type/:id",
      route: "/categories/collections/market-place/001",
    });
    expect(await screen.findByTestId("listing-error", {}, { timeout: 4000 })).toHaveTextContent("Database is resting");
    expect(shown.popups).toEqual([]);
    expect(screen.getAllByText("Database is resting")).toHaveLength(1);
  });

  it("the detail shows the server's message in place of the item and no popup", async () => {
    server.use(http.get("/api/product", () => errorAnswer(404, "Product not found")));
    renderWithProviders(<ProductDetailPage />, {
      path: "/product/:type/:id",
      route: "/product/market-place/00000000-0000-4000-8000-000000000001",
    });
    expect(await screen.findByTestId("detail-error", {}, { timeout: 4000 })).toHaveTextContent("Product not found");
    expect(shown.popups).toEqual([]);
    expect(screen.getAllByText("Product not found")).toHaveLength(1);
  });
});
