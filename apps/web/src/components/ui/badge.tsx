/**
 * A small pill label in a theme colour (stock state, the home page's tag). Our own component
 * (badge.module.css on Mantine's theme variables) instead of Mantine's Badge, kept off the first
 * load (ADR 0051). Upper case, as Mantine's; a `style` can turn that off.
 */
import type { CSSProperties, ReactNode } from "react";
import classes from "./badge.module.css";
import { colorVars, withVars } from "./theme-color";

export function Badge({
  color,
  variant = "light",
  style,
  children,
}: {
  /** A theme colour ("naija", "red", "yellow", ...). */
  color: string;
  /** "light": a pale background with the colour's text; "filled": the colour with white text. */
  variant?: "light" | "filled";
  style?: CSSProperties;
  children: ReactNode;
}) {
  return (
    <span className={classes.badge} data-variant={variant} style={withVars(colorVars(color), style)}>
      <span className={classes.label}>{children}</span>
    </span>
  );
}
