/**
 * The seller score as shoppers see it (ADR 0211): its label ("Excellent", "Good", "Fair", "New
 * seller") beside the seller's name, and on the shop page its parts over the last 90 days.
 */
import { SELLER_SCORE_WINDOW_DAYS, type SellerScore } from "@market/contract";
import { Badge } from "./ui/badge";

/** The shop page of a seller (ADR 0210). */
export function sellerHref(username: string): string {
  return `/seller/${encodeURIComponent(username)}`;
}

const COLORS: Record<SellerScore["label"], string> = { Excellent: "naija", Good: "blue", Fair: "yellow", "New seller": "gray" };

/** The label as a small pill, with the figure when there is one ("Excellent 96/100"). */
export function SellerScoreBadge({ score }: { score: SellerScore }) {
  return (
    <span data-testid="seller-score">
      <Badge color={COLORS[score.label]} style={{ textTransform: "none" }}>
        {score.label}
        {score.value !== null ? ` · ${score.value}/100` : ""}
      </Badge>
    </span>
  );
}

const percent = (rate: number | null) => (rate === null ? "not yet" : `${Math.round(rate * 100)}%`);

/** The score's parts, one per line, in the words of the formula (docs/seller-score.md). */
export function scoreParts(score: SellerScore): Array<{ label: string; value: string }> {
  return [
    { label: `Paid orders (last ${SELLER_SCORE_WINDOW_DAYS} days)`, value: String(score.orders) },
    { label: "Orders fulfilled (not cancelled by the seller)", value: percent(score.fulfilled_rate) },
    { label: "Shipped on time", value: percent(score.on_time_rate) },
    { label: "Without a problem or return", value: percent(score.no_problem_rate) },
    {
      label: "Average rating",
      value:
        score.rating === null
          ? "no ratings yet"
          : `${score.rating} of 5 (${score.rating_count} ${score.rating_count === 1 ? "rating" : "ratings"})`,
    },
  ];
}
