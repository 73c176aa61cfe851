/**
 * The storefront's responsive grids (product cards, category tiles, footer columns): equal columns
 * whose count changes at the theme's breakpoints (xs 36em, sm 48em, md 62em). Our own component
 * (grid.module.css) instead of Mantine's SimpleGrid, whose column rules are generated at run time.
 */
import type { CSSProperties, ReactNode } from "react";
import classes from "./grid.module.css";

/** Column layouts in use: "2 md:3" = 2 columns, 3 from the md breakpoint up. */
const COLUMNS = {
  "1 sm:3": classes.c1sm3,
  "2 md:3": classes.c2md3,
  "1 xs:2 md:3": classes.c1xs2md3,
  "2 md:4": classes.c2md4,
};

/** Gaps between cells: a theme spacing. */
const GAPS = { md: classes.md, lg: classes.lg, xl: classes.xl };

export function Grid({
  cols,
  spacing,
  children,
  ...rest
}: {
  cols: keyof typeof COLUMNS;
  spacing: keyof typeof GAPS;
  children?: ReactNode;
  style?: CSSProperties;
  "data-testid"?: string;
}) {
  return (
    <div className={`${classes.grid} ${COLUMNS[cols]} ${GAPS[spacing]}`} {...rest}>
      {children}
    </div>
  );
}
