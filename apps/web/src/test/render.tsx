/** Render a component inside the app's providers and a memory router (for page tests). */
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { createQueryClient, Providers } from "../app/providers";

export function renderWithProviders(ui: ReactElement, { path = "/", route = "/" }: { path?: string; route?: string } = {}) {
  const router = createMemoryRouter([{ path, element: ui }], { initialEntries: [route] });
  const queryClient = createQueryClient();
  return {
    queryClient,
    router,
    ...render(
      <Providers queryClient={queryClient}>
        <RouterProvider router={router} />
      </Providers>,
    ),
  };
}

/** Answer fetch calls from a table of `path prefix -> JSON body` (status 200 unless given). */
export function mockFetch(routes: Record<string, unknown | { status: number; body: unknown }>) {
  const calls: string[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL) => {
    const url = typeof input === "string" ? input : input.toString();
    calls.push(url);
    const key = Object.keys(routes).find((k) => url.startsWith(k));
    if (!key) return new Response(JSON.stringify({ statusCode: 404, message: "not mocked" }), { status: 404 });
    const value = routes[key] as { status?: number; body?: unknown };
    const status = typeof value === "object" && value && "status" in value && "body" in value ? (value.status as number) : 200;
    const body = status !== 200 || (value && "body" in value) ? value.body : value;
    return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  }) as typeof fetch;
  return calls;
}
