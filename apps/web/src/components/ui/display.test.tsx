/** Breadcrumbs, the basket's count, cards, badges and placeholders: what assistive technology gets. */
import { render, screen, within } from "@testing-library/react";
import { createMemoryRouter, Link, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { Badge } from "./badge";
import { Breadcrumbs } from "./breadcrumbs";
import { Card } from "./card";
import { CountBadge } from "./count-badge";
import { Skeleton } from "./skeleton";

function inRouter(ui: React.ReactElement) {
  return render(<RouterProvider router={createMemoryRouter([{ path: "/", element: ui }])} />);
}

describe("Breadcrumbs", () => {
  it("is a named navigation landmark with the links in order and a hidden separator between them", () => {
    inRouter(
      <Breadcrumbs aria-label="Breadcrumb">
        <Link to="/">Home</Link>
        <Link to="/categories/collections/market-place/001">Market Place</Link>
        <Link to="/categories/collections/market-place/7">Phones</Link>
      </Breadcrumbs>,
    );
    const trail = screen.getByRole("navigation", { name: "Breadcrumb" });
    expect(
      within(trail)
        .getAllByRole("link")
        .map((a) => a.textContent),
    ).toEqual(["Home", "Market Place", "Phones"]);
    expect(trail.textContent).toBe("Home/Market Place/Phones");
    const separators = [...trail.querySelectorAll('[aria-hidden="true"]')];
    expect(separators.map((s) => s.textContent)).toEqual(["/", "/"]);
  });
});

describe("CountBadge", () => {
  it("draws the count over its child, and nothing while hidden", () => {
    const { rerender } = render(
      <CountBadge count={3} color="yellow" textColor="black">
        <button type="button">Open shopping cart (3 items)</button>
      </CountBadge>,
    );
    expect(screen.getByText("3")).toBeInTheDocument();
    rerender(
      <CountBadge count={0} hidden color="yellow" textColor="black">
        <button type="button">Open shopping cart (0 items)</button>
      </CountBadge>,
    );
    expect(screen.queryByText("0")).toBeNull();
    expect(screen.getByRole("button", { name: "Open shopping cart (0 items)" })).toBeInTheDocument();
  });
});

describe("Card, Badge and Skeleton", () => {
  it("renders a card as a link when asked, with its content as the link's name", () => {
    inRouter(
      <Card as={Link} to="/categories/collections/market-place/7" data-testid="category-tile">
        Phones
      </Card>,
    );
    expect(screen.getByRole("link", { name: "Phones" })).toHaveAttribute("data-testid", "category-tile");
  });

  it("shows a badge's text and keeps placeholders out of the accessibility tree", () => {
    const { container } = render(
      <>
        <Badge color="red">Out of stock</Badge>
        <Skeleton h={140} radius="md" />
      </>,
    );
    expect(screen.getByText("Out of stock")).toBeVisible();
    expect(container.querySelectorAll('[aria-hidden="true"]')).toHaveLength(1);
  });
});
