/**
 * "Write a review" on a received or completed line of the buyer's order page (ADR 0212): opens the review form
 * in a dialog (the form's chunk loads on the first open). Whether the line qualifies is the
 * server's rule (`lineQualifiesForReview`); its refusal shows in the form.
 */
import { lazy, Suspense, useState } from "react";
import { LazyModal } from "../lazy-overlay";
import { Button } from "../ui/button";

const ReviewForm = lazy(() => import("./review-form"));

export function WriteReviewButton({ lineId, name }: { lineId: string; name: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="xs" variant="light" onClick={() => setOpen(true)} data-testid="write-review">
        Write a review
      </Button>
      <LazyModal opened={open} onClose={() => setOpen(false)} title={`Review: ${name}`}>
        <Suspense fallback={null}>
          <ReviewForm lineId={lineId} onDone={() => setOpen(false)} />
        </Suspense>
      </LazyModal>
    </>
  );
}
