/** App-wide providers: Mantine (theme, modals, notifications) and TanStack Query. */
import { MantineProvider } from "@mantine/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import { ApiError } from "../lib/api";
import { theme } from "./theme";

/** Notifications and modals render from their own chunk, fetched right after the first page (ADR 0051). */
const OverlayHosts = lazy(() => import("./overlay-hosts"));

/**
 * False on the server and in the first render, true once the browser is idle after it: the
 * overlay hosts (and their stylesheet, whose insertion restyles the whole page) wait until the
 * page has been hydrated instead of adding to that work (ADR 0072). Notifications shown before
 * are kept by Mantine's store and appear when the host mounts.
 */
function useAfterFirstIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback !== "function") {
      const timer = setTimeout(() => setIdle(true), 50);
      return () => clearTimeout(timer);
    }
    const id = window.requestIdleCallback(() => setIdle(true), { timeout: 2_000 });
    return () => window.cancelIdleCallback(id);
  }, []);
  return idle;
}

/**
 * A fresh QueryClient: no retries of 4xx answers, one retry of network/5xx failures in the browser;
 * none on the server (`server: true`, entry-server.tsx: the browser asks again instead).
 */
export function createQueryClient({ server = false }: { server?: boolean } = {}) {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (count, err) => !server && !(err instanceof ApiError && err.statusCode >= 400 && err.statusCode < 500) && count < 1,
      },
    },
  });
}

export function Providers({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const overlays = useAfterFirstIdle();
  return (
    <QueryClientProvider client={client}>
      <MantineProvider theme={theme}>
        {children}
        {overlays && (
          <Suspense fallback={null}>
            <OverlayHosts />
          </Suspense>
        )}
      </MantineProvider>
    </QueryClientProvider>
  );
}
