/**
 * A round count in the top-right corner of its child: the number of items on the header's basket
 * button. Our own component (count-badge.module.css) instead of Mantine's Indicator, kept off
 * every page's first load (ADR 0051). Nothing is drawn over the child while `hidden`.
 */
import type { CSSProperties, ReactNode } from "react";
import classes from "./count-badge.module.css";

export function CountBadge({
  count,
  hidden,
  color,
  textColor,
  children,
}: {
  count: ReactNode;
  hidden?: boolean;
  /** CSS colours, e.g. "var(--mantine-color-yellow-5)". */
  color: string;
  textColor: string;
  children: ReactNode;
}) {
  return (
    <span className={classes.root} style={{ "--ui-count-bg": color, "--ui-count-fg": textColor } as CSSProperties}>
      {hidden ? null : (
        <span className={classes.count} aria-hidden="true">
          {count}
        </span>
      )}
      {children}
    </span>
  );
}
