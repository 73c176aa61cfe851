/** App-wide providers: Mantine (theme, notifications) and TanStack Query. */
import { MantineProvider } from "@mantine/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense, useState } from "react";
import { ApiError } from "../lib/api";
import { useNotificationsHostWanted } from "../lib/notify";
import { cssVariablesResolver, theme } from "./theme";

/** The notifications host renders from its own chunk, mounted with the first alert (lib/notify.ts, ADR 0073). */
const OverlayHosts = lazy(() => import("./overlay-hosts"));

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
  const overlays = useNotificationsHostWanted();
  return (
    <QueryClientProvider client={client}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
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
