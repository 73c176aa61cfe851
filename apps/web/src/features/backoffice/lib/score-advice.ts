/**
 * "What would raise it" on the seller's Reviews & Score page (ADR 0211, docs/seller-score.md),
 * computed from the seller's own parts: advice for each measured part below its "good" mark, the
 * weakest first; the parts already good, named; what is not measured yet; and how many orders a
 * new seller still needs before a figure shows. Pure: the page draws what it answers.
 */
import { SELLER_SCORE_MIN_ORDERS, type SellerScore } from "@market/contract";

/** A rate (0..1) at or above this is "already good" for fulfilled, on time and no problem. */
const GOOD_RATE = 0.95;
/** An average rating (stars) at or above this is "already good". */
const GOOD_RATING = 4.5;

type Part = {
  name: string;
  /** 0..1 (the rating as (stars - 1) / 4, as in the score), null while nothing is measured. */
  rate: number | null;
  good: boolean;
  shown: string;
  advice: string;
  notYet: string;
};

const percent = (r: number) => `${Math.round(r * 100)}%`;

function partsOf(s: SellerScore): Part[] {
  const ratePart = (name: string, rate: number | null, advice: string, notYet: string): Part => ({
    name,
    rate,
    good: rate !== null && rate >= GOOD_RATE,
    shown: rate === null ? "" : percent(rate),
    advice,
    notYet,
  });
  return [
    ratePart(
      "Shipped on time",
      s.on_time_rate,
      "Ship every order by its ship-by deadline (shown in Ordered Products; an item not shipped by then is cancelled and refunded) and mark it shipped there.",
      "No order has been due to ship yet.",
    ),
    ratePart(
      "Orders fulfilled",
      s.fulfilled_rate,
      "Keep your stock counts true so you never have to cancel a paid order.",
      "No paid order yet.",
    ),
    ratePart(
      "Without a problem or return",
      s.no_problem_rate,
      "Describe and photograph items truthfully and pack them well, so they arrive as shown.",
      "No paid order yet.",
    ),
    {
      name: "Average rating",
      rate: s.rating === null ? null : (s.rating - 1) / 4,
      good: s.rating !== null && s.rating >= GOOD_RATING,
      shown: s.rating === null ? "" : `${s.rating} of 5`,
      advice: "Answer every review politely and put right what buyers complain about; ask buyers to review their received orders.",
      notYet: "Nobody has rated you yet: ask buyers to review their received orders.",
    },
  ];
}

export type ScoreAdvice = {
  /** Advice for the parts below their good mark, weakest first. */
  raise: Array<{ part: string; shown: string; advice: string }>;
  /** The parts already good, with their figure ("Shipped on time (100%)"). */
  good: string[];
  /** The parts with nothing measured yet, and what to know about them. */
  notMeasured: Array<{ part: string; note: string }>;
  /** For a new seller: how many more paid orders before the score shows a figure; else null. */
  ordersToGo: number | null;
};

/** What would raise `score`, from its own parts (see the module's note). */
export function scoreAdvice(score: SellerScore): ScoreAdvice {
  const parts = partsOf(score);
  const measured = parts.filter((p) => p.rate !== null);
  return {
    raise: measured
      .filter((p) => !p.good)
      .sort((a, b) => a.rate! - b.rate!)
      .map((p) => ({ part: p.name, shown: p.shown, advice: p.advice })),
    good: measured.filter((p) => p.good).map((p) => `${p.name} (${p.shown})`),
    notMeasured: parts.filter((p) => p.rate === null).map((p) => ({ part: p.name, note: p.notYet })),
    ordersToGo: score.orders < SELLER_SCORE_MIN_ORDERS ? SELLER_SCORE_MIN_ORDERS - score.orders : null,
  };
}
