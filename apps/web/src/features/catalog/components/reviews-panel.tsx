/**
 * The Reviews tab of a service (spec §2 "Product or service detail"): the service's reviews
 * (newest first) and the review form (rating, comment marked required, submit), checked with the
 * contract's `ReviewInput` rules and wired to POST /api/posts/reviews. Signed-out shoppers are
 * invited to sign in instead.
 */
import { Alert, Avatar, Button, Group, Paper, Rating, Stack, Text, Textarea, Title } from "@mantine/core";
import { ReviewInput } from "@market/contract";
import { Link } from "react-router";
import { useSchemaForm } from "../../../lib/form";
import { errorMessage, notifySuccess } from "../../../lib/notify";
import { useSession } from "../../../lib/session";
import { useReviews, useWriteReview } from "../api/catalog";

function ReviewsPanel({ postId, ownerId }: { postId: string; ownerId: string }) {
  const { isLogin, details } = useSession();
  const reviews = useReviews(postId, true);
  const write = useWriteReview(postId);
  const form = useSchemaForm(ReviewInput, { initialValues: { rating: 0, comment: "" }, toBody: (v) => ({ ...v, post_id: postId }) });

  const submit = form.submitWith(({ rating, comment }) => write.mutateAsync({ rating, comment: comment.trim() }), {
    onSuccess: (res) => {
      notifySuccess(res.message);
      form.reset();
    },
  });

  return (
    <Stack gap="lg">
      {reviews.isPending ? (
        <Text>Loading...</Text>
      ) : reviews.isError ? (
        <Alert color="red">{errorMessage(reviews.error)}</Alert>
      ) : reviews.data.data.length === 0 ? (
        <Text c="dimmed">
          No written reviews yet: star ratings without a comment count only in the stars above. Be the first to write one.
        </Text>
      ) : (
        <Stack gap="sm" data-testid="review-list">
          {reviews.data.data.map((r) => (
            <Paper key={r._id} withBorder p="md" radius="md">
              <Group gap="sm" mb={6}>
                <Avatar src={r.user.profile ?? undefined} name={r.user.names} size="sm" color="naija" />
                <Text fw={600} fz="sm">
                  {r.user.names}
                </Text>
                <Rating value={r.rating} readOnly size="xs" />
                <Text fz="xs" c="dimmed">
                  {new Date(r.createdAt).toLocaleDateString("en-NG", { day: "numeric", month: "short", year: "numeric" })}
                </Text>
              </Group>
              <Text fz="sm">{r.comment}</Text>
            </Paper>
          ))}
        </Stack>
      )}

      <Paper withBorder p="md" radius="md">
        <Title order={3} fz="lg" mb="sm">
          Add a review
        </Title>
        {!isLogin ? (
          <Text fz="sm">
            <Text component={Link} to="/signin" c="naija.8" inherit fw={600}>
              Sign in
            </Text>{" "}
            to rate and review this service.
          </Text>
        ) : details?._id === ownerId ? (
          <Text fz="sm" c="dimmed">
            This is your own service: customers' reviews will show here.
          </Text>
        ) : (
          <form onSubmit={submit} aria-label="Review form">
            <Stack gap="sm">
              <div>
                <Text fz="sm" fw={500} mb={4}>
                  Your rating{" "}
                  <span aria-hidden style={{ color: "var(--mantine-color-red-6)" }}>
                    *
                  </span>
                </Text>
                <Rating
                  value={form.values.rating}
                  onChange={(stars) => form.setFieldValue("rating", stars)}
                  size="lg"
                  aria-label="Your rating"
                  data-testid="review-rating"
                />
                {form.errors.rating && (
                  <Text c="red" fz="xs" mt={4}>
                    {form.errors.rating}
                  </Text>
                )}
              </div>
              <Textarea label="Your review" required withAsterisk minRows={3} maxLength={2000} {...form.getInputProps("comment")} />
              <Button type="submit" loading={write.isPending} w="fit-content">
                Submit
              </Button>
            </Stack>
          </form>
        )}
      </Paper>
    </Stack>
  );
}
export default ReviewsPanel;
