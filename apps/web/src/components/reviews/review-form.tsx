/**
 * The buyer's review of a received order line (ADR 0212): the product's stars, the seller's stars
 * and a comment, checked with the contract's `PurchaseReviewInput` (1-5 stars, plain text, no links
 * or phone numbers) before it is sent. Given their `review`, the same form edits it (PUT, within
 * REVIEW_EDIT_DAYS of writing it). Its own chunk, loaded when the buyer opens it.
 */
import { Button, Rating, Stack, Text, Textarea } from "@mantine/core";
import { type PurchaseReview, PurchaseReviewInput, REVIEW_TEXT_MAX } from "@market/contract";
import { useSchemaForm } from "../../lib/form";
import { notifySuccess } from "../../lib/notify";
import { useWritePurchaseReview } from "../../lib/queries/reviews";

function StarsField({
  label,
  value,
  onChange,
  error,
  testId,
}: {
  label: string;
  value: number;
  onChange: (v: number) => void;
  error?: unknown;
  testId: string;
}) {
  return (
    <div>
      <Text fz="sm" fw={500} mb={4} id={`${label}-label`}>
        {label}
      </Text>
      <Rating value={value} onChange={onChange} size="lg" aria-labelledby={`${label}-label`} data-testid={testId} />
      {typeof error === "string" && (
        <Text c="red" fz="xs" mt={4}>
          {error}
        </Text>
      )}
    </div>
  );
}

export default function ReviewForm({ lineId, review, onDone }: { lineId: string; review?: PurchaseReview; onDone: () => void }) {
  const write = useWritePurchaseReview(review?._id);
  const form = useSchemaForm(PurchaseReviewInput, {
    initialValues: {
      order_line_id: lineId,
      product_rating: review?.product_rating ?? 0,
      seller_rating: review?.seller_rating ?? 0,
      comment: review?.comment ?? "",
    },
  });
  const submit = form.submitWith(
    // An edit sends the stars and text only (PurchaseReviewUpdate).
    ({ order_line_id, ...changes }) => write.mutateAsync(review ? changes : { order_line_id, ...changes }),
    {
      onSuccess: (res) => {
        notifySuccess(res.message);
        onDone();
      },
    },
  );
  return (
    <form onSubmit={submit} aria-label="Review form">
      <Stack gap="sm">
        <StarsField
          label="The product"
          value={form.values.product_rating}
          onChange={(v) => form.setFieldValue("product_rating", v)}
          error={form.errors.product_rating}
          testId="rate-product"
        />
        <StarsField
          label="The seller"
          value={form.values.seller_rating}
          onChange={(v) => form.setFieldValue("seller_rating", v)}
          error={form.errors.seller_rating}
          testId="rate-seller"
        />
        <Textarea
          label="Your review"
          description="Plain text; links and phone numbers are not allowed"
          required
          minRows={3}
          maxLength={REVIEW_TEXT_MAX}
          {...form.getInputProps("comment")}
        />
        <Button type="submit" loading={write.isPending} w="fit-content">
          {review ? "Save changes" : "Submit review"}
        </Button>
      </Stack>
    </form>
  );
}
