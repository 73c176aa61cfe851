import type { QueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { RouterProvider } from "react-router";
import { Providers } from "./providers";
import type { AppRouter } from "./router";

/**
 * The whole app. Once it has taken over the page (first commit: a server-drawn page is hydrated),
 * `<html data-app-ready>` says so: until then buttons drawn by the server do nothing (ADR 0072),
 * and the end-to-end tests wait for it after every page load.
 */
export function App({ queryClient, router }: { queryClient?: QueryClient; router: AppRouter }) {
  useEffect(() => {
    document.documentElement.dataset.appReady = "";
  }, []);
  return (
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  );
}
