import { type PurchaseReview, PurchaseReviewListAnswer } from "@market/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { meAnswer } from "../../test/fixtures";
import { HttpResponse, http, recordCalls, server } from "../../test/msw";
import { renderWithProviders } from "../../test/render";
import { signInTestSession } from "../../test/session";
import PurchaseReviewsPanel from "./purchase-reviews-panel";

const DAY = 24 * 60 * 60_000;

function review(id: string, by: string, editableUntil: Date): PurchaseReview {
  return {
    _id: id,
    order_line_id: `00000000-0000-4000-8000-00000000000${id.slice(1)}`,
    product_id: "p1",
    product_name: "Trust Kettle",
    seller_id: "s1",
    product_rating: 4,
    seller_rating: 5,
    comment: `Review ${id}`,
    verified_purchase: true,
    user: { _id: by, names: `Buyer ${by}`, profile: null },
    reply: null,
    editable_until: editableUntil.toISOString(),
    createdAt: new Date(editableUntil.getTime() - 30 * DAY).toISOString(),
    updatedAt: new Date(editableUntil.getTime() - 30 * DAY).toISOString(),
  };
}

describe("PurchaseReviewsPanel", () => {
  it("offers Edit only on the signed-in buyer's own reviews within 30 days, and saves with PUT", async () => {
    signInTestSession();
    const now = Date.now();
    const list = [
      review("r1", "u1", new Date(now + 5 * DAY)),
      review("r2", "u1", new Date(now - DAY)),
      review("r3", "someone", new Date(now + 5 * DAY)),
    ];
    server.use(
      http.get("/api/me", () => HttpResponse.json(meAnswer())),
      http.get("/api/reviews", () =>
        HttpResponse.json(PurchaseReviewListAnswer.parse({ statusCode: 200, data: list, total: 3, nextCursor: null })),
      ),
      http.put("/api/reviews/r1", () => HttpResponse.json({ statusCode: 200, message: "Review updated", data: list[0] })),
    );
    const calls = recordCalls();
    renderWithProviders(<PurchaseReviewsPanel productId="p1" sellerId="s1" />);
    const cards = await screen.findAllByTestId("purchase-review");
    await waitFor(() => expect(within(cards[0]!).getByTestId("edit-review")).toBeInTheDocument());
    expect(within(cards[1]!).queryByTestId("edit-review")).toBeNull();
    expect(within(cards[2]!).queryByTestId("edit-review")).toBeNull();

    await userEvent.click(within(cards[0]!).getByTestId("edit-review"));
    const text = await screen.findByLabelText(/Your review/);
    expect(text).toHaveValue("Review r1");
    await userEvent.clear(text);
    await userEvent.type(text, "Still boils fast after a month");
    await userEvent.click(screen.getByRole("button", { name: "Save changes" }));
    await waitFor(() =>
      expect(calls).toContainEqual(
        expect.objectContaining({
          method: "PUT",
          path: "/api/reviews/r1",
          body: { product_rating: 4, seller_rating: 5, comment: "Still boils fast after a month" },
        }),
      ),
    );
  });
});
