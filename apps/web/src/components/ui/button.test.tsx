/** The storefront's buttons: what they render and how they behave when disabled or busy. */
import { fireEvent, render, screen } from "@testing-library/react";
import { createMemoryRouter, Link, RouterProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { Button, IconButton, MenuToggle } from "./button";

function inRouter(ui: React.ReactElement) {
  render(<RouterProvider router={createMemoryRouter([{ path: "/", element: ui }])} />);
}

describe("Button", () => {
  it("is a plain button (not a submit) that fires on click", () => {
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Add To Cart</Button>);
    const button = screen.getByRole("button", { name: "Add To Cart" });
    expect(button).toHaveAttribute("type", "button");
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledOnce();
  });

  it("keeps a given type, e.g. submit in a form", () => {
    render(<Button type="submit">Send</Button>);
    expect(screen.getByRole("button", { name: "Send" })).toHaveAttribute("type", "submit");
  });

  it("does not fire while disabled", () => {
    const onClick = vi.fn();
    render(
      <Button disabled onClick={onClick}>
        Add To Cart
      </Button>,
    );
    const button = screen.getByRole("button", { name: "Add To Cart" });
    expect(button).toBeDisabled();
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it("is busy and does not fire while loading, and keeps its name", () => {
    const onClick = vi.fn();
    render(
      <Button loading onClick={onClick}>
        Add To Cart
      </Button>,
    );
    const button = screen.getByRole("button", { name: "Add To Cart" });
    expect(button).toHaveAttribute("aria-busy", "true");
    expect(button).toBeDisabled();
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it("renders as a link with `as`, without a button type, and marks a disabled link aria-disabled", () => {
    inRouter(
      <>
        <Button as={Link} to="/categories/collections/services/001">
          Find a service
        </Button>
        <Button as="a" href="/x" disabled>
          Unavailable
        </Button>
      </>,
    );
    const link = screen.getByRole("link", { name: "Find a service" });
    expect(link).toHaveAttribute("href", "/categories/collections/services/001");
    expect(link).not.toHaveAttribute("type");
    expect(link).not.toHaveAttribute("aria-disabled");
    expect(screen.getByRole("link", { name: "Unavailable" })).toHaveAttribute("aria-disabled", "true");
  });

  it("draws a theme colour through the theme's variables, filled unless told otherwise", () => {
    render(
      <>
        <Button color="yellow">Shop</Button>
        <Button variant="default">All</Button>
      </>,
    );
    const shop = screen.getByRole("button", { name: "Shop" });
    expect(shop).toHaveAttribute("data-variant", "filled");
    expect(shop.style.getPropertyValue("--ui-filled")).toBe("var(--mantine-color-yellow-filled)");
    const all = screen.getByRole("button", { name: "All" });
    expect(all).toHaveAttribute("data-variant", "default");
    expect(all.style.getPropertyValue("--ui-filled")).toBe("");
  });
});

describe("IconButton", () => {
  it("is named by its aria-label, busy while loading, and silent while disabled", () => {
    const onClick = vi.fn();
    const { rerender } = render(
      <IconButton aria-label="Add to wishlist" onClick={onClick}>
        ♥
      </IconButton>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Add to wishlist" }));
    expect(onClick).toHaveBeenCalledOnce();
    rerender(
      <IconButton aria-label="Add to wishlist" onClick={onClick} loading>
        ♥
      </IconButton>,
    );
    expect(screen.getByRole("button", { name: "Add to wishlist" })).toHaveAttribute("aria-busy", "true");
    rerender(
      <IconButton aria-label="Add to wishlist" onClick={onClick} disabled>
        ♥
      </IconButton>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Add to wishlist" }));
    expect(onClick).toHaveBeenCalledOnce();
  });
});

describe("MenuToggle", () => {
  it("says whether the menu is open", () => {
    const onClick = vi.fn();
    const { rerender } = render(<MenuToggle opened={false} onClick={onClick} aria-label="Open menu" />);
    const toggle = screen.getByRole("button", { name: "Open menu" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    fireEvent.click(toggle);
    expect(onClick).toHaveBeenCalledOnce();
    rerender(<MenuToggle opened onClick={onClick} aria-label="Open menu" />);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
  });
});
