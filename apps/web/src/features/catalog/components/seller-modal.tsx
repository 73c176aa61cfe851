/**
 * Seller popup (spec §2 "Seller popup", §4 "Follow", §5): picture, names, @username, blue-tick
 * badge, description cut to 200 characters, follower count, verified e-mail and phone icons, the
 * seller's categories as "#name", a WhatsApp chat link and the Follow/Following toggle.
 * Following yourself shows the "Quick Notice"; signed-out shoppers are sent to /signin.
 */
import type { Seller } from "@market/contract";
import { lazy, Suspense } from "react";
import { LazyModal } from "../../../components/lazy-overlay";

/** The popup's content (avatar, badges, tooltips, follow toggle) loads on first open (ADR 0051). */
const SellerCard = lazy(() => import("./seller-card"));

export function SellerModal({ seller, opened, onClose }: { seller: Seller; opened: boolean; onClose: () => void }) {
  return (
    <LazyModal opened={opened} onClose={onClose} title="Business Owner" size="md">
      <Suspense fallback={null}>
        <SellerCard seller={seller} />
      </Suspense>
    </LazyModal>
  );
}
