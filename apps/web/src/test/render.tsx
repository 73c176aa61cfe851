/** Render a component inside the app's providers and a memory router (for page tests). */
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { createQueryClient, Providers } from "../app/providers";

/** The app's own query client and providers, for tests that wire them themselves (features do not import app/). */
export { createQueryClient, Providers };

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
