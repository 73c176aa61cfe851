/**
 * Mantine's Alert, loaded when first shown (ADR 0051). Storefront pages show an alert only when a
 * request failed or a list is empty, that is after a network answer, so its code (Alert and its
 * close button) need not be in their first load. Same props as Mantine's Alert.
 */
import type { AlertProps } from "@mantine/core";
import { lazy, type ReactNode, Suspense } from "react";

const MantineAlert = lazy(() => import("./lazy-alert.impl"));

export function LazyAlert(props: AlertProps & { children?: ReactNode; "data-testid"?: string }) {
  return (
    <Suspense fallback={null}>
      <MantineAlert {...props} />
    </Suspense>
  );
}
