import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./helpers.js";

const probe = (ctx: TestContext) =>
  ctx.request({ method: "GET", url: "/api/test/ip", headers: { "x-forwarded-for": "198.51.100.23" }, remoteAddress: "10.0.0.5" });

describe("client IP and proxies", () => {
  let direct: TestContext;
  let proxied: TestContext;
  beforeAll(async () => {
    const addProbe = (app: TestContext["app"]) => app.get("/api/test/ip", async (req) => ({ ip: req.ip }));
    direct = await createTestContext({ TRUST_PROXY: "" }, addProbe);
    proxied = await createTestContext({ TRUST_PROXY: "10.0.0.0/8" }, addProbe);
  });
  afterAll(async () => {
    await direct.close();
    await proxied.close();
  });

  it("ignores X-Forwarded-For by default, so a client cannot fake its IP to dodge rate limits", async () => {
    expect((await probe(direct)).json()).toEqual({ ip: "10.0.0.5" });
  });

  it("uses X-Forwarded-For when the request comes from a proxy named in TRUST_PROXY", async () => {
    expect((await probe(proxied)).json()).toEqual({ ip: "198.51.100.23" });
  });
});
