import type { QueryClient } from "@tanstack/react-query";
import { RouterProvider } from "react-router";
import { Providers } from "./providers";
import { router } from "./router";

export function App({ queryClient }: { queryClient?: QueryClient }) {
  return (
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  );
}
