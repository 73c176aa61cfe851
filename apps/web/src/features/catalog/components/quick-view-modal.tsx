/**
 * Product quick-view popup (spec §2 "Product quick-view popup"): carousel, title, price in naira,
 * description cut to 250 characters, availability, quantity minus/plus (1..stock), "add to cart"
 * (then to /cart; signed-out shoppers go to /signin), the category line and "Sku: N/A".
 * A service shows "#category", Availability "Always", its Stars and "View More".
 */
import type { Post, Product } from "@market/contract";
import { lazy, Suspense } from "react";
import { LazyModal } from "../../../components/lazy-overlay";
import { itemTitle } from "./item-title";

/** The popup's content (carousel, quantity, add to cart) loads on first open (ADR 0051). */
const QuickViewBody = lazy(() => import("./quick-view-body"));

/** `image`: the picture the carousel opens at (the gallery's choice; default the first). */
export function QuickViewModal({ item, onClose, image = 0 }: { item: Product | Post | null; onClose: () => void; image?: number }) {
  return (
    <LazyModal
      opened={!!item}
      onClose={onClose}
      size="xl"
      title={item ? itemTitle(item) : ""}
      styles={{ body: { height: "60vh", overflowY: "auto" } }}
    >
      {item && (
        <Suspense fallback={null}>
          <QuickViewBody key={`${item._id}:${image}`} item={item} onClose={onClose} image={image} />
        </Suspense>
      )}
    </LazyModal>
  );
}
