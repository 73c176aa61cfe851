/**
 * Mantine's Button, ActionIcon, Loader and Burger for the storefront's first screens without their code
 * (ADR 0051): with Button.Group, ActionIcon.Group, Transition and the three loader kinds they are
 * ~6 KB gzipped of every page's first load. `LiteButton`, `LiteActionIcon`, `LiteLoader` and `LiteBurger` render
 * the markup Mantine 9.7.1 renders (its class names, data attributes and CSS variables; the colours
 * come from the theme's own `variantColorResolver`, so every variant/colour matches), and Mantine's
 * CSS, already on the page, draws them. lite-button.test.tsx compares them with Mantine's
 * rendering. One difference: a loader that stops disappears at once instead of fading out in 150 ms
 * (it still slides in like Mantine's, lite-button.module.css).
 */
import { getFontSize, getRadius, getSize, type MantineColor, useMantineTheme } from "@mantine/core";
import type { CSSProperties, ElementType, ReactNode } from "react";
import classes from "./lite-button.module.css";

type Size = "xs" | "sm" | "md" | "lg" | "xl";

type Common = {
  /** Element or component to render (Mantine's `component`), e.g. react-router's `Link` or "a". */
  as?: ElementType;
  variant?: "filled" | "light" | "outline" | "subtle" | "default" | "white" | "transparent";
  color?: MantineColor;
  radius?: Size | number;
  loading?: boolean;
  disabled?: boolean;
  className?: string;
  style?: CSSProperties;
  children?: ReactNode;
  [attr: string]: unknown;
};

/** Mantine's `mod` attributes: `data-x="true"` for true, nothing otherwise. */
const flag = (on: unknown) => (on ? "true" : undefined);

/** The colour variables of Mantine's vars resolvers (`--button-*` / `--ai-*`) for a variant and colour. */
function useColorVars(prefix: "button" | "ai", variant: Common["variant"], color: Common["color"]) {
  const theme = useMantineTheme();
  const c = theme.variantColorResolver({ color: color || theme.primaryColor, theme, variant: variant || "filled" });
  const given = !!(color || variant);
  return prefix === "button"
    ? {
        "--button-bg": given ? c.background : undefined,
        "--button-hover": given ? c.hover : undefined,
        "--button-color": c.color,
        "--button-bd": given ? c.border : undefined,
        "--button-hover-color": given ? c.hoverColor : undefined,
      }
    : {
        "--ai-bg": given ? c.background : undefined,
        "--ai-hover": given ? c.hover : undefined,
        "--ai-hover-color": given ? c.hoverColor : undefined,
        "--ai-color": c.color,
        "--ai-bd": given ? c.border : undefined,
      };
}

/** Variables without their undefined entries, then the caller's style (Mantine's order). */
function styleOf(vars: Record<string, string | undefined>, style?: CSSProperties): CSSProperties {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(vars)) if (v !== undefined) out[k] = v;
  return { ...out, ...style } as CSSProperties;
}

/** The style Mantine's Transition gives a mounted loader (150 ms), plus its final position. */
function loaderStyle(origin: string, transform: string): CSSProperties {
  return {
    transitionProperty: "transform, opacity",
    WebkitBackfaceVisibility: "hidden",
    transitionDuration: "150ms",
    transitionTimingFunction: "ease",
    transformOrigin: origin,
    opacity: 1,
    transform,
  };
}

const BUTTON_LOADER_STYLE = loaderStyle("center", "translate(-50%, calc(-50% + calc(0.0625rem * var(--mantine-scale))))");
const AI_LOADER_STYLE = { ...loaderStyle("top", "translateY(0)"), transitionProperty: "transform, opacity" };

/** Mantine's `<Loader>` (oval), optionally with its size and colour variables. */
export function LiteLoader({ size, color }: { size?: string; color?: string }) {
  const style = size || color ? styleOf({ "--loader-size": size, "--loader-color": color }) : undefined;
  return <span style={style} className="m_b34414df m_5ae2e3c mantine-Loader-root" />;
}

/** Mantine's `<Button>` (sizes xs-xl, any variant/colour, left section, loading). */
export function LiteButton({
  as: Component = "button",
  variant,
  color,
  size,
  radius,
  loading,
  disabled,
  leftSection,
  className,
  style,
  children,
  ...rest
}: Common & { size?: Size; leftSection?: ReactNode }) {
  const colors = useColorVars("button", variant, color);
  const vars = {
    "--button-height": getSize(size, "button-height"),
    "--button-padding-x": getSize(size, "button-padding-x"),
    "--button-fz": getFontSize(size),
    "--button-radius": radius === undefined ? undefined : getRadius(radius),
    ...colors,
  };
  const active = !disabled && !loading;
  return (
    <Component
      style={styleOf(vars, style)}
      className={`mantine-focus-auto${active ? " mantine-active" : ""}${className ? ` ${className}` : ""} m_77c9d27d mantine-Button-root m_87cf2631 mantine-UnstyledButton-root`}
      data-variant={variant}
      data-size={size}
      data-disabled={flag(disabled)}
      data-loading={flag(loading)}
      data-with-left-section={flag(leftSection)}
      type={Component === "button" ? "button" : undefined}
      {...rest}
      disabled={disabled || loading}
    >
      {loading ? (
        <span style={BUTTON_LOADER_STYLE} className={`m_a25b86ee mantine-Button-loader ${classes.buttonLoaderIn}`} aria-hidden="true">
          <LiteLoader size="calc(var(--button-height) / 1.8)" color="var(--button-color)" />
        </span>
      ) : null}
      <span className="m_80f1301b mantine-Button-inner">
        {leftSection ? (
          <span className="m_a74036a mantine-Button-section" data-position="left">
            {leftSection}
          </span>
        ) : null}
        <span className="m_811560b9 mantine-Button-label" data-loading={flag(loading)}>
          {children}
        </span>
      </span>
    </Component>
  );
}

/** Mantine's `<ActionIcon>` (sizes xs-xl, any variant/colour, loading). */
export function LiteActionIcon({
  as: Component = "button",
  variant,
  color,
  size,
  radius,
  loading,
  disabled,
  className,
  style,
  children,
  ...rest
}: Common & { size?: Size }) {
  const colors = useColorVars("ai", variant, color);
  const vars = { "--ai-size": getSize(size, "ai-size"), "--ai-radius": radius === undefined ? undefined : getRadius(radius), ...colors };
  const active = !disabled && !loading;
  return (
    <Component
      style={styleOf(vars, style)}
      className={`mantine-focus-auto${active ? " mantine-active" : ""}${className ? ` ${className}` : ""} m_8d3f4000 mantine-ActionIcon-root m_87cf2631 mantine-UnstyledButton-root`}
      data-variant={variant}
      data-size={size}
      data-loading={flag(loading)}
      data-disabled={flag(disabled)}
      type={Component === "button" ? "button" : undefined}
      aria-busy={loading || undefined}
      {...rest}
      disabled={disabled || loading}
    >
      {loading ? (
        <span style={AI_LOADER_STYLE} className={`m_302b9fb1 mantine-ActionIcon-loader ${classes.actionIconLoaderIn}`} aria-hidden="true">
          <LiteLoader size="calc(var(--ai-size) * 0.55)" color="var(--ai-color)" />
        </span>
      ) : null}
      <span className="m_8d3afb97 mantine-ActionIcon-icon" data-loading={flag(loading)}>
        {children}
      </span>
    </Component>
  );
}

/** Mantine's `<Burger size="sm" hiddenFrom="md">`: the header's menu button on phones. */
export function LiteBurger({ opened, onClick, "aria-label": label }: { opened: boolean; onClick: () => void; "aria-label": string }) {
  return (
    <button
      style={{ "--burger-size": "var(--burger-size-sm)" } as CSSProperties}
      className="mantine-focus-auto m_fea6bf1a mantine-Burger-root m_87cf2631 mantine-UnstyledButton-root mantine-hidden-from-md"
      data-size="sm"
      type="button"
      onClick={onClick}
      aria-label={label}
    >
      <div className="m_d4fb9cad mantine-Burger-burger" data-reduce-motion="true" data-opened={flag(opened)} />
    </button>
  );
}
