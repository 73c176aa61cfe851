/**
 * The storefront's buttons: `Button`, `IconButton`, `Spinner` and `MenuToggle`. Our own small
 * components (button.module.css on Mantine's theme variables, in the `ui` CSS layer so a page's
 * own classes win) instead of Mantine's Button, ActionIcon, Loader and Burger, whose code was too
 * heavy for the first load of home, listing and product pages (ADR 0051). They look like Mantine's
 * (same heights, paddings, radii and variant colours), so they sit well beside Mantine components
 * on other screens.
 *
 * Variants: filled (default), light, default (bordered), white, subtle; `color` is a theme colour.
 * A loading button shows a spinner, is `aria-busy` and does not fire; a disabled link gets
 * `aria-disabled` (links have no `disabled`).
 */
import type { CSSProperties, ElementType, ReactNode } from "react";
import classes from "./button.module.css";
import { colorVars, type ThemeSize, themeSize, withVars } from "./theme-color";

type ButtonVariant = "filled" | "light" | "default" | "white" | "subtle";

type Common = {
  /** Element or component to render, e.g. react-router's `Link` or "a"; a `<button type="button">` by default. */
  as?: ElementType;
  variant?: ButtonVariant;
  /** A theme colour ("yellow", "red", ...); the primary colour by default. */
  color?: string;
  radius?: ThemeSize | number;
  loading?: boolean;
  disabled?: boolean;
  className?: string;
  style?: CSSProperties;
  children?: ReactNode;
  [attr: string]: unknown;
};

/**
 * The attributes both buttons share: colour and radius variables, variant and state. `disabled`
 * only exists on a real button; a link gets `aria-disabled` (and no pointer events, in the CSS).
 */
function shared(Component: ElementType, { variant = "filled", color, radius, loading, disabled, style }: Common) {
  const off = disabled || loading;
  return {
    style: withVars({ ...colorVars(color), "--ui-radius": radius === undefined ? undefined : themeSize("radius", radius) }, style),
    "data-variant": variant,
    "data-loading": loading || undefined,
    "data-disabled": disabled || undefined,
    "aria-busy": loading || undefined,
    ...(Component === "button" ? { disabled: off } : { "aria-disabled": off || undefined }),
  };
}

/** A spinning ring; `size` and `color` are CSS values (theme primary colour, 2.25rem by default). */
export function Spinner({ size, color }: { size?: string; color?: string }) {
  return <span className={classes.spinner} style={withVars({ "--ui-spinner-size": size, "--ui-spinner-color": color })} />;
}

/** A text button, sizes xs, sm (default) and md, with an optional icon before the label. */
export function Button({
  as: Component = "button",
  variant,
  color,
  size = "sm",
  radius,
  loading,
  disabled,
  leftSection,
  className,
  style,
  children,
  ...rest
}: Common & { size?: "xs" | "sm" | "md"; leftSection?: ReactNode }) {
  return (
    <Component
      className={`${classes.button}${className ? ` ${className}` : ""}`}
      data-size={size}
      data-with-icon={leftSection ? true : undefined}
      type={Component === "button" ? "button" : undefined}
      {...rest}
      {...shared(Component, { variant, color, radius, loading, disabled, style })}
    >
      {loading ? (
        <span className={classes.buttonSpinner} aria-hidden="true">
          <Spinner size="calc(var(--ui-height) / 1.8)" color="var(--ui-fg)" />
        </span>
      ) : null}
      <span className={classes.inner}>
        {leftSection ? <span className={classes.icon}>{leftSection}</span> : null}
        <span className={classes.label}>{children}</span>
      </span>
    </Component>
  );
}

/** A square icon button (sizes sm-xl, lg by default); give it an `aria-label`. */
export function IconButton({
  as: Component = "button",
  variant,
  color,
  size = "lg",
  radius,
  loading,
  disabled,
  className,
  style,
  children,
  ...rest
}: Common & { size?: "sm" | "md" | "lg" | "xl" }) {
  return (
    <Component
      className={`${classes.iconButton}${className ? ` ${className}` : ""}`}
      data-size={size}
      type={Component === "button" ? "button" : undefined}
      {...rest}
      {...shared(Component, { variant, color, radius, loading, disabled, style })}
    >
      {loading ? (
        <span className={classes.iconSpinner} aria-hidden="true">
          <Spinner size="calc(var(--ui-size) * 0.55)" color="var(--ui-fg)" />
        </span>
      ) : null}
      <span className={classes.inner}>{children}</span>
    </Component>
  );
}

/** The header's three-line menu button on phones (hidden from 62em): a cross while the menu is open. */
export function MenuToggle({ opened, onClick, "aria-label": label }: { opened: boolean; onClick: () => void; "aria-label": string }) {
  return (
    <button type="button" className={classes.menuToggle} onClick={onClick} aria-label={label} aria-expanded={opened}>
      <span className={classes.menuLines} data-opened={opened || undefined} />
    </button>
  );
}
