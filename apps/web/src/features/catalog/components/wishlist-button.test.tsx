import type { WishlistItem } from "@market/contract";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { meAnswer, wishlistAnswer, wishlistItem } from "../../../test/fixtures";
import { HttpResponse, http, recordCalls, server } from "../../../test/msw";
import { renderWithProviders } from "../../../test/render";
import { signInTestSession } from "../../../test/session";
import { WishlistButton } from "./wishlist-button";

describe("WishlistButton", () => {
  it("sends a signed-out shopper to /signin", async () => {
    const { router } = renderWithProviders(<WishlistButton productId="p1" />);
    await userEvent.click(screen.getByRole("button", { name: "Add to wishlist" }));
    expect(router.state.location.pathname).toBe("/signin");
  });

  it("adds with POST, then shows the filled heart and removes with DELETE", async () => {
    signInTestSession();
    let list: WishlistItem[] = [];
    server.use(
      http.get("/api/me", () => HttpResponse.json(meAnswer())),
      http.get("/api/wishlist", () => HttpResponse.json(wishlistAnswer(list))),
      http.post("/api/wishlist", () => {
        list = [wishlistItem()];
        return HttpResponse.json(wishlistAnswer(list));
      }),
      http.delete("/api/wishlist", () => {
        list = [];
        return HttpResponse.json(wishlistAnswer(list));
      }),
    );
    const calls = recordCalls();
    renderWithProviders(<WishlistButton productId="p1" />);
    // The live button (its own chunk) replaces the empty heart and reads the wishlist.
    await waitFor(() => expect(calls).toContainEqual(expect.objectContaining({ method: "GET", path: "/api/wishlist" })));
    const add = await screen.findByRole("button", { name: "Add to wishlist" });
    expect(add).toHaveAttribute("aria-pressed", "false");
    await userEvent.click(add);
    const remove = await screen.findByRole("button", { name: "Remove from wishlist" });
    expect(remove).toHaveAttribute("aria-pressed", "true");
    expect(calls).toContainEqual(expect.objectContaining({ method: "POST", path: "/api/wishlist", body: { product_id: "p1" } }));
    await userEvent.click(remove);
    expect(await screen.findByRole("button", { name: "Add to wishlist" })).toBeInTheDocument();
    await waitFor(() => expect(calls).toContainEqual(expect.objectContaining({ method: "DELETE", path: "/api/wishlist?product_id=p1" })));
  });
});
