/**
 * Heart button that adds a product to (or removes it from) the signed-in user's wishlist. Signed-out
 * shoppers are sent to /signin, like "add to cart" (spec §5). Place it beside a product's
 * Add To Cart button: `<WishlistButton productId={product._id} />`.
 *
 * Signed-out shoppers (and the server's first paint) get the empty heart alone; the wishlist query,
 * toggle and filled heart (wishlist-button-live.tsx) load only for signed-in shoppers, behind the
 * same empty heart (ADR 0051).
 */
import { IconHeart } from "@tabler/icons-react";
import { lazy, Suspense } from "react";
import { useNavigate } from "react-router";
import { IconButton } from "../../../components/ui/button";
import { useSession } from "../../../lib/session";

const LiveWishlistButton = lazy(() => import("./wishlist-button-live"));

type Size = "sm" | "md" | "lg" | "xl";

/** The empty heart, as the live button draws it for a product not in the list. */
function EmptyHeart({ size, onClick }: { size: Size; onClick?: () => void }) {
  return (
    <IconButton
      variant="default"
      size={size}
      radius="xl"
      aria-label="Add to wishlist"
      title="Add to wishlist"
      aria-pressed={false}
      onClick={onClick}
      data-testid="wishlist-button"
    >
      <IconHeart size="60%" />
    </IconButton>
  );
}

export function WishlistButton({ productId, size = "lg" }: { productId: string; size?: Size }) {
  const { isLogin } = useSession();
  const navigate = useNavigate();
  if (!isLogin) return <EmptyHeart size={size} onClick={() => navigate("/signin")} />;
  return (
    <Suspense fallback={<EmptyHeart size={size} />}>
      <LiveWishlistButton productId={productId} size={size} />
    </Suspense>
  );
}
