import { describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.js";

describe("configuration", () => {
  it("turns the public cache off under NODE_ENV=test unless PUBLIC_CACHE turns it on", () => {
    expect(loadConfig({ NODE_ENV: "test" }).publicCache).toBe(false);
    expect(loadConfig({ NODE_ENV: "test", PUBLIC_CACHE: "true" }).publicCache).toBe(true);
    expect(loadConfig({ NODE_ENV: "production" }).publicCache).toBe(true);
    expect(loadConfig({ NODE_ENV: "production", PUBLIC_CACHE: "false" }).publicCache).toBe(false);
    expect(() => loadConfig({ PUBLIC_CACHE: "yes please" })).toThrow(/PUBLIC_CACHE/);
  });
});
