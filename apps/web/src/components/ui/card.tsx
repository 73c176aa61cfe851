/**
 * A white box with an optional border, rounded by the theme: the storefront's cards (listing items,
 * category tiles, testimonials, the newsletter box). Our own component (card.module.css on Mantine's
 * theme variables) instead of Mantine's Card, kept off the first load (ADR 0051). Its children
 * stack vertically; `as` renders it as a link or any other element.
 */
import type { CSSProperties, ElementType, ReactNode } from "react";
import classes from "./card.module.css";
import { type ThemeSize, themeSize, withVars } from "./theme-color";

type CardProps = {
  /** Element or component to render, e.g. react-router's `Link`; a `div` by default. */
  as?: ElementType;
  withBorder?: boolean;
  /** Inner padding: a theme spacing or px (`md` by default). */
  padding?: ThemeSize | number;
  /** Corner radius: a theme radius or px (the theme's default by default). */
  radius?: ThemeSize | number;
  className?: string;
  style?: CSSProperties;
  children?: ReactNode;
  [attr: string]: unknown;
};

export function Card({ as: Component = "div", withBorder, padding, radius, className, style, children, ...rest }: CardProps) {
  return (
    <Component
      className={`${classes.card}${className ? ` ${className}` : ""}`}
      style={withVars(
        {
          "--ui-card-padding": padding === undefined ? undefined : themeSize("spacing", padding),
          "--ui-card-radius": radius === undefined ? undefined : themeSize("radius", radius),
        },
        style,
      )}
      data-with-border={withBorder || undefined}
      {...rest}
    >
      {children}
    </Component>
  );
}
