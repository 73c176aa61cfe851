/**
 * A pulsing grey placeholder of a given height, shown while a list loads. Our own component
 * (skeleton.module.css) instead of Mantine's Skeleton, kept off the first load (ADR 0051). Hidden
 * from assistive technology: the page says "Loading..." in words beside it.
 */
import classes from "./skeleton.module.css";
import { type ThemeSize, themeSize, withVars } from "./theme-color";

/** `h` in px; `radius` a theme radius or px (the theme's default by default). */
export function Skeleton({ h, radius }: { h: number; radius?: ThemeSize | number }) {
  return (
    <div
      className={classes.skeleton}
      style={withVars(
        { "--ui-skeleton-radius": radius === undefined ? undefined : themeSize("radius", radius) },
        { height: themeSize("spacing", h) },
      )}
      aria-hidden="true"
    />
  );
}
