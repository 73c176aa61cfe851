/**
 * Static Mantine look-alikes for the storefront's first screens (ADR 0051): `LiteCard`,
 * `LiteBadge`, `LiteSkeleton`, `LiteBreadcrumbs`, `LiteIndicator` and `LiteSimpleGrid` render the
 * markup Mantine 9.7.1's Card, Badge, Skeleton, Breadcrumbs, Indicator and SimpleGrid render for
 * the props they accept (Mantine's class names,
 * data attributes and inline CSS variables), so Mantine's CSS (already on the page,
 * app/mantine-styles.ts) draws them the same, without those components' JavaScript on the home,
 * listing and product pages' first load. lite.test.tsx compares each with Mantine's own rendering
 * and fails when a Mantine upgrade changes the markup. Use Mantine's components everywhere else.
 */

import { Children, type CSSProperties, cloneElement, type ElementType, isValidElement, type ReactElement, type ReactNode } from "react";
import gridClasses from "./lite-grid.module.css";

type Size = "xs" | "sm" | "md" | "lg" | "xl";

/** Mantine's `rem()` of a px number, or the theme variable of a named size. */
function size(kind: "spacing" | "radius", v: Size | number): string {
  if (typeof v === "number") return v === 0 ? "0rem" : `calc(${v / 16}rem * var(--mantine-scale))`;
  return `var(--mantine-${kind}-${v})`;
}

/** `{ "--x": a, "--y": undefined }` without the undefined entries, merged before `style`. */
function vars(list: Record<string, string | undefined>, style?: CSSProperties): CSSProperties | undefined {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(list)) if (v !== undefined) out[k] = v;
  const merged = { ...out, ...style } as CSSProperties;
  return Object.keys(merged).length ? merged : undefined;
}

function cx(...names: Array<string | undefined | false>): string {
  return names.filter(Boolean).join(" ");
}

type CardProps = {
  /** Element or component to render (Mantine's `component`), e.g. react-router's `Link`. */
  as?: ElementType;
  withBorder?: boolean;
  /** Inner padding (Mantine's `padding`: a theme size or px). */
  padding?: Size | number;
  radius?: Size | number;
  className?: string;
  style?: CSSProperties;
  children?: ReactNode;
  [attr: string]: unknown;
};

/** Mantine's `<Card>` (vertical, no Card.Section handling). */
export function LiteCard({ as: Component = "div", withBorder, padding, radius, className, style, children, ...rest }: CardProps) {
  return (
    <Component
      style={vars(
        {
          "--paper-radius": radius === undefined ? undefined : size("radius", radius),
          "--card-padding": padding === undefined ? undefined : size("spacing", padding),
        },
        style,
      )}
      className={cx(className, "m_e615b15f mantine-Card-root m_1b7284a3 mantine-Paper-root")}
      data-with-border={withBorder ? "true" : undefined}
      data-orientation="vertical"
      {...rest}
    >
      {children}
    </Component>
  );
}

/** Badge colours used on first screens; the variables Mantine's default variant resolver gives them. */
const BADGE_VARIANTS = {
  light: (c: string) => ({ "--badge-bg": `var(--mantine-color-${c}-light)`, "--badge-color": `var(--mantine-color-${c}-light-color)` }),
  filled: (c: string) => ({ "--badge-bg": `var(--mantine-color-${c}-filled)`, "--badge-color": "var(--mantine-color-white)" }),
};

/** Mantine's `<Badge>` (size md) in a light or filled theme colour (e.g. "naija", "red", "yellow"). */
export function LiteBadge({
  color,
  variant,
  style,
  children,
}: {
  color: string;
  variant: keyof typeof BADGE_VARIANTS;
  style?: CSSProperties;
  children: ReactNode;
}) {
  return (
    <div
      style={vars({ ...BADGE_VARIANTS[variant](color), "--badge-bd": "calc(0.0625rem * var(--mantine-scale)) solid transparent" }, style)}
      className="m_347db0ec mantine-Badge-root"
      data-variant={variant}
    >
      <span className="m_5add502a mantine-Badge-label">{children}</span>
    </div>
  );
}

/** Mantine's `<Skeleton h={px} radius>` (visible, animated). */
export function LiteSkeleton({ h, radius }: { h: number; radius?: Size | number }) {
  return (
    <div
      style={vars({ "--skeleton-radius": radius === undefined ? undefined : size("radius", radius) }, { height: size("spacing", h) })}
      className="m_18320242 mantine-Skeleton-root"
      data-visible="true"
      data-animate="true"
    />
  );
}

/**
 * Mantine's `<Breadcrumbs>` (separator "/"): each child (an Anchor) gets the breadcrumb class and
 * a separator follows every child but the last.
 */
export function LiteBreadcrumbs({ mb, children, ...rest }: { mb?: Size; children: ReactNode; "aria-label"?: string }) {
  const items = Children.toArray(children).filter(isValidElement) as Array<ReactElement<{ className?: string }>>;
  return (
    <div style={mb ? { marginBottom: size("spacing", mb) } : undefined} className="m_8b3717df mantine-Breadcrumbs-root" {...rest}>
      {items.flatMap((item, i) => {
        const crumb = cloneElement(item, { className: cx("m_f678d540 mantine-Breadcrumbs-breadcrumb", item.props.className) });
        return i < items.length - 1
          ? [
              crumb,
              <div key={`separator-${item.key}`} className="m_3b8f2208 mantine-Breadcrumbs-separator">
                /
              </div>,
            ]
          : [crumb];
      })}
    </div>
  );
}

/**
 * Mantine's `<Indicator inline label size offset color c>` (top-right): the count bubble on the
 * header's basket. `color` and `textColor` are CSS colours (e.g. "var(--mantine-color-yellow-5)").
 */
export function LiteIndicator({
  label,
  size: px,
  offset,
  color,
  textColor,
  disabled,
  children,
}: {
  label: ReactNode;
  size: number;
  offset: number;
  color: string;
  textColor: string;
  disabled?: boolean;
  children: ReactNode;
}) {
  const at = size("spacing", offset);
  return (
    <div
      style={
        {
          "--indicator-color": color,
          "--indicator-size": size("spacing", px),
          "--indicator-top": at,
          "--indicator-right": at,
          "--indicator-translate-x": "50%",
          "--indicator-translate-y": "-50%",
          color: textColor,
        } as CSSProperties
      }
      className="m_e5262200 mantine-Indicator-root"
      data-inline="true"
    >
      {disabled ? null : (
        <div className="m_760d1fb1 mantine-Indicator-indicator" data-with-label="true">
          {label}
        </div>
      )}
      {children}
    </div>
  );
}

/** Column layouts of the storefront's grids: base columns, then at Mantine's xs/sm/md breakpoints. */
const GRID_COLS = {
  "1 sm:3": gridClasses.c1sm3,
  "2 md:3": gridClasses.c2md3,
  "2 xs:2 md:3": gridClasses.c2xs2md3,
  "1 xs:2 md:3": gridClasses.c1xs2md3,
  "2 md:4": gridClasses.c2md4,
};

/**
 * Mantine's `<SimpleGrid cols spacing>`: Mantine's grid class, with the column count and gap set
 * by lite-grid.module.css instead of a generated style tag. `cols` as "2 md:3" means
 * `cols={{ base: 2, md: 3 }}`.
 */
export function LiteSimpleGrid({
  cols,
  spacing,
  children,
  ...rest
}: {
  cols: keyof typeof GRID_COLS;
  spacing: "md" | "lg" | "xl";
  children?: ReactNode;
  style?: CSSProperties;
  "data-testid"?: string;
}) {
  return (
    <div className={`m_2415a157 mantine-SimpleGrid-root ${GRID_COLS[cols]} ${gridClasses[spacing]}`} {...rest}>
      {children}
    </div>
  );
}
