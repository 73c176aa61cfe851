import { describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.js";

const PRODUCTION = {
  NODE_ENV: "production",
  PUBLIC_URL: "https://shop.example.ng",
  STORE_ACCOUNT_NO: "9876543210",
  STORE_BANK: "Test Bank",
  STORE_ACCOUNT_NAME: "Test Store Ltd",
};

describe("configuration", () => {
  it("production needs its public URL and receiving account, and never loads the demo store", () => {
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(
      /PUBLIC_URL[\s\S]*STORE_ACCOUNT_NO[\s\S]*STORE_BANK[\s\S]*STORE_ACCOUNT_NAME/,
    );
    expect(loadConfig(PRODUCTION).SEED_DEMO).toBe(false);
    expect(() => loadConfig({ ...PRODUCTION, SEED_DEMO: "true" })).toThrow(/SEED_DEMO.*admin:create/);
    expect(loadConfig({}).SEED_DEMO).toBe(true);
    expect(loadConfig({ SEED_DEMO: "false" }).SEED_DEMO).toBe(false);
  });

  it("turns the public cache off under NODE_ENV=test unless PUBLIC_CACHE turns it on", () => {
    expect(loadConfig({ NODE_ENV: "test" }).publicCache).toBe(false);
    expect(loadConfig({ NODE_ENV: "test", PUBLIC_CACHE: "true" }).publicCache).toBe(true);
    expect(loadConfig(PRODUCTION).publicCache).toBe(true);
    expect(loadConfig({ ...PRODUCTION, PUBLIC_CACHE: "false" }).publicCache).toBe(false);
    expect(() => loadConfig({ PUBLIC_CACHE: "yes please" })).toThrow(/PUBLIC_CACHE/);
  });
});
