import { expect, snap, test } from "./fixtures";

test.describe("smoke @phone", () => {
  test("home page shows the four featured categories from the API", async ({ page, request }, info) => {
    const api = await (await request.get("/api/category?type=market-place")).json();
    const expected = api.data
      .filter((c: { is_default: boolean }) => c.is_default)
      .slice(0, 4)
      .map((c: { name: string }) => c.name);
    expect(expected).toHaveLength(4);
    await page.goto("/");
    const tiles = page.getByTestId("category-tile");
    await expect(tiles).toHaveCount(4);
    for (const [i, name] of expected.entries()) await expect(tiles.nth(i)).toContainText(name);
    await expect(page.getByTestId("testimonials")).toBeVisible();
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "About us" })).toHaveAttribute("href", "/aboutScreen");
    await snap(page, "home", info.project.name);
  });

  test("an unknown path shows Not Found", async ({ page }, info) => {
    // A deep link answers HTTP 404 (crawlers, monitoring) and the app still draws its page.
    const res = await page.goto("/no-such-page-xyz");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Not Found" })).toBeVisible();
    await expect(page.getByText("nothing was found at this location")).toBeVisible();
    await snap(page, "not-found", info.project.name);
  });

  test("hashed assets are cached for a year and compressed", async ({ page, request }) => {
    await page.goto("/");
    const script = await page.locator("script[type=module]").first().getAttribute("src");
    expect(script).toMatch(/^\/assets\//);
    const res = await request.get(script!, { headers: { "accept-encoding": "br, gzip" } });
    expect(res.headers()["cache-control"]).toContain("immutable");
    expect(res.headers()["content-encoding"]).toMatch(/br|gzip/);
  });
});
