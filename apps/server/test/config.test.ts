import { describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.js";
import { PRODUCTION_ENV } from "./fixtures.js";

describe("configuration", () => {
  it("production needs its public URL and receiving account, and never loads the demo store", () => {
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(
      /PUBLIC_URL[\s\S]*STORE_ACCOUNT_NO[\s\S]*STORE_BANK[\s\S]*STORE_ACCOUNT_NAME/,
    );
    expect(loadConfig(PRODUCTION_ENV).SEED_DEMO).toBe(false);
    expect(() => loadConfig({ ...PRODUCTION_ENV, SEED_DEMO: "true" })).toThrow(/SEED_DEMO.*admin:create/);
    expect(loadConfig({}).SEED_DEMO).toBe(true);
    expect(loadConfig({ SEED_DEMO: "false" }).SEED_DEMO).toBe(false);
  });

  it("turns the public cache off under NODE_ENV=test unless PUBLIC_CACHE turns it on", () => {
    expect(loadConfig({ NODE_ENV: "test" }).publicCache).toBe(false);
    expect(loadConfig({ NODE_ENV: "test", PUBLIC_CACHE: "true" }).publicCache).toBe(true);
    expect(loadConfig(PRODUCTION_ENV).publicCache).toBe(true);
    expect(loadConfig({ ...PRODUCTION_ENV, PUBLIC_CACHE: "false" }).publicCache).toBe(false);
    expect(() => loadConfig({ PUBLIC_CACHE: "yes please" })).toThrow(/PUBLIC_CACHE/);
  });

  it("runs several store processes only with Redis to share their rate limits", () => {
    expect(loadConfig({}).WORKERS).toBe(1);
    expect(() => loadConfig({ WORKERS: "2" })).toThrow(/REDIS_URL: required with WORKERS=2 .*rate limits/);
    expect(loadConfig({ WORKERS: "2", REDIS_URL: "redis://127.0.0.1:6379" }).WORKERS).toBe(2);
    expect(() => loadConfig({ WORKERS: "0" })).toThrow(/WORKERS/);
    expect(() => loadConfig({ WORKERS: "many" })).toThrow(/WORKERS/);
  });
});
