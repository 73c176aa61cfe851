/**
 * The lite look-alikes render Mantine's own markup (ADR 0051): same elements, classes, data
 * attributes and inline variables as Card, Badge, Skeleton and Breadcrumbs for the props the
 * storefront uses. Fails when a Mantine upgrade changes its markup.
 */
import { Anchor, Badge, Breadcrumbs, Card, Indicator, MantineProvider, SimpleGrid, Skeleton } from "@mantine/core";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { theme } from "../app/theme";
import { LiteBadge, LiteBreadcrumbs, LiteCard, LiteIndicator, LiteSimpleGrid, LiteSkeleton } from "./lite";

/** Static HTML inside the app's theme, without Mantine's injected <style> tags. */
function html(ui: ReactElement): string {
  return renderToStaticMarkup(<MantineProvider theme={theme}>{ui}</MantineProvider>).replace(/<style[\s\S]*?<\/style>/g, "");
}

describe("lite look-alikes render Mantine's markup", () => {
  it("Card: the listing card, the home tile, testimonial and newsletter cards", () => {
    const body = <b>body</b>;
    expect(
      html(
        <LiteCard withBorder padding={0} radius="md" data-testid="item-card" style={{ height: "100%" }}>
          {body}
        </LiteCard>,
      ),
    ).toBe(
      html(
        <Card withBorder padding={0} radius="md" data-testid="item-card" h="100%">
          {body}
        </Card>,
      ),
    );
    expect(
      html(
        <LiteCard as="a" href="/x" className="tile" style={{ "--hue": 210 } as never} data-testid="category-tile">
          {body}
        </LiteCard>,
      ),
    ).toBe(
      html(
        <Card component="a" href="/x" className="tile" style={{ "--hue": 210 } as never} data-testid="category-tile">
          {body}
        </Card>,
      ),
    );
    expect(
      html(
        <LiteCard withBorder padding="lg">
          {body}
        </LiteCard>,
      ),
    ).toBe(
      html(
        <Card withBorder padding="lg">
          {body}
        </Card>,
      ),
    );
    expect(
      html(
        <LiteCard withBorder padding="xl" radius="lg">
          {body}
        </LiteCard>,
      ),
    ).toBe(
      html(
        <Card withBorder padding="xl" radius="lg">
          {body}
        </Card>,
      ),
    );
  });

  it("Badge: light and filled theme colours, with a width", () => {
    for (const color of ["naija", "red"]) {
      expect(
        html(
          <LiteBadge color={color} variant="light" style={{ textTransform: "none" }}>
            In Stock
          </LiteBadge>,
        ),
      ).toBe(
        html(
          <Badge color={color} variant="light" tt="none">
            In Stock
          </Badge>,
        ),
      );
    }
    expect(
      html(
        <LiteBadge color="yellow" variant="filled" style={{ width: "fit-content" }}>
          Lagos
        </LiteBadge>,
      ),
    ).toBe(
      html(
        <Badge color="yellow" variant="filled" w="fit-content">
          Lagos
        </Badge>,
      ),
    );
  });

  it("Skeleton", () => {
    expect(html(<LiteSkeleton h={300} radius="md" />)).toBe(html(<Skeleton h={300} radius="md" />));
    expect(html(<LiteSkeleton h={140} radius="md" />)).toBe(html(<Skeleton h={140} radius="md" />));
  });

  it("Breadcrumbs with two and three anchors", () => {
    const a = <Anchor href="/">Home</Anchor>;
    const b = <Anchor href="/x">Market Place</Anchor>;
    const c = <Anchor href="/y">Phones</Anchor>;
    expect(
      html(
        <LiteBreadcrumbs mb="sm" aria-label="Breadcrumb">
          {a}
          {b}
        </LiteBreadcrumbs>,
      ),
    ).toBe(
      html(
        <Breadcrumbs mb="sm" aria-label="Breadcrumb">
          {a}
          {b}
        </Breadcrumbs>,
      ),
    );
    expect(
      html(
        <LiteBreadcrumbs mb="md" aria-label="Breadcrumb">
          {a}
          {b}
          {c}
        </LiteBreadcrumbs>,
      ),
    ).toBe(
      html(
        <Breadcrumbs mb="md" aria-label="Breadcrumb">
          {a}
          {b}
          {c}
        </Breadcrumbs>,
      ),
    );
  });

  it("Indicator: the basket's count, shown and hidden", () => {
    for (const count of [0, 3]) {
      const child = <b>basket</b>;
      expect(
        html(
          <LiteIndicator
            label={count}
            size={18}
            disabled={count === 0}
            color="var(--mantine-color-yellow-5)"
            textColor="var(--mantine-color-dark-text)"
            offset={4}
          >
            {child}
          </LiteIndicator>,
        ),
      ).toBe(
        html(
          <Indicator label={count} size={18} disabled={count === 0} color="yellow.5" c="dark" offset={4} inline>
            {child}
          </Indicator>,
        ),
      );
    }
  });

  it("SimpleGrid: Mantine's grid element and class (columns and gaps come from lite-grid.module.css)", () => {
    const mantine = html(
      <SimpleGrid cols={{ base: 2, md: 3 }} spacing="md" data-testid="g">
        x
      </SimpleGrid>,
    );
    const lite = html(
      <LiteSimpleGrid cols="2 md:3" spacing="md" data-testid="g">
        x
      </LiteSimpleGrid>,
    );
    const rootClass = (h: string) => /class="(m_\w+ mantine-SimpleGrid-root)/.exec(h)?.[1];
    expect(rootClass(lite)).toBe(rootClass(mantine));
    expect(lite.startsWith("<div ")).toBe(mantine.startsWith("<div "));
  });
});
