/**
 * Reviews from verified buyers (ADR 0212) of a product (its page's Reviews tab) or of a seller (the
 * shop page): each with the buyer, the stars, the "Verified purchase" badge, the text (shown as
 * text, never as HTML) and the seller's public reply; the seller sees a reply box under a review
 * they have not answered; its writer sees "Edit" while it may still change (REVIEW_EDIT_DAYS). Its
 * own chunk, loaded when shown.
 */
import { Alert, Avatar, Badge, Button, Group, Paper, Stack, Text, Textarea } from "@mantine/core";
import { type PurchaseReview, REVIEW_TEXT_MAX, ReviewReplyInput } from "@market/contract";
import { useQuery } from "@tanstack/react-query";
import { formatDay } from "../../lib/dates";
import { useSchemaForm } from "../../lib/form";
import { errorMessage, notifySuccess } from "../../lib/notify";
import { purchaseReviewsQuery, useReplyToReview } from "../../lib/queries/reviews";
import { useSession } from "../../lib/session";
import { Stars } from "../stars";
import { ReportButton } from "./report-button";
import { reviewEditable, WriteReviewButton } from "./write-review-button";

function ReplyForm({ review }: { review: PurchaseReview }) {
  const reply = useReplyToReview(review._id);
  const form = useSchemaForm(ReviewReplyInput, { initialValues: { comment: "" } });
  const submit = form.submitWith((v) => reply.mutateAsync(v), { onSuccess: (res) => notifySuccess(res.message) });
  return (
    <form onSubmit={submit} aria-label="Reply form">
      <Stack gap={6} mt="sm">
        <Textarea label="Your public reply (once)" minRows={2} maxLength={REVIEW_TEXT_MAX} {...form.getInputProps("comment")} />
        <Button type="submit" size="xs" loading={reply.isPending} w="fit-content">
          Reply
        </Button>
      </Stack>
    </form>
  );
}

function ReviewCard({ review, mine, written }: { review: PurchaseReview; mine: boolean; written: boolean }) {
  return (
    <Paper withBorder p="md" radius="md" data-testid="purchase-review">
      <Group gap="sm" mb={6}>
        <Avatar src={review.user.profile ?? undefined} name={review.user.names} size="sm" color="naija" />
        <Text fw={600} fz="sm">
          {review.user.names}
        </Text>
        <Badge color="naija" variant="light" tt="none" data-testid="verified-purchase">
          Verified purchase
        </Badge>
        <Text fz="xs" c="dimmed">
          {formatDay(review.createdAt)}
        </Text>
      </Group>
      <Group gap="lg" mb={6}>
        <Group gap={4}>
          <Text fz="xs">Product</Text>
          <Stars value={review.product_rating} label={`Product: ${review.product_rating} of 5`} />
        </Group>
        <Group gap={4}>
          <Text fz="xs">Seller</Text>
          <Stars value={review.seller_rating} label={`Seller: ${review.seller_rating} of 5`} />
        </Group>
        <Text fz="xs" c="dimmed">
          {review.product_name}
        </Text>
      </Group>
      <Text fz="sm" style={{ whiteSpace: "pre-line" }}>
        {review.comment}
      </Text>
      <Group gap="xs" mt={6}>
        {written && reviewEditable(review) ? (
          <WriteReviewButton lineId={review.order_line_id} name={review.product_name} review={review} />
        ) : null}
        <ReportButton target="review" id={review._id} />
      </Group>
      {review.reply ? (
        <Paper bg="var(--mantine-color-default-hover)" p="sm" mt="sm" radius="sm" data-testid="seller-reply">
          <Text fz="xs" fw={600}>
            The seller replied, {formatDay(review.reply.createdAt)}
          </Text>
          <Text fz="sm" style={{ whiteSpace: "pre-line" }}>
            {review.reply.comment}
          </Text>
        </Paper>
      ) : (
        mine && <ReplyForm review={review} />
      )}
    </Paper>
  );
}

export default function PurchaseReviewsPanel({ productId, sellerId }: { productId?: string; sellerId: string }) {
  const { details } = useSession();
  const q = useQuery(purchaseReviewsQuery(productId ? { productId } : { sellerId }));
  if (q.isPending) return <Text>Loading...</Text>;
  if (q.isError) return <Alert color="red">{errorMessage(q.error)}</Alert>;
  if (q.data.data.length === 0) {
    return <Text c="dimmed">No reviews yet. Buyers can review an item from their order page once they have confirmed receiving it.</Text>;
  }
  return (
    <Stack gap="sm" data-testid="purchase-review-list">
      <Text fz="sm" c="dimmed">
        {q.data.total} {q.data.total === 1 ? "review" : "reviews"} from verified buyers
      </Text>
      {q.data.data.map((r) => (
        <ReviewCard key={r._id} review={r} mine={details?._id === sellerId} written={details?._id === r.user._id} />
      ))}
    </Stack>
  );
}
