/**
 * The trail above listing and product pages ("Home / Market Place / Phones"): a `nav` landmark
 * with the links in order and a "/" between them (hidden from screen readers, which announce the
 * landmark's label instead). Our own component (breadcrumbs.module.css) instead of Mantine's
 * Breadcrumbs, kept off the first load (ADR 0051).
 */
import { Children, type ReactNode } from "react";
import classes from "./breadcrumbs.module.css";

/** `children`: the links (e.g. Mantine `Anchor`s); `mb`: a theme spacing below the trail. */
export function Breadcrumbs({ mb, children, "aria-label": label }: { mb?: "sm" | "md"; children: ReactNode; "aria-label": string }) {
  const items = Children.toArray(children);
  return (
    <nav aria-label={label} className={classes.trail} style={mb ? { marginBottom: `var(--mantine-spacing-${mb})` } : undefined}>
      {items.map((item, i) => (
        <span key={(item as { key?: string }).key ?? i} className={classes.crumb}>
          {item}
          {i < items.length - 1 ? (
            <span className={classes.separator} aria-hidden="true">
              /
            </span>
          ) : null}
        </span>
      ))}
    </nav>
  );
}
