/**
 * Helpers for the storefront's own small components (components/ui): they draw with Mantine's theme
 * CSS variables (`--mantine-color-*`, `--mantine-spacing-*`, `--mantine-radius-*`) and their own
 * CSS modules, not with Mantine's component code or class names (ADR 0051).
 */
import type { CSSProperties } from "react";

/** Theme sizes: the names of Mantine's spacing and radius scales. */
export type ThemeSize = "xs" | "sm" | "md" | "lg" | "xl";

/**
 * The shades of a theme colour (e.g. "yellow", "red") as the variables the components' CSS reads
 * (`--ui-filled`, `--ui-light`, ...); without a colour the CSS falls back to the primary colour.
 */
export function colorVars(color: string | undefined): Record<string, string> {
  if (!color) return {};
  const shade = (name: string) => `var(--mantine-color-${color}-${name})`;
  return {
    "--ui-filled": shade("filled"),
    "--ui-filled-hover": shade("filled-hover"),
    "--ui-light": shade("light"),
    "--ui-light-hover": shade("light-hover"),
    "--ui-light-color": shade("light-color"),
  };
}

/** A spacing or radius of the theme (by name) or in px (scaled like Mantine's `rem()`), as a CSS value. */
export function themeSize(kind: "spacing" | "radius", value: ThemeSize | number): string {
  if (typeof value === "number") return value === 0 ? "0" : `calc(${value / 16}rem * var(--mantine-scale))`;
  return `var(--mantine-${kind}-${value})`;
}

/** The variables, without undefined entries, then the caller's own style (which wins). */
export function withVars(vars: Record<string, string | undefined>, style?: CSSProperties): CSSProperties | undefined {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(vars)) if (value !== undefined) out[name] = value;
  const merged = { ...out, ...style } as CSSProperties;
  return Object.keys(merged).length ? merged : undefined;
}
