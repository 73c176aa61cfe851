/** Availability (spec §8): "In Stock" when count_in_stock > 0, else "Out Of Stock"; services "Always". */
import { TEXT } from "@market/contract";
import { Badge } from "../../../components/ui/badge";

const NO_CAPS = { textTransform: "none" } as const;

function stockText(countInStock: number | undefined): string {
  return (countInStock ?? 0) > 0 ? TEXT.stock.inStock : TEXT.stock.outOfStock;
}

export function StockBadge({ countInStock, service = false }: { countInStock?: number; service?: boolean }) {
  if (service)
    return (
      <Badge color="naija" variant="light" style={NO_CAPS}>
        {TEXT.stock.always}
      </Badge>
    );
  const inStock = (countInStock ?? 0) > 0;
  return (
    <Badge color={inStock ? "naija" : "red"} variant="light" style={NO_CAPS}>
      {stockText(countInStock)}
    </Badge>
  );
}
