/**
 * Create vs update mode of a back-office form (spec §4: a route with an id is update mode). Without
 * an id the form is reset to `empty`; with one it is filled from the loaded item once per item id,
 * so after an update the form keeps what the seller sees (spec §4 "Product form").
 */
import type { UseFormReturnType } from "@mantine/form";
import { useEffect, useRef } from "react";

export function useLoadForm<V extends Record<string, unknown>, T extends { _id: string }>(
  form: UseFormReturnType<V>,
  id: string | undefined,
  item: T | null | undefined,
  empty: V,
  toValues: (item: T) => V,
): void {
  const loadedFor = useRef<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: form, empty and toValues are stable per page
  useEffect(() => {
    if (!id) {
      loadedFor.current = null;
      form.setValues(empty);
      return;
    }
    if (item && loadedFor.current !== item._id) {
      loadedFor.current = item._id;
      form.setValues(toValues(item));
      form.resetDirty();
    }
  }, [id, item]);
}
