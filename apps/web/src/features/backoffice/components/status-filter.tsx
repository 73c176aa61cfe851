/** The status filter above a back-office list: Mantine's SegmentedControl, small enough on a phone for five choices. */
import { SegmentedControl } from "@mantine/core";
import { useIsPhone } from "../lib/use-is-phone";

export function StatusFilter<T extends string>({
  value,
  onChange,
  data,
}: {
  value: T;
  onChange: (value: T) => void;
  data: Array<{ value: T; label: string }>;
}) {
  const phone = useIsPhone();
  return <SegmentedControl mb="md" size={phone ? "xs" : "sm"} value={value} onChange={(v) => onChange(v as T)} data={data} />;
}
