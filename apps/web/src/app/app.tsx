import type { QueryClient } from "@tanstack/react-query";
import { RouterProvider } from "react-router";
import { Providers } from "./providers";
import type { AppRouter } from "./router";

/**
 * The whole app. `<html data-app-ready>` (components/app-ready.tsx, set by the layouts) says when the routed
 * screen has been hydrated: until then buttons drawn by the server do nothing (ADR 0072).
 */
export function App({ queryClient, router }: { queryClient?: QueryClient; router: AppRouter }) {
  return (
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  );
}
