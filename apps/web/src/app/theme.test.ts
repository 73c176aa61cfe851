import { DEFAULT_THEME, mergeMantineTheme } from "@mantine/core";
import { describe, expect, it } from "vitest";
import { contrast, cssVariablesResolver, theme } from "./theme";

const full = mergeMantineTheme(DEFAULT_THEME, theme);
const light = cssVariablesResolver(full).light;
/** A colour variable's value in the light scheme: ours if the resolver sets it, else Mantine's shade. */
const value = (name: string, fallbackShade: number) =>
  light[`--mantine-color-${name}`] ?? full.colors[name.split("-")[0]!]![fallbackShade]!;

describe("theme colours meet WCAG AA contrast (4.5:1)", () => {
  it("dimmed text on white and on the page's off-white", () => {
    expect(contrast(light["--mantine-color-dimmed"]!, "#ffffff")).toBeGreaterThanOrEqual(4.5);
    expect(contrast(light["--mantine-color-dimmed"]!, "#fafaf7")).toBeGreaterThanOrEqual(4.5);
  });

  for (const name of Object.keys(full.colors).filter((c) => c !== "yellow")) {
    it(`${name}: white text on the filled shade`, () => {
      expect(contrast(value(`${name}-filled`, 8), "#ffffff")).toBeGreaterThanOrEqual(4.5);
    });
  }

  for (const name of Object.keys(full.colors)) {
    it(`${name}: the light variant's text on its background`, () => {
      expect(contrast(value(`${name}-light-color`, 9), full.colors[name]![1]!)).toBeGreaterThanOrEqual(4.5);
    });
  }
});
