import { useMediaQuery } from "@mantine/hooks";

/** True below Mantine's `sm` breakpoint (48em): lists render as cards instead of wide tables. */
export function useIsPhone(): boolean {
  return useMediaQuery("(max-width: 47.99em)") ?? false;
}
