/**
 * "Write a review" on a received or completed line of the buyer's order page (ADR 0212), or "Edit"
 * on the buyer's own review while it may still change (until its `editable_until`, REVIEW_EDIT_DAYS
 * after writing it): opens the review form in a dialog (the form's chunk loads on the first open).
 * Whether the line qualifies is the server's rule (`lineQualifiesForReview`); its refusal shows in the form.
 */
import type { PurchaseReview } from "@market/contract";
import { lazy, Suspense, useState } from "react";
import { LazyModal } from "../lazy-overlay";
import { Button } from "../ui/button";

const ReviewForm = lazy(() => import("./review-form"));

/** May the buyer still edit `review` at `now`? */
export function reviewEditable(review: Pick<PurchaseReview, "editable_until">, now = new Date()): boolean {
  return now.getTime() < Date.parse(review.editable_until);
}

export function WriteReviewButton({ lineId, name, review }: { lineId: string; name: string; review?: PurchaseReview }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="xs" variant="light" onClick={() => setOpen(true)} data-testid={review ? "edit-review" : "write-review"}>
        {review ? "Edit" : "Write a review"}
      </Button>
      <LazyModal opened={open} onClose={() => setOpen(false)} title={`${review ? "Edit your review" : "Review"}: ${name}`}>
        <Suspense fallback={null}>
          <ReviewForm lineId={lineId} review={review} onDone={() => setOpen(false)} />
        </Suspense>
      </LazyModal>
    </>
  );
}
