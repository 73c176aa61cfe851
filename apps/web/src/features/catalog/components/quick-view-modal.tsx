/**
 * Product quick-view popup (spec §2 "Product quick-view popup"): carousel, title, price in naira,
 * description cut to 250 characters, availability, quantity minus/plus (1..stock), "add to cart"
 * (then to /cart; signed-out shoppers go to /signin), the category line and "Sku: N/A".
 * A service shows "#category", Availability "Always", its Stars and "View More". On a phone it
 * takes the whole screen, so the buy controls show at once (catalog.module.css, ADR 0188).
 */
import type { Post, Product } from "@market/contract";
import { lazy, Suspense } from "react";
import { LazyModal, preloadOverlay } from "../../../components/lazy-overlay";
import classes from "./catalog.module.css";
import { itemTitle } from "./item-title";

/** The popup's content (carousel, quantity, add to cart) loads on first open (ADR 0051). */
const loadBody = () => import("./quick-view-body");
const QuickViewBody = lazy(loadBody);

/**
 * Start loading the popup's code when a pointer or the focus reaches a quick-view button, so the
 * popup opens with its content instead of an empty box (ADR 0188).
 */
export function preloadQuickView(): void {
  preloadOverlay();
  loadBody().catch(() => undefined);
}

/** `image`: the picture the carousel opens at (the gallery's choice; default the first). */
export function QuickViewModal({ item, onClose, image = 0 }: { item: Product | Post | null; onClose: () => void; image?: number }) {
  return (
    <LazyModal
      opened={!!item}
      onClose={onClose}
      size="xl"
      title={item ? itemTitle(item) : ""}
      classNames={{ inner: classes.quickViewInner, content: classes.quickViewContent, body: classes.quickViewBody }}
      // The theme caps a modal's body at 60vh; this one sizes its own (60vh wide, the screen on a phone).
      styles={{ body: { maxHeight: "none" } }}
    >
      {item && (
        <Suspense fallback={null}>
          <QuickViewBody key={`${item._id}:${image}`} item={item} onClose={onClose} image={image} />
        </Suspense>
      )}
    </LazyModal>
  );
}
