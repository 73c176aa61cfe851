import { render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ChunkLoadError, lazyPage } from "./lazy-page";
import { createQueryClient, Providers } from "./providers";
import { RouteError } from "./route-error";

function renderRoute(lazy: ReturnType<typeof lazyPage>) {
  const router = createMemoryRouter([{ path: "/", lazy, errorElement: <RouteError /> }], { initialEntries: ["/"] });
  return render(
    <Providers queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
}

afterEach(() => vi.useRealTimers());

describe("lazy pages and chunk failures", () => {
  it("shows a readable message with Reload when a chunk fails to load", async () => {
    renderRoute(lazyPage("listing", () => Promise.reject(new TypeError("Failed to fetch dynamically imported module"))));
    expect(await screen.findByText("This page could not load")).toBeInTheDocument();
    expect(screen.getByText(/Loading chunk listing failed \(missing\)/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Reload" })).toBeInTheDocument();
  });

  it("gives up after 120 seconds with a timeout error", async () => {
    vi.useFakeTimers();
    const pending = lazyPage("product", () => new Promise(() => {}))();
    const caught = pending.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(120_000);
    const err = await caught;
    expect(err).toBeInstanceOf(ChunkLoadError);
    expect(err).toMatchObject({ chunk: "product", type: "timeout", message: "Loading chunk product failed" });
  });

  it("renders the page when the chunk loads", async () => {
    renderRoute(lazyPage("home", async () => ({ default: () => <p>Loaded page</p> })));
    expect(await screen.findByText("Loaded page")).toBeInTheDocument();
  });
});
