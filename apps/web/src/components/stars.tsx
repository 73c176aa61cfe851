/**
 * Read-only star rating for first-paint screens (listing cards, the detail page): the look of
 * Mantine's `<Rating readOnly fractions={10}>` (its star path, sizes xs 14px / sm 18px, gray-3 empty
 * and yellow filled, partial stars clipped to tenths) in plain SVG, so the listing and detail pages
 * do not load Rating's interactive code (ADR 0051). The review form keeps Mantine's Rating.
 */
import type { CSSProperties } from "react";
import classes from "./stars.module.css";

const SIZES = { xs: "calc(0.875rem * var(--mantine-scale))", sm: "calc(1.125rem * var(--mantine-scale))" } as const;
const STAR = "M12 17.75l-6.172 3.245l1.179 -6.873l-5 -4.867l6.9 -1l3.086 -6.253l3.086 6.253l6.9 1l-5 4.867l1.179 6.873z";

function StarSvg({ filled, clip }: { filled?: boolean; clip?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      data-filled={filled || undefined}
      style={clip ? { clipPath: clip } : undefined}
    >
      <path d={STAR} />
    </svg>
  );
}

/** `value` stars out of 5 (rounded to tenths), e.g. 3.7. */
export function Stars({ value, size = "sm", label }: { value: number; size?: keyof typeof SIZES; label?: string }) {
  const v = Math.round(Math.min(Math.max(value, 0), 5) * 10) / 10;
  return (
    <span className={classes.root} role="img" aria-label={label ?? `${v} stars`} style={{ "--stars-size": SIZES[size] } as CSSProperties}>
      {[0, 1, 2, 3, 4].map((i) => {
        const part = Math.min(Math.max(v - i, 0), 1);
        return (
          <span key={i} className={classes.star}>
            <StarSvg />
            {part > 0 && <StarSvg filled clip={part < 1 ? `inset(0 ${Math.round(100 - part * 100)}% 0 0)` : undefined} />}
          </span>
        );
      })}
    </span>
  );
}

/**
 * What a service's stars count, said plainly: every star rating (spec §2 "Stars", from reactions),
 * some of which came with a written review (the Reviews tab's count), so "3.8 from 4 ratings"
 * beside "Reviews (0)" does not read as a contradiction.
 */
export function starsSummary(post: { stars: number; reactions_count: number; reviews_count: number }): string {
  if (post.reactions_count === 0) return "Stars: 0 (no ratings yet)";
  const ratings = `${post.reactions_count} star rating${post.reactions_count === 1 ? "" : "s"}`;
  const written = `${post.reviews_count} with a written review`;
  return `Stars: ${post.stars} from ${ratings} (${written})`;
}
